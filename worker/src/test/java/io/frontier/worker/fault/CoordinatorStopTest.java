package io.frontier.worker.fault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The stop fault in a real child JVM: it halts the process, with the kill -9 exit status. */
@Timeout(60)
class CoordinatorStopTest {

    private record Outcome(int exitCode, String stdout, String stderr) {
    }

    private static Outcome probe(String plan, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), StopProbe.class.getName()));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put(FaultPlan.ENVIRONMENT_VARIABLE, plan);
        Process process = builder.start();
        process.getOutputStream().close();
        byte[] stdout = process.getInputStream().readAllBytes();
        byte[] stderr = process.getErrorStream().readAllBytes();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the probe did not end");
        }
        return new Outcome(process.exitValue(), new String(stdout, StandardCharsets.UTF_8),
                new String(stderr, StandardCharsets.UTF_8));
    }

    @Test
    void aCoordinatorHaltsWithTheKillStatusAtThePlannedArrivalAndNotBefore() throws Exception {
        Outcome outcome = probe("coordinator.stop@0:point=after-begin-commit:on=2", "0", "after-begin-commit", "3");

        assertThat(outcome.exitCode()).isEqualTo(FaultPlan.HALT_STATUS).isEqualTo(137);
        assertThat(outcome.stdout()).isEqualTo("survived 1\n");
        assertThat(outcome.stderr()).contains("fault injected: coordinator rank 0 stops at after-begin-commit");
    }

    @Test
    void aCoordinatorOfAnotherRankRunsOn() throws Exception {
        Outcome outcome = probe("coordinator.stop@1:point=after-begin-commit", "0", "after-begin-commit", "2");

        assertThat(outcome.exitCode()).isZero();
        assertThat(outcome.stdout()).isEqualTo("survived 1\nsurvived 2\n");
    }
}
