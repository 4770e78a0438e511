package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.coordinator.liveness.JobLiveness;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.StaleEpochException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.JobHeartbeat;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobFenceTest {

    private static final double T0 = 1_000_000.0;

    @TempDir
    Path directory;

    private KeyValueStore kv;
    private CampaignStore store;

    @BeforeEach
    void createCampaign() {
        kv = KeyValueStores.open("sqlite:" + directory.resolve("store.db"));
        store = new CampaignStore(kv, CampaignKeys.forCampaign("fence"));
        store.init(CampaignConfig.of("fence", 8, 3), "job-1", T0);
    }

    @AfterEach
    void close() {
        kv.close();
    }

    @Test
    void aJobThatMayStillBeAliveIsNotFencedWithoutForceAndNothingChanges() {
        store.beat(1, beat(T0 + 100));

        assertThatThrownBy(() -> JobFence.fence(store, "job-2", false, T0 + 104))
                .isInstanceOf(FrontierException.class)
                .hasMessageStartingWith("the previous job may still be alive")
                .hasMessageContaining("job=job-1", "epoch=1", "host=node-3", "pid=812", "silentSeconds=4.0",
                        "presumedDeadAfterSeconds=6.0");
        assertThat(store.epoch().epoch()).isEqualTo(1);
        assertThat(store.heartbeat()).isEqualTo(beat(T0 + 100));
    }

    @Test
    void forceFencesAJobThatMayStillBeAliveAndItCanNoLongerWrite() {
        store.beat(1, beat(T0 + 100));

        JobFence.Fenced fenced = JobFence.fence(store, "job-2", true, T0 + 101);

        assertThat(fenced.epoch().epoch()).isEqualTo(2);
        assertThat(fenced.epoch().job()).isEqualTo("job-2");
        assertThat(fenced.previous()).isInstanceOf(JobLiveness.MaybeAlive.class);
        assertThatThrownBy(() -> store.beat(1, beat(T0 + 102))).isInstanceOf(StaleEpochException.class);
        assertThatThrownBy(() -> store.checkQuiescence(1, T0 + 102)).isInstanceOf(StaleEpochException.class);
    }

    @Test
    void aJobSilentForThreeIntervalsIsFencedWithoutForce() {
        store.beat(1, beat(T0 + 100));

        JobFence.Fenced fenced = JobFence.fence(store, "job-2", false, T0 + 106);

        assertThat(fenced.epoch().epoch()).isEqualTo(2);
        assertThat(fenced.previous()).isInstanceOf(JobLiveness.Silent.class);
        assertThat(fenced.previous().describe()).isEqualTo("job job-1 (epoch 1) on node-3 pid 812: last beat 6.0 s ago");
    }

    @Test
    void aJobThatSaidItEndedIsFencedAtOnce() {
        store.beat(1, beat(T0 + 100).endedAt(T0 + 101));

        assertThat(JobFence.fence(store, "job-2", false, T0 + 101).previous()).isInstanceOf(JobLiveness.Ended.class);
    }

    @Test
    void aStartingJobHasAMinuteForItsRootToBeatAndACampaignNoJobEverRanHasNone() {
        assertThat(JobFence.fence(store, "job-2", false, T0 + 1).previous()).as("created, never launched")
                .isInstanceOf(JobLiveness.Silent.class);
        store.beat(2, JobHeartbeat.starting(2, "job-2", "login-1", 77, 4, 2000, T0 + 2));

        assertThatThrownBy(() -> JobFence.fence(store, "job-3", false, T0 + 61))
                .hasMessageStartingWith("the previous job may still be alive").hasMessageContaining("job=job-2", "pid=77");
        assertThat(JobFence.fence(store, "job-3", false, T0 + 62).epoch().epoch()).isEqualTo(3);
    }

    private static JobHeartbeat beat(double at) {
        return JobHeartbeat.running(1, "job-1", "node-3", 812, 4, 2000, at);
    }
}
