package io.frontier.coordinator.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressLineTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theRateIsTheExecutionsSinceThePreviousLineOverItsInterval() {
        Deque<ProgressSnapshot> readings = new ArrayDeque<>();
        readings.add(new ProgressSnapshot(100, 40, 7, 4, 120, 0, 0, Map.of(0, 60L, 1, 40L)));
        readings.add(new ProgressSnapshot(150, 30, 7, 4, 131, 2, 1, Map.of(0, 80L, 1, 70L)));
        ProgressLine line = new ProgressLine(readings::poll, 0);

        String first = line.next(10 * SECOND);
        String second = line.next(20 * SECOND);

        assertThat(first).isEqualTo("progress: 0m10s, 100 executions (-/s), frontier 40 pending (7 in lower tiers) + 4 running,"
                + " edges 120, findings 0, invalid 0, load c0=60 (60%) c1=40 (40%)");
        assertThat(second).isEqualTo("progress: 0m20s, 150 executions (5.0/s), frontier 30 pending (7 in lower tiers) + 4 running,"
                + " edges 131, findings 2, invalid 1, load c0=80 (53%) c1=70 (47%)");
    }

    @Test
    void longJobsShowHours() {
        ProgressLine line = new ProgressLine(() -> new ProgressSnapshot(0, 0, 0, 0, 0, 0, 0, Map.of()), 0);

        assertThat(line.next(3 * 3600 * SECOND + 61 * SECOND)).startsWith("progress: 3h01m01s,").endsWith("load -");
    }
}
