package io.frontier.tools.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.rank.WorkerFigures;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkersBusyTest {

    private static Map<String, Long> figures(long execution, long triage, long wall) {
        return Map.of(WorkerFigures.EXECUTION_MILLIS, execution, WorkerFigures.TRIAGE_MILLIS, triage,
                WorkerFigures.WALL_MILLIS, wall, WorkerFigures.EXECUTIONS, 3L);
    }

    @Test
    void eachWorkersBusyFractionIsItsExecutionTimeOverItsWallTimeWithTriageApart() {
        WorkersBusy busy = WorkersBusy.of(Map.of(1, figures(900, 50, 1000), 2, figures(300, 0, 600)));

        assertThat(busy.workers().get(1)).isEqualTo(new Busy(900, 50, 1000, 0.9, 0.05));
        assertThat(busy.workers().get(2)).isEqualTo(new Busy(300, 0, 600, 0.5, 0.0));
        assertThat(busy.overall()).as("sums over sums, not a mean of fractions")
                .isEqualTo(new Busy(1200, 50, 1600, 0.75, 50 / 1600.0));
    }

    @Test
    void aWorkerWithoutWallTimeHasNoFractionAndOneWithoutTheFiguresIsLeftOut() {
        WorkersBusy busy = WorkersBusy.of(Map.of(1, figures(0, 0, 0), 2, Map.of(WorkerFigures.EXECUTIONS, 4L),
                3, figures(250, 0, 1000)));

        assertThat(busy.workers()).containsOnlyKeys(1, 3);
        assertThat(busy.workers().get(1).busyFraction()).isNull();
        assertThat(busy.overall().busyFraction()).isEqualTo(0.25);
        assertThat(WorkersBusy.of(Map.of()).overall().busyFraction()).isNull();
    }

    @Test
    void describedInPercentWithTheTimesBehindThem() {
        WorkersBusy busy = WorkersBusy.of(Map.of(2, figures(300, 0, 600), 1, figures(934, 120, 1000)));

        assertThat(busy.describe()).isEqualTo("workers busy 77.1% (executions 1.2s of 1.6s; triage probes 0.1s, 7.5%);"
                + " by rank: 1 93.4%, 2 50.0%");
    }

    @Test
    void negativeTimesAreRefused() {
        assertThatThrownBy(() -> Busy.of(-1, 0, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
