package io.frontier.coordinator.termination;

import io.frontier.store.wire.Tags;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.Transport;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/** A rank's transport that writes every message it sends into the job's {@link Journal}. */
final class RecordingTransport implements Transport {

    private final Transport delegate;
    private final Journal journal;

    RecordingTransport(Transport delegate, Journal journal) {
        this.delegate = delegate;
        this.journal = journal;
    }

    static String tagName(int tag) {
        return switch (tag) {
            case Tags.PREPARE -> "PREPARE";
            case Tags.VOTE -> "VOTE";
            case Tags.DECISION -> "DECISION";
            case Tags.SHUTDOWN -> "SHUTDOWN";
            case Tags.SHUTDOWN_ACK -> "SHUTDOWN_ACK";
            case Tags.STATS -> "STATS";
            case Tags.STATS_ACK -> "STATS_ACK";
            case Tags.CONTROL_FAILURE -> "CONTROL_FAILURE";
            default -> "TAG" + tag;
        };
    }

    @Override
    public int rank() {
        return delegate.rank();
    }

    @Override
    public int size() {
        return delegate.size();
    }

    @Override
    public void send(int destination, int tag, byte[] payload) {
        journal.add(rank(), "sent " + tagName(tag),
                "to " + destination + " " + new String(payload, StandardCharsets.UTF_8));
        delegate.send(destination, tag, payload);
    }

    @Override
    public Optional<Envelope> receive(int source, int tag, Duration timeout) {
        return delegate.receive(source, tag, timeout);
    }
}
