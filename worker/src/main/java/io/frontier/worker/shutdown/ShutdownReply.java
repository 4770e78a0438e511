package io.frontier.worker.shutdown;

import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.Shutdown;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.LinkException;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.util.Map;

/**
 * Answers a SHUTDOWN with this worker's {@link ShutdownAck}. The worker loop calls it once, when
 * a message with tag {@link Tags#SHUTDOWN} arrives between executions, and then stops sending.
 */
public final class ShutdownReply {

    private ShutdownReply() {
    }

    /**
     * Checks that {@code message} is a well-formed SHUTDOWN from this worker's own coordinator
     * and sends that coordinator one ACK carrying {@code figures}.
     *
     * @throws LinkException if the message is not a SHUTDOWN or comes from another rank
     * @throws MalformedMessageException if its bytes are not a {@link Shutdown}
     */
    public static Shutdown acknowledge(Transport transport, JobTopology topology, Envelope message,
                                       Map<String, Long> figures) {
        int coordinator = topology.coordinatorOf(transport.rank());
        if (message.tag() != Tags.SHUTDOWN || message.source() != coordinator) {
            throw new LinkException("a worker answers only a SHUTDOWN from its own coordinator")
                    .with("rank", transport.rank()).with("source", message.source())
                    .with("tag", message.tag()).with("coordinator", coordinator);
        }
        Shutdown shutdown;
        try {
            shutdown = WireCodec.decode(message.payload(), Shutdown.class);
        } catch (MalformedMessageException e) {
            throw e.with("rank", transport.rank()).with("source", message.source()).with("tag", message.tag());
        }
        if (shutdown.coordinator() != coordinator) {
            throw new LinkException("a SHUTDOWN names another coordinator than its sender")
                    .with("rank", transport.rank()).with("source", message.source())
                    .with("named", shutdown.coordinator());
        }
        transport.send(coordinator, Tags.SHUTDOWN_ACK, WireCodec.encode(new ShutdownAck(transport.rank(), figures)));
        return shutdown;
    }
}
