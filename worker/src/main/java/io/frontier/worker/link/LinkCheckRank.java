package io.frontier.worker.link;

import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.LinkCheckMessage.Ping;
import io.frontier.worker.link.LinkCheckMessage.Pong;
import io.frontier.worker.link.LinkCheckMessage.RankReport;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One rank of the link check, started by mpirun on every rank: rank 0 (a coordinator) sends a
 * Jackson-encoded {@link Ping} to every other rank (workers) and collects their {@link Pong}s;
 * every rank writes what it received to {@code <directory>/rank-<rank>.json}.
 *
 * <p>Arguments: the report directory and the longest wait for one message in milliseconds.
 */
public final class LinkCheckRank {

    private LinkCheckRank() {
    }

    public static void main(String[] args) throws IOException {
        MpiLink link = MpiLink.initialise(args);
        Path directory = Path.of(args[0]);
        Duration timeout = Duration.ofMillis(Long.parseLong(args[1]));
        List<Ping> pings = new ArrayList<>();
        List<Pong> pongs = new ArrayList<>();
        if (link.rank() == 0) {
            long nonce = new SecureRandom().nextLong();
            for (int worker = 1; worker < link.size(); worker++) {
                link.send(worker, LinkCheckMessage.PING_TAG, WireCodec.encode(new Ping(0, worker, nonce)));
            }
            for (int answers = 1; answers < link.size(); answers++) {
                Envelope envelope = Receiving.receiveOrFail(link, Transport.ANY_SOURCE, LinkCheckMessage.PONG_TAG, timeout);
                pongs.add(WireCodec.decode(envelope.payload(), Pong.class));
            }
        } else {
            Envelope envelope = Receiving.receiveOrFail(link, 0, LinkCheckMessage.PING_TAG, timeout);
            Ping ping = WireCodec.decode(envelope.payload(), Ping.class);
            pings.add(ping);
            Pong pong = new Pong(link.rank(), envelope.source(), ping.nonce(),
                    InetAddress.getLocalHost().getHostName());
            link.send(envelope.source(), LinkCheckMessage.PONG_TAG, WireCodec.encode(pong));
        }
        RankReport report = new RankReport(link.rank(), link.size(), pings, pongs);
        Files.write(directory.resolve("rank-" + link.rank() + ".json"), WireCodec.encode(report));
        link.barrier();
        link.finish();
    }
}
