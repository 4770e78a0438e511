package io.frontier.worker.link;

import java.time.Duration;

/** Receives that must succeed: a missing message is an error naming what was awaited. */
public final class Receiving {

    private Receiving() {
    }

    /** The next matching message, or a {@link LinkException} after {@code timeout}. */
    public static Envelope receiveOrFail(Transport transport, int source, int tag, Duration timeout) {
        return transport.receive(source, tag, timeout).orElseThrow(() ->
                new LinkException("no message arrived before the deadline")
                        .with("rank", transport.rank()).with("source", source).with("tag", tag)
                        .with("timeout", timeout));
    }
}
