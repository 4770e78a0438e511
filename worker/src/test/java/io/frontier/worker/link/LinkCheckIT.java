package io.frontier.worker.link;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.LinkCheckMessage.RankReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real mpirun, real ranks: one coordinator rank and two worker ranks exchange messages. */
@Tag("mpi")
class LinkCheckIT {

    @TempDir
    Path directory;

    @Test
    @Timeout(120)
    void coordinatorAndTwoWorkersExchangeJacksonMessagesThroughTheBindings() throws Exception {
        MpiJobLauncher launcher = MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        LinkCheck check = new LinkCheck(launcher, System.getProperty("java.class.path"));

        LinkCheck.Outcome outcome = check.run(3, directory, Duration.ofSeconds(30));

        assertThat(outcome.problems()).as("problems; log:%n%s", Files.readString(outcome.log())).isEmpty();
        assertThat(outcome.exitCode()).isZero();
        RankReport coordinator = read(0);
        RankReport firstWorker = read(1);
        RankReport secondWorker = read(2);
        assertThat(coordinator.pings()).isEmpty();
        assertThat(coordinator.pongs()).extracting(LinkCheckMessage.Pong::from).containsExactlyInAnyOrder(1, 2);
        long nonce = coordinator.pongs().get(0).nonce();
        assertThat(coordinator.pongs()).allSatisfy(pong -> assertThat(pong.nonce()).isEqualTo(nonce));
        assertThat(firstWorker.pings()).containsExactly(new LinkCheckMessage.Ping(0, 1, nonce));
        assertThat(secondWorker.pings()).containsExactly(new LinkCheckMessage.Ping(0, 2, nonce));
        assertThat(firstWorker.pongs()).isEmpty();
        assertThat(coordinator.size()).isEqualTo(3);
    }

    @Test
    @Timeout(120)
    void reportsThatDoNotEchoTheCoordinatorsNonceFailTheCheck() throws Exception {
        MpiJobLauncher launcher = MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        LinkCheck check = new LinkCheck(launcher, System.getProperty("java.class.path"));
        assertThat(check.run(2, directory, Duration.ofSeconds(30)).passed()).isTrue();
        RankReport worker = read(1);
        long nonce = worker.pings().get(0).nonce();

        RankReport forged = new RankReport(1, 2, List.of(new LinkCheckMessage.Ping(0, 1, nonce + 1)), worker.pongs());
        Files.write(directory.resolve("rank-1.json"), WireCodec.encode(forged));
        assertThat(LinkCheck.judge(2, directory)).singleElement().asString().contains("rank 1 received");

        Files.delete(directory.resolve("rank-1.json"));
        assertThat(LinkCheck.judge(2, directory)).singleElement().asString().contains("rank 1 wrote no report");
    }

    private RankReport read(int rank) throws Exception {
        return WireCodec.decode(Files.readAllBytes(directory.resolve("rank-" + rank + ".json")), RankReport.class);
    }
}
