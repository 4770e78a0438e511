package io.frontier.coordinator.liveness;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.store.record.JobHeartbeat;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class HeartbeatTest {

    @TempDir
    Path directory;

    private CampaignFixture campaign;
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);

    @BeforeEach
    void open() {
        campaign = new CampaignFixture(directory);
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void theFirstBeatIsWrittenAtStartThenBeatsFollowUntilTheJobEnds() throws Exception {
        JobHeartbeat first = beatOf(campaign.epoch, "job-1", 50);
        Heartbeat heartbeat = Heartbeat.start(campaign.store, first, log);
        assertThat(campaign.store.heartbeat()).isEqualTo(first);

        awaitBeatAfter(first.at());
        heartbeat.end();

        JobHeartbeat last = campaign.store.heartbeat();
        assertThat(last.ended()).isTrue();
        assertThat(last.at()).isGreaterThan(first.at());
        Thread.sleep(200);
        assertThat(campaign.store.heartbeat()).as("no beat after the last one").isEqualTo(last);
    }

    @Test
    void aFencedJobStopsBeatingAndNeverOverwritesTheNewJobsHeartbeat() throws Exception {
        Heartbeat heartbeat = Heartbeat.start(campaign.store, beatOf(campaign.epoch, "job-1", 50), log);
        campaign.store.bumpEpoch(campaign.epoch, "job-2", CampaignFixture.T0 + 1);
        JobHeartbeat newer = beatOf(campaign.epoch + 1, "job-2", 60_000);
        campaign.store.beat(campaign.epoch + 1, newer);

        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!heartbeat.fenced() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        heartbeat.end();

        assertThat(heartbeat.fenced()).isTrue();
        assertThat(campaign.store.heartbeat()).isEqualTo(newer);
        assertThat(logged.toString(StandardCharsets.UTF_8)).contains("fenced off by a newer epoch");
    }

    @Test
    void aJobFencedBeforeItsFirstBeatNeverBeats() {
        campaign.store.bumpEpoch(campaign.epoch, "job-2", CampaignFixture.T0 + 1);

        Heartbeat heartbeat = Heartbeat.start(campaign.store, beatOf(campaign.epoch, "job-1", 50), log);
        heartbeat.end();

        assertThat(heartbeat.fenced()).isTrue();
        assertThat(campaign.store.heartbeat()).isNull();
    }

    private static JobHeartbeat beatOf(long epoch, String job, long intervalMillis) {
        return JobHeartbeat.running(epoch, job, "test-host", ProcessHandle.current().pid(), 2, intervalMillis,
                System.currentTimeMillis() / 1000.0);
    }

    private void awaitBeatAfter(double at) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (campaign.store.heartbeat().at() <= at) {
            assertThat(System.nanoTime()).as("a second beat within 10 s").isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
