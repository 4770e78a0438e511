package io.frontier.coordinator.termination;

import io.frontier.store.error.FrontierException;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.Transport;
import java.time.Duration;
import java.util.Optional;

/**
 * The coordinator's event loop reduced to what the termination protocol needs from it: every
 * termination message handed over, a tick each turn, work only while the protocol allows, and
 * control failures reported. The real loop (dispatch, results) does the same around its own work.
 */
final class CoordinatorLoop {

    /** The longest wait for a message in one turn. */
    static final Duration POLL = Duration.ofMillis(2);

    private CoordinatorLoop() {
    }

    /** Runs until the protocol ends; {@code workTurn} does one unit of work and may fail. */
    static Outcome run(Transport transport, Termination termination, Runnable workTurn) {
        while (!termination.ended()) {
            Optional<Envelope> message = transport.receive(Transport.ANY_SOURCE, Transport.ANY_TAG, POLL);
            long now = System.nanoTime();
            if (message.isPresent()) {
                if (!Termination.handles(message.get().tag())) {
                    throw new IllegalStateException("rank " + transport.rank() + " got a message with tag "
                            + message.get().tag() + " from rank " + message.get().source());
                }
                termination.onMessage(message.get(), now);
            }
            termination.tick(now);
            if (termination.acceptsWork()) {
                try {
                    workTurn.run();
                } catch (FrontierException e) {
                    termination.controlFailure(e, System.nanoTime());
                }
            }
        }
        return termination.outcome();
    }
}
