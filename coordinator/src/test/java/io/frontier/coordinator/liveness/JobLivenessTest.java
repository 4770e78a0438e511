package io.frontier.coordinator.liveness;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.JobHeartbeat;
import org.junit.jupiter.api.Test;

class JobLivenessTest {

    private static final double T0 = 1_000_000.0;
    private static final EpochRecord EPOCH_4 = EpochRecord.of(4, "job-4", T0);
    private static final JobHeartbeat BEAT = JobHeartbeat.of(4, "job-4", "node-3", 812, 6, 2000, T0 + 10);

    @Test
    void aBeatYoungerThanThreeIntervalsMayStillBeAlive() {
        JobLiveness liveness = JobLiveness.judge(EPOCH_4, BEAT, T0 + 15.9);
        assertThat(liveness).isInstanceOf(JobLiveness.MaybeAlive.class);
        assertThat(((JobLiveness.MaybeAlive) liveness).allowedSeconds()).isEqualTo(6.0);
        assertThat(liveness.describe()).isEqualTo(
                "job job-4 (epoch 4) on node-3 pid 812: last beat 5.9 s ago, presumed dead after 6.0 s");
    }

    @Test
    void threeMissedBeatsMakeTheJobPresumedDead() {
        JobLiveness liveness = JobLiveness.judge(EPOCH_4, BEAT, T0 + 16.0);
        assertThat(liveness).isInstanceOf(JobLiveness.Silent.class);
        assertThat(liveness.describe()).isEqualTo("job job-4 (epoch 4) on node-3 pid 812: last beat 6.0 s ago");
    }

    @Test
    void anEndedJobIsEndedHoweverRecentItsLastBeat() {
        JobLiveness liveness = JobLiveness.judge(EPOCH_4, BEAT.endedAt(T0 + 11), T0 + 11);
        assertThat(liveness).isInstanceOf(JobLiveness.Ended.class);
        assertThat(liveness.describe()).endsWith(": ended");
    }

    @Test
    void aBeatFromTheFutureMayStillBeAlive() {
        assertThat(JobLiveness.judge(EPOCH_4, BEAT, T0)).isInstanceOf(JobLiveness.MaybeAlive.class);
    }

    @Test
    void aJobThatMovedTheEpochAndNeverBeatHasTheStartupGrace() {
        JobHeartbeat olderJob = JobHeartbeat.of(3, "job-3", "node-1", 5, 2, 2000, T0 - 1).endedAt(T0 - 1);
        JobLiveness starting = JobLiveness.judge(EPOCH_4, olderJob, T0 + 59);
        assertThat(starting).isInstanceOf(JobLiveness.MaybeAlive.class);
        assertThat(starting.last()).isNull();
        assertThat(starting.describe()).isEqualTo("job job-4 (epoch 4): moved the epoch and never beat;"
                + " epoch changed 59.0 s ago, presumed dead after 60.0 s");
        assertThat(JobLiveness.judge(EPOCH_4, null, T0 + 60)).isInstanceOf(JobLiveness.Silent.class);
    }
}
