package io.frontier.worker.link;

import java.time.Duration;
import java.util.Optional;

/**
 * Tagged byte-array messages between the ranks of one job: {@link MpiLink} between processes,
 * {@link LoopbackTransport} between threads of one JVM in tests. Coordinator and worker logic is
 * written against this interface only.
 *
 * <p>Messages between one pair of ranks with one tag arrive in the order they were sent (MPI's
 * non-overtaking rule); nothing is promised across tags or senders. Every receive is bounded.
 */
public interface Transport {

    /** Matches a message from any rank. */
    int ANY_SOURCE = -1;

    /** Matches a message with any tag. */
    int ANY_TAG = -1;

    int rank();

    int size();

    /** Sends {@code payload} to rank {@code destination}; the caller may reuse the array after. */
    void send(int destination, int tag, byte[] payload);

    /**
     * The next message matching {@code source} and {@code tag} (or the ANY wildcards), waiting
     * at most {@code timeout}; empty if none arrived in time.
     */
    Optional<Envelope> receive(int source, int tag, Duration timeout);
}
