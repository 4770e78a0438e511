package io.frontier.worker.shutdown;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.Shutdown;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.LinkException;
import io.frontier.worker.link.LoopbackTransport;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShutdownReplyTest {

    /** Ranks 0 and 1 coordinate; worker 3 answers to coordinator 1. */
    private final JobTopology topology = new JobTopology(4, 2);
    private final List<Transport> ranks = LoopbackTransport.connect(4);

    @Test
    void aShutdownFromTheWorkersCoordinatorIsAnsweredWithExactlyOneAckCarryingItsFigures() {
        ranks.get(1).send(3, Tags.SHUTDOWN, WireCodec.encode(new Shutdown(1)));
        Envelope shutdown = ranks.get(3).receive(1, Tags.SHUTDOWN, Duration.ofSeconds(1)).orElseThrow();

        ShutdownReply.acknowledge(ranks.get(3), topology, shutdown, Map.of("executions", 7L));

        Envelope ack = ranks.get(1).receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ofSeconds(1))
                .orElseThrow();
        assertThat(ack.source()).isEqualTo(3);
        assertThat(ack.tag()).isEqualTo(Tags.SHUTDOWN_ACK);
        assertThat(WireCodec.decode(ack.payload(), ShutdownAck.class))
                .isEqualTo(new ShutdownAck(3, Map.of("executions", 7L)));
        assertThat(ranks.get(1).receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ZERO)).isEmpty();
    }

    @Test
    void aShutdownFromAnotherCoordinatorOrNamingAnotherIsRefusedAndNotAnswered() {
        Envelope fromRoot = new Envelope(0, Tags.SHUTDOWN, WireCodec.encode(new Shutdown(0)));
        Envelope namingRoot = new Envelope(1, Tags.SHUTDOWN, WireCodec.encode(new Shutdown(0)));

        assertThatThrownBy(() -> ShutdownReply.acknowledge(ranks.get(3), topology, fromRoot, Map.of()))
                .isInstanceOf(LinkException.class).hasMessageContaining("source=0");
        assertThatThrownBy(() -> ShutdownReply.acknowledge(ranks.get(3), topology, namingRoot, Map.of()))
                .isInstanceOf(LinkException.class).hasMessageContaining("named=0");
        assertThat(ranks.get(0).receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ZERO)).isEmpty();
        assertThat(ranks.get(1).receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ZERO)).isEmpty();
    }

    @Test
    void garbageOnTheShutdownTagIsMalformedAndNamesItsSender() {
        Envelope garbage = new Envelope(1, Tags.SHUTDOWN, new byte[] {(byte) 0xff, 0x00, 0x7b});

        assertThatThrownBy(() -> ShutdownReply.acknowledge(ranks.get(3), topology, garbage, Map.of()))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("source=1");
        assertThat(ranks.get(1).receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ZERO)).isEmpty();
    }
}
