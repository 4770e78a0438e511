package io.frontier.worker.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.record.ResultId;
import io.frontier.worker.rank.ScratchDirectory.RunDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchDirectoryTest {

    @TempDir
    Path root;

    @Test
    void aRankDirectoryHasOneOwnerAtATime() {
        try (ScratchDirectory first = ScratchDirectory.claim(root, 4)) {
            assertThat(first.directory()).isEqualTo(root.resolve("rank-4"));
            assertThatThrownBy(() -> ScratchDirectory.claim(root, 4)).isInstanceOf(WorkerException.class)
                    .hasMessageStartingWith("scratch directory is in use by another worker").hasMessageContaining("rank=4");
            try (ScratchDirectory other = ScratchDirectory.claim(root, 5)) {
                assertThat(other.directory()).isEqualTo(root.resolve("rank-5"));
            }
        }
        try (ScratchDirectory again = ScratchDirectory.claim(root, 4)) {
            assertThat(again.directory()).isDirectory();
        }
    }

    @Test
    void whatADeadWorkerLeftIsRemovedOnClaimAndEverythingOnClose() throws Exception {
        Files.createDirectories(root.resolve("rank-4/run-old/outputs"));
        Files.writeString(root.resolve("rank-4/run-old/outputs/000000"), "left over");

        ScratchDirectory scratch = ScratchDirectory.claim(root, 4);
        assertThat(scratch.directory()).isEmptyDirectory();
        RunDirectory run = scratch.newRun(ResultId.random());
        Files.createDirectories(run.outputs());
        Files.writeString(run.outputs().resolve("child"), "child");
        scratch.close();

        assertThat(root.resolve("rank-4")).doesNotExist();
    }

    @Test
    void removingARunNeverFollowsALinkTheTargetLeft() throws Exception {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.writeString(outside.resolve("precious"), "keep me");
        try (ScratchDirectory scratch = ScratchDirectory.claim(root, 1)) {
            ResultId result = ResultId.random();
            RunDirectory run = scratch.newRun(result);
            Files.createDirectories(run.outputs());
            Files.createSymbolicLink(run.outputs().resolve("link"), outside);

            scratch.removeRun(result);

            assertThat(run.path()).doesNotExist();
        }
        assertThat(outside.resolve("precious")).hasContent("keep me");
    }
}
