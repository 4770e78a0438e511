package io.frontier.worker.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.worker.executor.process.OutputTail;
import io.frontier.worker.executor.process.ProcessResult;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Signals;
import io.frontier.worker.executor.process.Termination;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ExitClassifierTest {

    private static ExitKind classify(Termination termination, boolean timedOut, String stderr) {
        OutputTail none = new OutputTail("", 0, false, true);
        OutputTail error = new OutputTail(stderr, stderr.length(), false, true);
        return ExitClassifier.classify(new ProcessResult(1, termination, Duration.ofMillis(5), timedOut,
                ResourceLimits.NONE, none, error));
    }

    private static Termination signal(int number) {
        return new Termination.Signaled(number);
    }

    private static Termination exit(int code) {
        return new Termination.Exited(code);
    }

    @Test
    void theTimeLimitWinsOverHowTheProcessEnded() {
        assertThat(classify(signal(Signals.SIGKILL), true, "")).isEqualTo(ExitKind.TIMEOUT);
        assertThat(classify(exit(0), true, "")).isEqualTo(ExitKind.TIMEOUT);
        assertThat(classify(signal(Signals.SIGXCPU), false, "")).isEqualTo(ExitKind.TIMEOUT);
    }

    @Test
    void faultSignalsAreCrashes() {
        for (int fault : new int[] {Signals.SIGILL, Signals.SIGTRAP, Signals.SIGABRT, Signals.SIGBUS, Signals.SIGFPE,
                Signals.SIGSEGV, Signals.SIGSYS}) {
            assertThat(classify(signal(fault), false, "")).as(Signals.name(fault)).isEqualTo(ExitKind.CRASH);
        }
    }

    @Test
    void spaceLimitsAndForeignSigkillAreOom() {
        assertThat(classify(signal(Signals.SIGKILL), false, "")).isEqualTo(ExitKind.OOM);
        assertThat(classify(signal(Signals.SIGXFSZ), false, "")).isEqualTo(ExitKind.OOM);
        assertThat(classify(signal(Signals.SIGABRT), false,
                "terminate called after throwing an instance of 'std::bad_alloc'\n")).isEqualTo(ExitKind.OOM);
        assertThat(classify(exit(1), false, "bash: xrealloc: cannot allocate 95457280 bytes")).isEqualTo(ExitKind.OOM);
        assertThat(classify(exit(1), false, "ERROR: AddressSanitizer: allocator is Out Of Memory")).isEqualTo(ExitKind.OOM);
    }

    @Test
    void allocationMessagesCountOnlyWhenTheRunFailed() {
        assertThat(classify(exit(0), false, "warning: out of memory, retrying smaller")).isEqualTo(ExitKind.OK);
        assertThat(classify(signal(Signals.SIGSEGV), false, "cannot allocate")).isEqualTo(ExitKind.CRASH);
    }

    @Test
    void otherSignalsAreKilled() {
        for (int other : new int[] {Signals.SIGHUP, Signals.SIGINT, Signals.SIGQUIT, Signals.SIGPIPE, Signals.SIGALRM,
                Signals.SIGTERM, 10, 40}) {
            assertThat(classify(signal(other), false, "")).as(Signals.name(other)).isEqualTo(ExitKind.KILLED);
        }
    }

    @Test
    void exitsAreOkWhateverTheirCode() {
        assertThat(classify(exit(0), false, "")).isEqualTo(ExitKind.OK);
        assertThat(classify(exit(1), false, "some error")).isEqualTo(ExitKind.OK);
        assertThat(classify(exit(255), false, "")).isEqualTo(ExitKind.OK);
    }
}
