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
        try (ScratchDirectory first = ScratchDirectory.claim(root, 1, 4)) {
            assertThat(first.directory()).isEqualTo(root.resolve("epoch-1/rank-4"));
            assertThatThrownBy(() -> ScratchDirectory.claim(root, 1, 4)).isInstanceOf(WorkerException.class)
                    .hasMessageStartingWith("scratch directory is in use by another worker").hasMessageContaining("rank=4");
            try (ScratchDirectory other = ScratchDirectory.claim(root, 1, 5)) {
                assertThat(other.directory()).isEqualTo(root.resolve("epoch-1/rank-5"));
            }
        }
        try (ScratchDirectory again = ScratchDirectory.claim(root, 1, 4)) {
            assertThat(again.directory()).isDirectory();
        }
    }

    @Test
    void whatADeadWorkerLeftIsRemovedOnClaimAndEverythingOnClose() throws Exception {
        Files.createDirectories(root.resolve("epoch-1/rank-4/run-old/outputs"));
        Files.writeString(root.resolve("epoch-1/rank-4/run-old/outputs/000000"), "left over");

        ScratchDirectory scratch = ScratchDirectory.claim(root, 1, 4);
        assertThat(scratch.directory()).isEmptyDirectory();
        RunDirectory run = scratch.newRun(ResultId.random());
        Files.createDirectories(run.outputs());
        Files.writeString(run.outputs().resolve("child"), "child");
        scratch.close();

        assertThat(root.resolve("epoch-1/rank-4")).doesNotExist();
    }

    @Test
    void aLiveWorkerOfAFencedJobDoesNotKeepTheNextJobsWorkerOfTheSameRankFromStarting() {
        try (ScratchDirectory fenced = ScratchDirectory.claim(root, 3, 4);
             ScratchDirectory next = ScratchDirectory.claim(root, 4, 4)) {
            assertThat(next.directory()).isEqualTo(root.resolve("epoch-4/rank-4"));
            assertThat(fenced.directory()).as("still its owner's").isDirectory();
        }
    }

    @Test
    void whatDeadWorkersOfEarlierJobsLeftIsRemovedByTheNextClaimOfTheirRank() throws Exception {
        Files.createDirectories(root.resolve("epoch-1/rank-4/run-old"));
        Files.createFile(root.resolve("epoch-1/rank-4.lock"));
        Files.createDirectories(root.resolve("epoch-1/rank-5/run-old"));
        Files.createFile(root.resolve("epoch-1/rank-5.lock"));

        try (ScratchDirectory alive = ScratchDirectory.claim(root, 2, 4);
             ScratchDirectory scratch = ScratchDirectory.claim(root, 3, 4)) {
            assertThat(root.resolve("epoch-1/rank-4")).doesNotExist();
            assertThat(root.resolve("epoch-1/rank-4.lock")).doesNotExist();
            assertThat(root.resolve("epoch-1/rank-5")).as("another rank's").isDirectory();
            assertThat(root.resolve("epoch-2/rank-4")).as("its worker is alive: this JVM holds the lock").isDirectory();
        }
    }

    @Test
    void removingARunNeverFollowsALinkTheTargetLeft() throws Exception {
        Path outside = Files.createDirectories(root.resolve("outside"));
        Files.writeString(outside.resolve("precious"), "keep me");
        try (ScratchDirectory scratch = ScratchDirectory.claim(root, 1, 1)) {
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
