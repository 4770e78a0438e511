package io.frontier.worker.rank;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.StageInspector;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.exploration.Tier;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.EdgeMapDelta;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.Shutdown;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.executor.ExecutorFactory;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.LoopbackTransport;
import io.frontier.worker.link.Receiving;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;

/**
 * A job of three ranks in one JVM for worker tests: rank 0 is the coordinator, driven by the
 * test's thread through {@link #coordinator()}; rank 1 is a real {@link WorkerRank} on its own
 * thread; rank 2 is another worker's transport, used only to send stray messages. The campaign
 * and scratch directories live in the test's temporary directory.
 */
final class LoopbackJob implements AutoCloseable {

    static final int WORKER = 1;
    static final int OTHER_WORKER = 2;
    static final long EPOCH = 1;
    static final Duration WAIT = Duration.ofSeconds(30);

    private static final JobTopology TOPOLOGY = new JobTopology(3, 1);

    private final List<Transport> ranks = LoopbackTransport.connect(3);
    private final CorpusLayout layout;
    private final Path scratch;
    /** The kind every ASSIGN names: the settings' first executor. */
    private final String executor;
    private final ObjectDirectory corpus;
    /** Written by the worker's thread through a PrintStream; its methods are synchronized. */
    private final ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    private final ExecutorService thread = Executors.newSingleThreadExecutor();
    private final Future<WorkerFigures> worker;

    private LoopbackJob(WorkerSettings settings, FaultPlan faults, UnaryOperator<Transport> workerLink) throws IOException {
        Files.createDirectories(settings.campaignDirectory());
        this.layout = new CorpusLayout(settings.campaignDirectory());
        this.scratch = settings.scratchRoot();
        this.executor = settings.executorKinds().get(0);
        DurableFiles files = new DurableFiles(new Fsync());
        layout.createCorpus(files);
        this.corpus = new ObjectDirectory(layout.corpus(), files);
        PrintStream report = new PrintStream(diagnostics, true, StandardCharsets.UTF_8);
        WorkerRank rank = new WorkerRank(workerLink.apply(ranks.get(WORKER)), TOPOLOGY, EPOCH, settings,
                ExecutorFactory.onThisMachine(), faults, report);
        this.worker = thread.submit(rank::run);
    }

    /** Settings for a campaign under {@code directory} running {@code executor}. */
    static WorkerSettings settings(Path directory, ExecutorConfig executor, Duration timeLimit, Duration idleLimit) {
        Path root = directory.toAbsolutePath().normalize();
        return WorkerSettings.of(executor, timeLimit.toMillis(), root.resolve("campaign").toString(),
                root.resolve("scratch").toString(), idleLimit.toMillis(), null);
    }

    static LoopbackJob start(Path directory, ExecutorConfig executor) throws IOException {
        return start(directory, executor, FaultPlan.NONE);
    }

    static LoopbackJob start(Path directory, ExecutorConfig executor, FaultPlan faults) throws IOException {
        return new LoopbackJob(settings(directory, executor, WAIT, WAIT), faults, UnaryOperator.identity());
    }

    static LoopbackJob start(WorkerSettings settings) throws IOException {
        return new LoopbackJob(settings, FaultPlan.NONE, UnaryOperator.identity());
    }

    /** A job whose worker talks through what {@code workerLink} makes of its transport. */
    static LoopbackJob start(Path directory, ExecutorConfig executor, UnaryOperator<Transport> workerLink)
            throws IOException {
        return new LoopbackJob(settings(directory, executor, WAIT, WAIT), FaultPlan.NONE, workerLink);
    }

    Transport coordinator() {
        return ranks.get(0);
    }

    Transport otherWorker() {
        return ranks.get(OTHER_WORKER);
    }

    CorpusLayout layout() {
        return layout;
    }

    /** Publishes {@code content} into the public corpus and returns its work id. */
    Digest seed(String content) {
        return seed(content.getBytes(StandardCharsets.UTF_8));
    }

    /** Publishes {@code content} into the public corpus and returns its work id. */
    Digest seed(byte[] content) {
        return Digest.parse(corpus.publish(content).digest().hex());
    }

    /** Sends a fresh ASSIGN for {@code work} from the coordinator and returns it. */
    Assign assign(Digest work) {
        return assign(work, (PruningMap) null);
    }

    /** Sends a fresh ASSIGN for {@code work} handing over {@code pruningMap} (null: none) and returns it. */
    Assign assign(Digest work, PruningMap pruningMap) {
        return assign(work, Tier.NEW_COVERAGE, pruningMap);
    }

    /**
     * Sends a fresh ASSIGN for {@code work}, claimed from {@code tier}, handing over
     * {@code pruningMap} (null: none), and returns it.
     */
    Assign assign(Digest work, int tier, PruningMap pruningMap) {
        return assign(work, executor, tier, pruningMap);
    }

    /**
     * Sends a fresh ASSIGN for {@code work} to run on {@code kind}, claimed from {@code tier},
     * handing over {@code pruningMap} (null: none), and returns it.
     */
    Assign assign(Digest work, String kind, int tier, PruningMap pruningMap) {
        return send(new Assign(work, Token.random(), ResultId.random(), kind, EPOCH, 1, 1, tier, pruningMap));
    }

    /** Sends a fresh ASSIGN for {@code work} on the job's executor that brings {@code edgeMap}, and returns it. */
    Assign assignWithEdgeMap(Digest work, EdgeMapDelta edgeMap) {
        return send(new Assign(work, Token.random(), ResultId.random(), executor, EPOCH, 1, 1, Tier.NEW_COVERAGE, null,
                null, edgeMap));
    }

    private Assign send(Assign assign) {
        coordinator().send(WORKER, Tags.ASSIGN, WireCodec.encode(assign));
        return assign;
    }

    /** The next message the worker sent the coordinator, which must be a RESULT. */
    Envelope awaitResultMessage() {
        Envelope message = Receiving.receiveOrFail(coordinator(), Transport.ANY_SOURCE, Transport.ANY_TAG, WAIT);
        if (message.source() != WORKER || message.tag() != Tags.RESULT) {
            throw new AssertionError("expected a RESULT from rank 1, got tag " + message.tag() + " from " + message.source());
        }
        return message;
    }

    Result awaitResult() {
        return WireCodec.decode(awaitResultMessage().payload(), Result.class);
    }

    /** The RESULT the worker sends next, which must answer {@code assign}. */
    Result awaitResultFor(Assign assign) {
        Result result = awaitResult();
        if (!result.result().equals(assign.result())) {
            throw new AssertionError("expected the RESULT of " + assign.result() + ", got one of " + result.result());
        }
        return result;
    }

    /** Assigns {@code work} and returns its RESULT. */
    Result execute(Digest work) {
        assign(work);
        return awaitResult();
    }

    /** Sends SHUTDOWN, returns the one ACK and checks the worker's loop ended with the same figures. */
    ShutdownAck shutdown() throws Exception {
        coordinator().send(WORKER, Tags.SHUTDOWN, WireCodec.encode(new Shutdown(0)));
        Envelope message = Receiving.receiveOrFail(coordinator(), Transport.ANY_SOURCE, Transport.ANY_TAG, WAIT);
        if (message.source() != WORKER || message.tag() != Tags.SHUTDOWN_ACK) {
            throw new AssertionError("expected a SHUTDOWN_ACK from rank 1, got tag " + message.tag());
        }
        ShutdownAck ack = WireCodec.decode(message.payload(), ShutdownAck.class);
        WorkerFigures figures = worker.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        if (!ack.figures().equals(new TreeMap<>(figures.asMap()))) {
            throw new AssertionError("ACK figures " + ack.figures() + " differ from the loop's " + figures);
        }
        return ack;
    }

    /** Waits for the worker's loop to end with an exception, and returns it. */
    Throwable awaitFailure() throws Exception {
        try {
            WorkerFigures figures = worker.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            throw new AssertionError("the worker ended normally with " + figures);
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    /** Whether the worker's loop is still running after {@code wait}. */
    boolean stillRunningAfter(Duration wait) throws Exception {
        try {
            worker.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            return false;
        } catch (TimeoutException e) {
            return true;
        }
    }

    StageLocation stageOf(Assign assign) {
        return new StageLocation(assign.epoch(), WORKER, assign.result().hex());
    }

    Path stageDirectory(Assign assign) {
        return layout.stage(stageOf(assign));
    }

    /** Accepts the stage of {@code assign} for {@code result}'s children as a coordinator would, or throws. */
    void inspect(Assign assign, Result result) {
        List<StagedChild> declared = result.children().stream().filter(DeclaredChild::staged)
                .map(child -> new StagedChild(child.digest(), child.size()))
                .toList();
        new StageInspector(layout).inspect(stageOf(assign), declared);
    }

    /** Everything the worker reported so far. */
    String diagnostics() {
        return diagnostics.toString(StandardCharsets.UTF_8);
    }

    /** The worker's private directory, {@code <scratch>/epoch-1/rank-1}. */
    Path workerScratch() {
        return scratch.resolve("epoch-" + EPOCH).resolve("rank-" + WORKER);
    }

    @Override
    public void close() {
        worker.cancel(true);
        thread.shutdownNow();
    }
}
