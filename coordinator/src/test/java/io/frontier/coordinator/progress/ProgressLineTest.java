package io.frontier.coordinator.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressLineTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theRateIsTheExecutionsNotTheItemsDoneSinceThePreviousLineOverItsInterval() {
        Deque<ProgressSnapshot> readings = new ArrayDeque<>();
        readings.add(new ProgressSnapshot(110, 100, 40, List.of(33L, 4L, 2L, 1L), 4, 120, 0, 0, 0, 0, 0,
                Map.of(0, 60L, 1, 40L)));
        readings.add(new ProgressSnapshot(170, 150, 30, List.of(23L, 4L, 2L, 1L), 4, 131, 2, 1, 0, 0, 0,
                Map.of(0, 80L, 1, 70L)));
        ProgressLine line = new ProgressLine(readings::poll, 0, 4);

        String first = line.next(10 * SECOND);
        String second = line.next(20 * SECOND);

        assertThat(first).isEqualTo("progress: 0m10s, 110 executions (-/s), 100 done, workers busy 0%, frontier 40 pending"
                + " (new-coverage 33, redundant 4, retry 2, repeat 1) + 4 running, children redundant -, edges 120,"
                + " findings 0, invalid 0, load c0=60 (60%) c1=40 (40%)");
        assertThat(second).isEqualTo("progress: 0m20s, 170 executions (6.0/s), 150 done, workers busy 0%, frontier 30 pending"
                + " (new-coverage 23, redundant 4, retry 2, repeat 1) + 4 running, children redundant -, edges 131,"
                + " findings 2, invalid 1, load c0=80 (53%) c1=70 (47%)");
    }

    @Test
    void busyIsThisJobsExecutionTimeOverTheWorkersTimeSinceTheStart() {
        // 4 workers for 20 s are 80 s of worker time; 60 s of it ran the target.
        ProgressLine line = new ProgressLine(() -> new ProgressSnapshot(0, 0, 0, List.of(0L, 0L, 0L, 0L), 0, 0, 0, 0, 0, 0,
                60_000, Map.of()), 5 * SECOND, 4);

        assertThat(line.next(25 * SECOND)).contains(", workers busy 75%, ");
    }

    @Test
    void theRedundantRatioIsTheRedundantChildrenOverEveryChildDeclared() {
        ProgressLine line = new ProgressLine(() -> new ProgressSnapshot(0, 0, 0, List.of(0L, 0L, 0L, 0L), 0, 0, 0, 0, 40, 12,
                0, Map.of()), 0, 2);

        assertThat(line.next(SECOND)).contains(", children redundant 30%, ");
    }

    @Test
    void longJobsShowHours() {
        ProgressLine line = new ProgressLine(() -> new ProgressSnapshot(0, 0, 0, List.of(0L, 0L, 0L, 0L), 0, 0, 0, 0, 0, 0, 0,
                Map.of()), 0, 1);

        assertThat(line.next(3 * 3600 * SECOND + 61 * SECOND)).startsWith("progress: 3h01m01s,").endsWith("load -");
    }
}
