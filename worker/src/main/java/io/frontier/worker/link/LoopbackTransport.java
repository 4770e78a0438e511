package io.frontier.worker.link;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * The ranks of one job as threads of this JVM: each rank's {@link Transport} delivers into the
 * mailboxes of the others. For driving coordinator and worker logic quickly in tests; real jobs
 * use {@link MpiLink}.
 *
 * <p>Keeps MPI's ordering promise: messages from one sender with one tag are received in the
 * order they were sent, because a mailbox is one FIFO list scanned from its head.
 */
public final class LoopbackTransport implements Transport {

    private final int rank;
    private final List<Mailbox> mailboxes;

    private LoopbackTransport(int rank, List<Mailbox> mailboxes) {
        this.rank = rank;
        this.mailboxes = mailboxes;
    }

    /** One connected transport per rank, index = rank. */
    public static List<Transport> connect(int ranks) {
        List<Mailbox> mailboxes = new ArrayList<>();
        for (int rank = 0; rank < ranks; rank++) {
            mailboxes.add(new Mailbox());
        }
        List<Transport> transports = new ArrayList<>();
        for (int rank = 0; rank < ranks; rank++) {
            transports.add(new LoopbackTransport(rank, List.copyOf(mailboxes)));
        }
        return List.copyOf(transports);
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return mailboxes.size();
    }

    @Override
    public void send(int destination, int tag, byte[] payload) {
        if (destination < 0 || destination >= mailboxes.size()) {
            throw new LinkException("no such rank").with("rank", rank).with("destination", destination);
        }
        mailboxes.get(destination).put(new Envelope(rank, tag, payload.clone()));
    }

    @Override
    public Optional<Envelope> receive(int source, int tag, Duration timeout) {
        try {
            return mailboxes.get(rank).take(source, tag, timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LinkException("interrupted while waiting for a message", e).with("rank", rank);
        }
    }

    /** The messages sent to one rank and not yet received, oldest first. */
    private static final class Mailbox {

        private final List<Envelope> messages = new ArrayList<>();

        synchronized void put(Envelope envelope) {
            messages.add(envelope);
            notifyAll();
        }

        synchronized Optional<Envelope> take(int source, int tag, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                for (Iterator<Envelope> it = messages.iterator(); it.hasNext(); ) {
                    Envelope envelope = it.next();
                    if ((source == ANY_SOURCE || envelope.source() == source) && (tag == ANY_TAG || envelope.tag() == tag)) {
                        it.remove();
                        return Optional.of(envelope);
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return Optional.empty();
                }
                wait(Math.max(1, left / 1_000_000));
            }
        }
    }
}
