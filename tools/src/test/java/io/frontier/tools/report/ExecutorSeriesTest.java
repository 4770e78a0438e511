package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExecutorSeriesTest {

    /** 2027-01-15T08:00:00Z. */
    private static final long T0 = 1_800_000_000_000L;

    private static long executions(List<ReportData.SeriesPoint> points, String executor) {
        return points.stream().mapToLong(point -> point.byExecutor().get(executor).executions()).sum();
    }

    @Test
    void resultsAreSummedPerExecutorKindInBucketsOfCampaignTimeFromTheFirstCommit() {
        ExecutorSeries series = new ExecutorSeries();
        series.add(T0, "afl", 3);
        series.add(T0 + 999, "symcc", 1);
        series.add(T0 + 1_000, "afl", 0);
        series.add(T0 + 1_001, "afl", 2);
        series.add(T0 + 3_500, "symcc", 5);

        List<ReportData.SeriesPoint> points = series.points();

        assertThat(series.width()).as("a short campaign: 1-s buckets").isEqualTo(1_000);
        assertThat(series.executors()).containsExactly("afl", "symcc");
        assertThat(points).extracting(ReportData.SeriesPoint::seconds).containsExactly(0.0, 1.0, 2.0, 3.0);
        assertThat(points.get(0).at()).isEqualTo("2027-01-15T08:00:00Z");
        assertThat(points.get(0).byExecutor()).containsEntry("afl", new ReportData.ExecutorBucket(1, 3))
                .containsEntry("symcc", new ReportData.ExecutorBucket(1, 1));
        assertThat(points.get(1).byExecutor()).containsEntry("afl", new ReportData.ExecutorBucket(2, 2))
                .containsEntry("symcc", new ReportData.ExecutorBucket(0, 0));
        assertThat(points.get(2).byExecutor()).as("an empty bucket is a point of zeros")
                .containsEntry("afl", new ReportData.ExecutorBucket(0, 0))
                .containsEntry("symcc", new ReportData.ExecutorBucket(0, 0));
        assertThat(points.get(3).byExecutor()).containsEntry("symcc", new ReportData.ExecutorBucket(1, 5));
    }

    @Test
    void aThreeMinuteCampaignHasFiveSecondBuckets() {
        ExecutorSeries series = new ExecutorSeries();
        series.add(T0, "afl", 1);
        series.add(T0 + 180_000, "afl", 1);

        assertThat(series.width()).isEqualTo(5_000);
        assertThat(series.points()).hasSize(37);
    }

    @Test
    void theWidthStepsUpTheLadderAsTheCampaignGrowsAndKeepsEveryResult() {
        ExecutorSeries series = new ExecutorSeries();
        for (int i = 0; i < 120; i++) {
            series.add(T0 + i * 10_000L, "afl", 1);
        }
        assertThat(series.width()).as("20 minutes are 80 buckets of 15 s, 40 of 30 s").isEqualTo(30_000);
        assertThat(series.points()).hasSize(40);

        series.add(T0 + 2 * 3_600_000L, "command", 7);

        List<ReportData.SeriesPoint> points = series.points();
        assertThat(series.width()).as("2 hours are 120 buckets of 1 min, 24 of 5 min").isEqualTo(300_000);
        assertThat(points).hasSize(25);
        assertThat(executions(points, "afl")).isEqualTo(120);
        assertThat(points.get(0).byExecutor().get("afl")).as("the first 5 minutes: one result every 10 s")
                .isEqualTo(new ReportData.ExecutorBucket(30, 30));
        assertThat(points.get(24).byExecutor().get("command")).isEqualTo(new ReportData.ExecutorBucket(1, 7));
        assertThat(points.get(24).seconds()).isEqualTo(7200.0);
    }

    @Test
    void aResultCommittedBeforeTheFirstOneOpensAnEarlierBucket() {
        ExecutorSeries series = new ExecutorSeries();
        series.add(T0, "afl", 0);
        series.add(T0 - 1, "afl", 4);

        List<ReportData.SeriesPoint> points = series.points();

        assertThat(points).extracting(ReportData.SeriesPoint::seconds).containsExactly(0.0, 1.0);
        assertThat(points.get(0).at()).isEqualTo("2027-01-15T07:59:59Z");
        assertThat(points.get(0).byExecutor().get("afl")).isEqualTo(new ReportData.ExecutorBucket(1, 4));
    }

    @Test
    void nothingCommittedIsNoPoint() {
        assertThat(new ExecutorSeries().points()).isEmpty();
    }
}
