package io.frontier.worker.executor.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InheritedCoreLimitTest {

    private static final String HEADER = "Limit                     Soft Limit           Hard Limit           Units     \n";

    @TempDir
    Path dir;

    @Test
    void offOnlyWhenSoftAndHardCoreLimitsAreBothZero() {
        assertThat(InheritedCoreLimit.offIn(limits("0", "0"))).isTrue();
        assertThat(InheritedCoreLimit.offIn(limits("0", "unlimited"))).isFalse();
        assertThat(InheritedCoreLimit.offIn(limits("unlimited", "unlimited"))).isFalse();
        assertThat(InheritedCoreLimit.offIn(limits("4096", "4096"))).isFalse();
        assertThat(InheritedCoreLimit.offIn(HEADER)).as("no core line").isFalse();
    }

    @Test
    void aProcessStartedUnderPrlimitCoreZeroSeesItsCoreDumpsOff() throws Exception {
        Path limits = dir.resolve("limits");
        Process child = new ProcessBuilder(SystemTools.find().prlimit().toString(), "--core=0", "--", "sh", "-c",
                "cat /proc/self/limits > '" + limits + "'").start();
        assertThat(child.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isZero();

        assertThat(InheritedCoreLimit.offIn(Files.readString(limits, StandardCharsets.US_ASCII))).isTrue();
    }

    private static String limits(String soft, String hard) {
        return HEADER
                + "Max cpu time              unlimited            unlimited            seconds   \n"
                + String.format("Max core file size        %-20s %-20s bytes     %n", soft, hard)
                + "Max resident set          unlimited            unlimited            bytes     \n";
    }
}
