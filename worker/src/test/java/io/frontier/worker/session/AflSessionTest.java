package io.frontier.worker.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.executor.AflSessionConfig;
import io.frontier.worker.executor.AflTools;
import io.frontier.worker.executor.ChildEnvironment;
import io.frontier.worker.executor.ExecutorException;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ResourceLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a session refuses before it launches anything; runs without AFL++. */
class AflSessionTest {

    /** Never launched: every case here is refused first. */
    private static final AflTools TOOLS = new AflTools(Path.of("/nonexistent/afl-fuzz"), Path.of("/nonexistent/afl-showmap"));

    @TempDir
    Path dir;

    @Test
    void theNameMustBeADirectoryNameOtherThanTheFeeds() throws IOException {
        Path seed = Files.writeString(dir.resolve("seed"), "x");
        for (String name : List.of("", "../up", "-M", "frontier", "a b", "x".repeat(33))) {
            assertThatThrownBy(() -> start(dir.resolve("session"), name, List.of(seed)))
                    .as("name '%s'", name).isInstanceOf(ExecutorException.class)
                    .hasMessageStartingWith("afl session name must be");
        }
        assertThat(dir.resolve("session")).doesNotExist();
    }

    @Test
    void theDirectoryMustBeAbsentOrEmpty() throws IOException {
        Path seed = Files.writeString(dir.resolve("seed"), "x");
        Path used = Files.createDirectories(dir.resolve("used"));
        Files.writeString(used.resolve("left-over"), "y");

        assertThatThrownBy(() -> start(used, "w0", List.of(seed))).isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("afl session directory is not empty");
    }

    @Test
    void aSessionNeedsASeedAflCanStartFrom() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty"), "");

        assertThatThrownBy(() -> start(dir.resolve("a"), "w0", List.of(empty))).isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("afl session needs a seed of 1 byte to 1 MiB");
        assertThatThrownBy(() -> start(dir.resolve("b"), "w0", List.of())).isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("afl session needs a seed of 1 byte to 1 MiB");
        assertThatThrownBy(() -> start(dir.resolve("c"), "w0", List.of(dir.resolve("missing"))))
                .isInstanceOf(ExecutorException.class).hasMessageStartingWith("afl session seed is not a readable regular file");
    }

    private AflSession start(Path directory, String name, List<Path> seeds) {
        AflSessionConfig config = new AflSessionConfig("/bin/cat", List.of("@@"), 10, 1000, 0, null, Map.of(),
                ResourceLimits.NONE);
        return AflSession.start(config, TOOLS, ProcessRunner.onThisMachine(), ChildEnvironment.ofThisProcess(), directory,
                name, seeds);
    }
}
