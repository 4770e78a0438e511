package io.frontier.coordinator.stop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.error.FrontierException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StopRequestWatchTest {

    private static final long START = 1_000_000_000L;

    @TempDir
    Path campaign;

    @Test
    void aRequestStopsTheJobOfItsEpochOnly() {
        new StopRequest(4, "SIGINT to frontier run").writeTo(campaign);

        assertThat(new StopRequestWatch(campaign, 4).requested(START)).hasValue("SIGINT to frontier run");
        assertThat(new StopRequestWatch(campaign, 5).requested(START)).as("a request left by an earlier job").isEmpty();
        assertThat(StopRequest.readFrom(campaign)).hasValue(new StopRequest(4, "SIGINT to frontier run"));
    }

    @Test
    void theFileIsLookedForAtMostFourTimesASecondAndARequestSeenIsKept() throws Exception {
        StopRequestWatch watch = new StopRequestWatch(campaign, 2);
        assertThat(watch.requested(START)).isEmpty();

        new StopRequest(2, "frontier stop").writeTo(campaign);

        assertThat(watch.requested(START + StopRequestWatch.READ_INTERVAL_NANOS - 1)).isEmpty();
        assertThat(watch.requested(START + StopRequestWatch.READ_INTERVAL_NANOS)).hasValue("frontier stop");
        Files.delete(campaign.resolve(StopRequest.FILE));
        assertThat(watch.requested(START + 10 * StopRequestWatch.READ_INTERVAL_NANOS)).hasValue("frontier stop");
    }

    @Test
    void somethingElseInTheFileIsReportedAndStillDrainsTheJob() throws Exception {
        Files.writeString(campaign.resolve(StopRequest.FILE), "stop\n", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> StopRequest.readFrom(campaign)).isInstanceOf(FrontierException.class)
                .hasMessageContaining(StopRequest.FILE);
        assertThat(new StopRequestWatch(campaign, 1).requested(START)).hasValueSatisfying(reason ->
                assertThat(reason).contains("unreadable stop request"));
    }

    @Test
    void noFileNoRequest() {
        assertThat(new StopRequestWatch(campaign, 1).requested(START)).isEmpty();
        assertThat(StopRequest.readFrom(campaign)).isEmpty();
    }
}
