package io.frontier.worker.executor.process;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminationTest {

    @Test
    void jdkValuesAboveOneHundredTwentyEightUpToTheLastSignalAreSignals() {
        assertThat(Termination.fromJdkExitValue(0)).isEqualTo(new Termination.Exited(0));
        assertThat(Termination.fromJdkExitValue(128)).isEqualTo(new Termination.Exited(128));
        assertThat(Termination.fromJdkExitValue(129)).isEqualTo(new Termination.Signaled(1));
        assertThat(Termination.fromJdkExitValue(139)).isEqualTo(new Termination.Signaled(Signals.SIGSEGV));
        assertThat(Termination.fromJdkExitValue(192)).isEqualTo(new Termination.Signaled(Signals.MAX));
        assertThat(Termination.fromJdkExitValue(193)).isEqualTo(new Termination.Exited(193));
        assertThat(Termination.fromJdkExitValue(255)).isEqualTo(new Termination.Exited(255));
    }

    @Test
    void signalsPrintByName() {
        assertThat(new Termination.Signaled(Signals.SIGABRT)).hasToString("SIGABRT");
        assertThat(new Termination.Signaled(40)).hasToString("signal 40");
        assertThat(new Termination.Exited(3)).hasToString("exit 3");
    }
}
