package io.frontier.coordinator.termination;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.LoopbackTransport;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A job of coordinator and worker ranks as threads of this JVM over {@link LoopbackTransport}:
 * each coordinator runs the real {@link Termination} in a {@link CoordinatorLoop} over its
 * {@link FakeFrontier}, root's global check is the shared {@link FakeStore}, each worker runs a
 * {@link WorkerStandIn}. Ranks marked scripted get no thread: the test plays them through
 * {@link #transport(int)}.
 */
final class LoopbackJob {

    /** Short timings so a test takes well under a second when all goes well. */
    static final TerminationSettings FAST = new TerminationSettings(Duration.ofMillis(20), Duration.ofMillis(20),
            Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofSeconds(2));

    final Journal journal = new Journal();
    final FakeStore store = new FakeStore(journal);
    final JobTopology topology;

    private final TerminationSettings settings;
    private final List<Transport> transports = new ArrayList<>();
    private final Map<Integer, FakeFrontier> frontiers = new TreeMap<>();
    private final Set<Integer> scripted = new HashSet<>();
    private final Set<Integer> silent = new HashSet<>();
    private final Map<Integer, Outcome> outcomes = new ConcurrentHashMap<>();
    private final Map<Integer, Boolean> acknowledged = new ConcurrentHashMap<>();
    private final List<Throwable> crashes = Collections.synchronizedList(new ArrayList<>());
    private final List<Thread> threads = new ArrayList<>();

    LoopbackJob(int coordinators, int workers, TerminationSettings settings) {
        this.topology = new JobTopology(coordinators + workers, coordinators);
        this.settings = settings;
        for (Transport transport : LoopbackTransport.connect(topology.size())) {
            transports.add(new RecordingTransport(transport, journal));
        }
        for (int rank = 0; rank < coordinators; rank++) {
            frontiers.put(rank, new FakeFrontier(rank, store));
        }
    }

    FakeFrontier frontier(int rank) {
        return frontiers.get(rank);
    }

    Transport transport(int rank) {
        return transports.get(rank);
    }

    /** The test plays these ranks itself. */
    LoopbackJob scripted(Integer... ranks) {
        scripted.addAll(List.of(ranks));
        return this;
    }

    /** These workers receive their SHUTDOWN and never answer it. */
    LoopbackJob silent(Integer... workers) {
        silent.addAll(List.of(workers));
        return this;
    }

    void start() {
        for (int rank = 0; rank < topology.size(); rank++) {
            if (scripted.contains(rank)) {
                continue;
            }
            int self = rank;
            Runnable body = topology.isCoordinator(rank) ? () -> runCoordinator(self) : () -> runWorker(self);
            Thread thread = new Thread(() -> {
                try {
                    body.run();
                } catch (Throwable e) {
                    crashes.add(e);
                }
            }, "rank-" + rank);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    /**
     * Waits until every rank thread has ended, at most {@code bound}; fails naming the ranks
     * still running, or any rank that crashed.
     *
     * @return how long the wait took
     */
    Duration awaitEnd(Duration bound) throws InterruptedException {
        long started = System.nanoTime();
        long deadline = started + bound.toNanos();
        List<String> running = new ArrayList<>();
        for (Thread thread : threads) {
            thread.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            if (thread.isAlive()) {
                running.add(thread.getName());
                thread.interrupt();
            }
        }
        assertThat(running).as("ranks still running after %s", bound).isEmpty();
        assertThat(crashes).as("ranks that crashed").isEmpty();
        return Duration.ofNanos(System.nanoTime() - started);
    }

    Outcome outcome(int coordinator) {
        return outcomes.get(coordinator);
    }

    /** Whether worker {@code rank} sent its ACK. */
    boolean acknowledged(int worker) {
        return acknowledged.getOrDefault(worker, false);
    }

    /** The next message with {@code tag} for scripted rank {@code rank}, decoded; fails after 5 s. */
    <T> T expect(int rank, int tag, Class<T> type) {
        Envelope envelope = transport(rank).receive(Transport.ANY_SOURCE, tag, Duration.ofSeconds(5))
                .orElseThrow(() -> new AssertionError("rank " + rank + " got no " + RecordingTransport.tagName(tag)));
        return WireCodec.decode(envelope.payload(), type);
    }

    /** Whether scripted rank {@code rank} gets a message with {@code tag} within {@code wait}. */
    Optional<Envelope> poll(int rank, int tag, Duration wait) {
        return transport(rank).receive(Transport.ANY_SOURCE, tag, wait);
    }

    /** Sends {@code message}, encoded, from scripted rank {@code from}. */
    void send(int from, int to, int tag, Object message) {
        transport(from).send(to, tag, WireCodec.encode(message));
    }

    private void runCoordinator(int rank) {
        Transport transport = transports.get(rank);
        FakeFrontier frontier = frontiers.get(rank);
        Termination termination = new Termination(transport, topology, settings, frontier, store, frontier,
                System.nanoTime());
        Outcome outcome = CoordinatorLoop.run(transport, termination, frontier::step);
        journal.add(rank, "ended", outcome.ending() + " " + outcome.exit());
        outcomes.put(rank, outcome);
    }

    private void runWorker(int rank) {
        Transport transport = transports.get(rank);
        Duration wait = Duration.ofSeconds(30);
        if (silent.contains(rank)) {
            transport.receive(topology.coordinatorOf(rank), Tags.SHUTDOWN, wait);
            return;
        }
        acknowledged.put(rank, WorkerStandIn.run(transport, topology, wait));
    }
}
