package io.frontier.tools.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.frontier.store.view.ExecutorTallies;
import io.frontier.store.view.ExecutorTally;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class StatusReportTest {

    @Test
    void eachExecutorKindsShareOfWorkerTimeAndNewEdgesPerSecondComeFromItsCounts() {
        SortedMap<String, ExecutorTally> kinds = new TreeMap<>();
        kinds.put("afl_session", new ExecutorTally(6, 60_000, 40, 10, 0, 0, 30));
        kinds.put("symcc", new ExecutorTally(200, 20_000, 900, 800, 5, 0, 50));
        SortedMap<String, SortedMap<String, ExecutorTally>> byOwner = new TreeMap<>();
        byOwner.put("epoch-1/rank-0", kinds);

        StatusReport.Executors executors = StatusReport.Executors.of(new ExecutorTallies(byOwner, List.of()));

        StatusReport.ExecutorFigures session = executors.kinds().get(0);
        assertThat(session.executor()).isEqualTo("afl_session");
        assertThat(session.timePercent()).isCloseTo(75.0, within(1e-9));
        assertThat(session.newEdgesPerSecond()).isCloseTo(0.5, within(1e-9));
        StatusReport.ExecutorFigures symcc = executors.kinds().get(1);
        assertThat(symcc.timePercent()).isCloseTo(25.0, within(1e-9));
        assertThat(symcc.newEdgesPerSecond()).isCloseTo(2.5, within(1e-9));
        assertThat(executors.all().timePercent()).isCloseTo(100.0, within(1e-9));
    }
}
