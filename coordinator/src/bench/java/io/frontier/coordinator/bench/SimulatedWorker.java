package io.frontier.coordinator.bench;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.coverage.EdgeMapCopy;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.Transport;
import io.frontier.worker.shutdown.ShutdownReply;
import io.frontier.worker.topology.JobTopology;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One worker rank without an executor: it answers every ASSIGN at once with the RESULT of the
 * run {@link ChildMix} decides for the input, its children staged under their digests in the
 * assignment's stage directory, and acknowledges its SHUTDOWN.
 *
 * <p>Staging: with {@code durable} files, through {@link StageWriter}, exactly as a worker does
 * (two fsyncs per child); without, the same files at the same paths, written without fsync. The
 * coordinator's work is the same either way; the default leaves the fsyncs out because on a slow
 * disk the simulated workers' fsyncs, not the coordinator, would set the pace.
 */
final class SimulatedWorker implements Runnable {

    /** How long a worker waits for its next message before it declares the job stuck. */
    private static final Duration PATIENCE = Duration.ofMinutes(3);

    private final Transport transport;
    private final JobTopology topology;
    private final CorpusLayout layout;
    private final DurableFiles durable;
    private final Workload workload;
    private final ChildMix mix;
    private final AtomicReference<ChildMix.Child> primer;
    private final Window window;
    /** The campaign's edge map as the coordinator's ASSIGNs brought it, as a real worker keeps it. */
    private final EdgeMapCopy edgeMap = new EdgeMapCopy();

    /** What this worker answered; read after its thread ended. */
    private long results;
    private long children;
    private final long[] byRole = new long[ChildMix.Role.values().length];

    /**
     * @param durable the files to stage through {@link StageWriter}, or null to write the stage
     *     without fsyncs
     * @param primer a child the first worker to take it adds to its next RESULT, then null
     */
    SimulatedWorker(Transport transport, JobTopology topology, CorpusLayout layout, DurableFiles durable,
                    Workload workload, ChildMix mix, AtomicReference<ChildMix.Child> primer, Window window) {
        this.transport = transport;
        this.topology = topology;
        this.layout = layout;
        this.durable = durable;
        this.workload = workload;
        this.mix = mix;
        this.primer = primer;
        this.window = window;
    }

    @Override
    public void run() {
        int coordinator = topology.coordinatorOf(transport.rank());
        while (true) {
            Envelope message = transport.receive(coordinator, Transport.ANY_TAG, PATIENCE)
                    .orElseThrow(() -> new IllegalStateException("worker " + transport.rank()
                            + " heard nothing from its coordinator for " + PATIENCE));
            if (message.tag() == Tags.SHUTDOWN) {
                window.shutdownReceived();
                ShutdownReply.acknowledge(transport, topology, message, Map.of());
                return;
            }
            if (message.tag() != Tags.ASSIGN) {
                throw new IllegalStateException("worker " + transport.rank() + " received tag " + message.tag());
            }
            window.assignReceived();
            Assign assign = WireCodec.decode(message.payload(), Assign.class);
            if (assign.edgeMap() != null) {
                assign.edgeMap().shards().forEach(shard -> edgeMap.merge(shard.number(), shard.bytes()));
            }
            answer(coordinator, assign);
        }
    }

    private void answer(int coordinator, Assign assign) {
        List<ChildMix.Child> found = new ArrayList<>(mix.childrenOf(assign.work(), workload));
        ChildMix.Child first = primer.getAndSet(null);
        if (first != null) {
            found.add(first);
        }
        boolean keep = assign.edgeMap() == null || assign.edgeMap().keepRedundant();
        List<DeclaredChild> declared = found.isEmpty() ? List.of()
                : stage(new StageLocation(assign.epoch(), transport.rank(), assign.result().hex()), found, keep);
        Result result = new Result(assign.work(), assign.token(), assign.result(), assign.work(), declared,
                declared.size(), new Execution(assign.executor(), "ok", 0, false, workload.reportedMillis(), false),
                null, null);
        transport.send(coordinator, Tags.RESULT, WireCodec.encode(result));
        results++;
        children += declared.size();
        found.forEach(child -> byRole[child.role().ordinal()]++);
    }

    /**
     * Stages {@code found} as a real worker does: a child whose coverage this worker's copy of the
     * edge map covers is declared redundant without its coverage, and staged only if
     * {@code keep}; every other child is staged with its coverage.
     */
    private List<DeclaredChild> stage(StageLocation location, List<ChildMix.Child> found, boolean keep) {
        List<DeclaredChild> declared = new ArrayList<>(found.size());
        StageWriter writer = durable == null ? null : new StageWriter(layout, location, durable);
        Path directory = layout.stage(location);
        try {
            if (writer == null) {
                Files.createDirectories(directory);
            }
            for (ChildMix.Child child : found) {
                Digest digest = ContentHasher.hash(child.bytes()).digest();
                boolean redundant = child.finding() == null && child.coverage() != null
                        && edgeMap.covers(child.coverage());
                if (!redundant || keep) {
                    if (writer != null) {
                        writer.stage(child.bytes());
                    } else {
                        Files.write(directory.resolve(digest.hex()), child.bytes());
                    }
                }
                declared.add(redundant ? DeclaredChild.redundant(digest, child.bytes().length, keep)
                        : new DeclaredChild(digest, child.bytes().length, child.coverage(), child.finding()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("stage " + directory + " cannot be written", e);
        }
        return declared;
    }

    long results() {
        return results;
    }

    long children() {
        return children;
    }

    long children(ChildMix.Role role) {
        return byRole[role.ordinal()];
    }
}
