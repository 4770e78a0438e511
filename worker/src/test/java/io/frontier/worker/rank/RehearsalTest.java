package io.frontier.worker.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Result;
import io.frontier.worker.executor.ExecutorFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rehearsal with the real rehearsal executor, a real shell process and a real scratch directory. */
class RehearsalTest {

    @TempDir
    Path root;

    private final DurableFiles files = new DurableFiles(new Fsync());

    @Test
    void theRehearsalRunsTheShellThroughTheRunnerAndStagesItsOneOutput() {
        try (ScratchDirectory scratch = ScratchDirectory.claim(root.resolve("scratch"), 2, 5)) {
            Result result = Rehearsal.run(scratch, ExecutorFactory.onThisMachine().rehearsal(), 2, 5, files);

            byte[] output = "frontier rehearsal output\n".getBytes(StandardCharsets.US_ASCII);
            assertThat(result.children()).containsExactly(
                    DeclaredChild.untriaged(ContentHasher.hash(output).digest(), output.length));
            assertThat(result.generated()).isEqualTo(1);
            assertThat(result.execution().exitKind()).isEqualTo("ok");
            assertThat(result.input()).isEqualTo(ContentHasher.hash(
                    "frontier rehearsal input\n".getBytes(StandardCharsets.US_ASCII)).digest());
        }
    }

    @Test
    void aRehearsalLeavesNothingInTheScratchDirectory() throws Exception {
        try (ScratchDirectory scratch = ScratchDirectory.claim(root.resolve("scratch"), 1, 3)) {
            Rehearsal.run(scratch, ExecutorFactory.onThisMachine().rehearsal(), 1, 3, files);

            assertThat(entries(scratch.directory())).isEmpty();
        }
    }

    @Test
    void aFailedRehearsalSaysWhereAndStillLeavesNothingBehind() throws Exception {
        try (ScratchDirectory scratch = ScratchDirectory.claim(root.resolve("scratch"), 1, 3)) {
            // A file where the rehearsal's corpus directory must go: creating it fails.
            Path home = Files.createDirectories(scratch.directory().resolve(Rehearsal.DIRECTORY));
            Files.writeString(home.resolve("corpus"), "in the way");

            assertThatThrownBy(() -> Rehearsal.run(scratch, ExecutorFactory.onThisMachine().rehearsal(), 1, 3, files))
                    .isInstanceOf(WorkerException.class)
                    .hasMessageContaining("rehearsal input cannot be written")
                    .hasMessageContaining(home.resolve("corpus").toString());
            assertThat(entries(scratch.directory())).isEmpty();
        }
    }

    private static List<String> entries(Path directory) throws IOException {
        try (Stream<Path> listed = Files.list(directory)) {
            return listed.map(path -> path.getFileName().toString()).toList();
        }
    }
}
