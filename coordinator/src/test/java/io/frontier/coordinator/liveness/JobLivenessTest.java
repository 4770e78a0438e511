package io.frontier.coordinator.liveness;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.JobHeartbeat;
import org.junit.jupiter.api.Test;

class JobLivenessTest {

    private static final double T0 = 1_000_000.0;
    private static final EpochRecord EPOCH_4 = EpochRecord.of(4, "job-4", T0);
    private static final JobHeartbeat BEAT = JobHeartbeat.running(4, "job-4", "node-3", 812, 6, 2000, T0 + 10);

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
    void aStartingJobHasTheStartupGraceFromItsLaunchersBeat() {
        JobHeartbeat starting = JobHeartbeat.starting(4, "job-4", "login-1", 77, 6, 2000, T0 + 10);
        JobLiveness liveness = JobLiveness.judge(EPOCH_4, starting, T0 + 69);
        assertThat(liveness).isInstanceOf(JobLiveness.MaybeAlive.class);
        assertThat(liveness.describe()).isEqualTo(
                "job job-4 (epoch 4) on login-1 pid 77: starting, last beat 59.0 s ago, presumed dead after 60.0 s");
        assertThat(JobLiveness.judge(EPOCH_4, starting, T0 + 70)).isInstanceOf(JobLiveness.Silent.class);
    }

    @Test
    void anEpochInWhichNoJobEverBeatHasNoJobToWaitFor() {
        JobHeartbeat olderJob = JobHeartbeat.running(3, "job-3", "node-1", 5, 2, 2000, T0 - 1);
        JobLiveness liveness = JobLiveness.judge(EPOCH_4, olderJob, T0 + 1);
        assertThat(liveness).isInstanceOf(JobLiveness.Silent.class);
        assertThat(liveness.last()).isNull();
        assertThat(liveness.describe()).isEqualTo("job job-4 (epoch 4): never beat; epoch moved 1.0 s ago");
        assertThat(JobLiveness.judge(EPOCH_4, null, T0)).isInstanceOf(JobLiveness.Silent.class);
    }
}
