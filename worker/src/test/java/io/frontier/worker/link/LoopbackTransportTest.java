package io.frontier.worker.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoopbackTransportTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void messagesFromOneSenderWithOneTagArriveInSendOrder() {
        List<Transport> ranks = LoopbackTransport.connect(3);
        ranks.get(1).send(0, 7, bytes("a"));
        ranks.get(2).send(0, 7, bytes("x"));
        ranks.get(1).send(0, 7, bytes("b"));

        Envelope first = ranks.get(0).receive(1, 7, Duration.ZERO).orElseThrow();
        Envelope second = ranks.get(0).receive(1, 7, Duration.ZERO).orElseThrow();

        assertThat(new String(first.payload(), StandardCharsets.UTF_8)).isEqualTo("a");
        assertThat(new String(second.payload(), StandardCharsets.UTF_8)).isEqualTo("b");
        assertThat(ranks.get(0).receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ZERO).orElseThrow().source())
                .isEqualTo(2);
    }

    @Test
    void aReceiveSelectsByTagAndLeavesOtherMessagesQueued() {
        List<Transport> ranks = LoopbackTransport.connect(2);
        ranks.get(1).send(0, 1, bytes("one"));
        ranks.get(1).send(0, 2, bytes("two"));

        assertThat(ranks.get(0).receive(1, 2, Duration.ZERO).orElseThrow().tag()).isEqualTo(2);
        assertThat(ranks.get(0).receive(1, 1, Duration.ZERO).orElseThrow().tag()).isEqualTo(1);
        assertThat(ranks.get(0).receive(1, 1, Duration.ZERO)).isEmpty();
    }

    @Test
    void aReceiveWaitsForAMessageFromAnotherThreadAndTimesOutWithoutOne() throws Exception {
        List<Transport> ranks = LoopbackTransport.connect(2);
        Thread sender = new Thread(() -> {
            sleep(50);
            ranks.get(1).send(0, 3, bytes("late"));
        });
        sender.start();

        assertThat(ranks.get(0).receive(1, 3, Duration.ofSeconds(30))).isPresent();
        sender.join();
        long started = System.nanoTime();
        assertThat(ranks.get(0).receive(1, 3, Duration.ofMillis(100))).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(100));
    }

    @Test
    void theSenderMayReuseItsBufferAfterSend() {
        List<Transport> ranks = LoopbackTransport.connect(2);
        byte[] buffer = bytes("original");
        ranks.get(1).send(0, 1, buffer);
        buffer[0] = 'X';

        assertThat(new String(ranks.get(0).receive(1, 1, Duration.ZERO).orElseThrow().payload(), StandardCharsets.UTF_8))
                .isEqualTo("original");
    }

    @Test
    void receiveOrFailNamesTheRankSourceAndTag() {
        List<Transport> ranks = LoopbackTransport.connect(2);

        assertThatThrownBy(() -> Receiving.receiveOrFail(ranks.get(0), 1, 9, Duration.ofMillis(10)))
                .isInstanceOf(LinkException.class)
                .hasMessageContaining("rank=0").hasMessageContaining("source=1").hasMessageContaining("tag=9");
    }

    @Test
    void sendingToARankOutsideTheJobFails() {
        List<Transport> ranks = LoopbackTransport.connect(2);

        assertThatThrownBy(() -> ranks.get(0).send(5, 1, bytes("x"))).isInstanceOf(LinkException.class)
                .hasMessageContaining("destination=5");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
