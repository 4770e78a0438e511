package io.frontier.worker.link;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Tagged byte-array messages between the ranks of one MPI job.
 *
 * <p>Receives poll with {@code MPI_Iprobe} until a deadline instead of blocking in
 * {@code MPI_Recv}, so a peer that died or stalled turns into an error this rank can report.
 * Sends never wait for their receiver: each is an {@code MPI_Isend} of a copy of the payload,
 * kept until MPI reports it complete, which every later send and receive checks. A blocking
 * {@code MPI_Send} of a message above the transport's eager limit waits until the receiver
 * posts its receive, so two ranks sending each other large messages at once (a coordinator's
 * ASSIGN carrying the pruning map, a worker's RESULT carrying coverage) would wait for each other
 * for good. Not thread-safe: owned by the thread that initialised MPI.
 */
public final class MpiLink implements Transport {

    /** The longest pause between two polls; short enough to keep message latency low. */
    private static final long MAX_POLL_PAUSE_NANOS = Duration.ofMillis(2).toNanos();
    /** The pause after a message arrived, 10 µs: the next one may follow closely. */
    private static final long MIN_POLL_PAUSE_NANOS = 10_000;

    /** How long {@link #finish} lets sends still in flight complete. */
    private static final Duration FINISH_SENDS = Duration.ofSeconds(10);

    private final Comm comm;
    private final int rank;
    private final int size;
    /** Sends not yet reported complete; each request holds its copy of the payload. */
    private final List<Request> sending = new ArrayList<>();
    /**
     * The pause before the next poll. It doubles with every poll that finds nothing, across
     * receives, and falls back to {@link #MIN_POLL_PAUSE_NANOS} when a message arrives: a
     * coordinator waits for results in receives of a millisecond, and starting each at 10 µs made
     * it poll about 7,000 times a second while its workers ran long executions (a job of 100
     * executions of 0.2 s on two workers: 3.5 and 3.7 s of coordinator CPU, 2.7 and 2.5 s since).
     */
    private long pause = MIN_POLL_PAUSE_NANOS;

    private MpiLink(Comm comm) throws MPIException {
        this.comm = comm;
        this.rank = comm.getRank();
        this.size = comm.getSize();
    }

    /** Initialises MPI for this process and returns the link over all ranks of the job. */
    public static MpiLink initialise(String[] args) {
        try {
            MPI.Init(args);
            return new MpiLink(MPI.COMM_WORLD);
        } catch (MPIException e) {
            throw new LinkException("MPI initialisation failed", e);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void send(int destination, int tag, byte[] payload) {
        try {
            ByteBuffer copy = ByteBuffer.allocateDirect(payload.length).put(payload);
            sending.add(comm.iSend(copy, payload.length, MPI.BYTE, destination, tag));
            reapSends();
        } catch (MPIException e) {
            throw new LinkException("MPI send failed", e)
                    .with("rank", rank).with("destination", destination).with("tag", tag);
        }
    }

    @Override
    public Optional<Envelope> receive(int source, int tag, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean progressed = false;
        try {
            while (true) {
                reapSends();
                Status status = comm.iProbe(source == ANY_SOURCE ? MPI.ANY_SOURCE : source,
                        tag == ANY_TAG ? MPI.ANY_TAG : tag);
                if (status != null) {
                    pause = MIN_POLL_PAUSE_NANOS;
                    return Optional.of(receiveProbed(status));
                }
                long left = deadline - System.nanoTime();
                if (left <= 0 && progressed) {
                    return Optional.empty();
                }
                // Open MPI's MPI_Iprobe looks for a match before it progresses the transports, so
                // a first probe can miss a message that has already arrived; only a probe after
                // one that made progress may end the wait.
                progressed = true;
                if (left > 0) {
                    sleepNanos(Math.min(pause, left));
                    pause = Math.min(pause * 2, MAX_POLL_PAUSE_NANOS);
                }
            }
        } catch (MPIException e) {
            throw new LinkException("MPI receive failed", e)
                    .with("rank", rank).with("source", source).with("tag", tag);
        }
    }

    /** Blocks until every rank arrives; use only where all ranks are known to be alive. */
    public void barrier() {
        try {
            comm.barrier();
        } catch (MPIException e) {
            throw new LinkException("MPI barrier failed", e).with("rank", rank);
        }
    }

    /**
     * Ends MPI for this process, after the sends still in flight complete or
     * ten seconds have passed (a peer that died never receives). No link
     * call may follow.
     */
    public void finish() {
        try {
            long deadline = System.nanoTime() + FINISH_SENDS.toNanos();
            while (!sending.isEmpty() && System.nanoTime() < deadline) {
                reapSends();
                sleepNanos(MAX_POLL_PAUSE_NANOS);
            }
            MPI.Finalize();
        } catch (MPIException e) {
            throw new LinkException("MPI finalisation failed", e).with("rank", rank);
        }
    }

    /** Asks the MPI runtime to kill every rank of the job with {@code exitCode}. */
    public void abortJob(int exitCode) {
        try {
            comm.abort(exitCode);
        } catch (MPIException e) {
            throw new LinkException("MPI abort failed", e).with("rank", rank);
        }
    }

    /** Drops the sends MPI reports complete; testing a request also progresses the transports. */
    private void reapSends() throws MPIException {
        Iterator<Request> requests = sending.iterator();
        while (requests.hasNext()) {
            if (requests.next().test()) {
                requests.remove();
            }
        }
    }

    private Envelope receiveProbed(Status status) throws MPIException {
        int length = status.getCount(MPI.BYTE);
        byte[] payload = new byte[length];
        int source = status.getSource();
        int tag = status.getTag();
        comm.recv(payload, length, MPI.BYTE, source, tag);
        return new Envelope(source, tag, payload);
    }

    private static void sleepNanos(long nanos) {
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LinkException("interrupted while waiting for a message", e);
        }
    }
}
