package io.frontier.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;

/** Builds a test's C program with afl-cc, as a coverage build for triage. */
public final class AflBuild {

    private AflBuild() {
    }

    /** Compiles {@code source} into {@code binary} with afl-cc; fails the test with afl-cc's output if it cannot. */
    public static Path compile(Path source, Path binary) throws IOException, InterruptedException {
        Process build = new ProcessBuilder("afl-cc", "-O0", "-o", binary.toString(), source.toString())
                .redirectErrorStream(true).start();
        String output = new String(build.getInputStream().readAllBytes());
        assertThat(build.waitFor()).as("afl-cc: %s", output).isZero();
        return binary;
    }
}
