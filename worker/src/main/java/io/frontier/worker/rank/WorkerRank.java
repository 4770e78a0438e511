package io.frontier.worker.rank;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.coverage.EdgeMapCopy;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.exploration.Tier;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.EdgeMapDelta;
import io.frontier.store.wire.LeftOut;
import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.Execution;
import io.frontier.worker.executor.Executor;
import io.frontier.worker.executor.ExecutorFactory;
import io.frontier.worker.executor.ExitKind;
import io.frontier.worker.executor.process.Termination;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.fault.WorkerInjection;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.Transport;
import io.frontier.worker.pruning.LowerTierMap;
import io.frontier.worker.pruning.PruningFile;
import io.frontier.worker.pruning.PruningFileException;
import io.frontier.worker.rank.ScratchDirectory.RunDirectory;
import io.frontier.worker.shutdown.ShutdownReply;
import io.frontier.worker.topology.JobTopology;
import io.frontier.worker.triage.CoverageProbe;
import io.frontier.worker.triage.ObservedFinding;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * One worker rank of a job: waits for its coordinator's messages and answers each ASSIGN with
 * one RESULT, in the order the ASSIGNs came, until a SHUTDOWN, which it answers with one ACK
 * before {@link #run} returns.
 *
 * <p>Per ASSIGN, in this order: copy {@code corpus/<work>} into a private run directory,
 * verifying its SHA-256 while copying (a mismatch is answered without executing); run the
 * executor of the kind the ASSIGN names ({@link WorkerExecutors}) with the time limit; hash the
 * outputs, keep one per digest, drop those equal to the input, stage the rest durably in
 * {@code <campaign>/.stage-<epoch>/<rank>/<result>/}; send the RESULT; remove the run directory.
 * The three kinds of RESULT are described in {@link Answers}.
 *
 * <p>When an ASSIGN carries the campaign's shared SymCC pruning map and the executor keeps a
 * map file, the map is ORed into that file on the execution thread right before the run, and
 * the bits the run added to the file go back in the RESULT ({@link PruningFile}); an ASSIGN
 * without one leaves the file to the worker's own runs, as in a campaign with a map per worker.
 * A run of a lower-tier input (tiers 1 to 3) runs on its executor's {@link LowerTierMap}
 * instead, and its RESULT carries no bits: what it saw never prunes a tier-0 run.
 *
 * <p>When the settings name a coverage build ({@link WorkerSettings#triage()}), every staged
 * child is run on it once ({@link CoverageProbe}) and declared with its coverage and finding, and
 * an input that crashed or timed out under the executor is run on it too: the RESULT's finding
 * says whether the input itself crashes or hangs there. Without one, children carry no coverage
 * and RESULTs no finding. The probe's work directory is {@code triage/} in the scratch directory.
 *
 * <p>Pipelining: executions run on one execution thread, everything else on the thread that
 * owns the transport. While an execution runs, that thread looks for the coordinator's next
 * ASSIGN now and then ({@link #FIRST_LOOK}); once it is there, it copies and verifies that
 * input and queues its execution, which the execution thread starts as soon as the running one
 * ends. The ended execution is staged and answered while the next one runs, so neither the copy
 * nor staging, the RESULT and the clean-up sit between two executions. Executions never overlap
 * each other, and a RESULT is still sent only after its children are durably staged.
 *
 * <p>Before it first waits for its coordinator, the worker plays one assignment on a made-up
 * input inside its scratch directory ({@link Rehearsal}), so that the first real one does not
 * pay for loading classes and starting the process launcher while root is still preparing.
 *
 * <p>Ownership: the worker reads the public corpus and never writes it; it writes the stage of
 * each of its results and never touches it after sending that RESULT (the coordinator promotes
 * or removes it); it owns its scratch directory ({@link ScratchDirectory}) for the whole run.
 *
 * <p>It listens to its coordinator only ({@link JobTopology#coordinatorOf}). Any other sender,
 * or a tag other than ASSIGN and SHUTDOWN, is reported and ignored. A message from its
 * coordinator that does not decode, or names an executor kind the campaign does not have, is a
 * protocol failure that ends the rank with an exception:
 * answering it is impossible and waiting on would leave the coordinator waiting too. Every wait
 * is bounded by {@link WorkerSettings#idleLimit()}. {@link #run} is called by the thread that
 * owns the transport.
 */
public final class WorkerRank {

    /** The coverage probe's directory inside the scratch directory. */
    static final String TRIAGE_DIRECTORY = "triage";

    /**
     * While an execution runs and the next ASSIGN is not there yet, the worker looks again after
     * this long, then after twice as long, and so on up to {@link #LONGEST_LOOK}: the ASSIGN
     * usually comes a few milliseconds into the execution, and a long execution costs few looks.
     */
    static final Duration FIRST_LOOK = Duration.ofMillis(2);
    static final Duration LONGEST_LOOK = Duration.ofMillis(50);

    private final Transport transport;
    private final JobTopology topology;
    private final int rank;
    /** The epoch of the job this worker belongs to; it keeps the scratch of jobs apart. */
    private final long epoch;
    private final int coordinator;
    private final WorkerSettings settings;
    private final ExecutorFactory executors;
    private final FaultPlan faults;
    private final PrintStream diagnostics;
    private final CorpusLayout layout;
    private final DurableFiles files = new DurableFiles(new Fsync());
    private final WorkerFigures figures = new WorkerFigures();
    /** Per map file of an executor, the map of its lower-tier runs; read and written on the execution thread only. */
    private final Map<Path, LowerTierMap> lowerTierMaps = new ConcurrentHashMap<>();
    /** Assignments received so far; the fault plan counts them from 1. */
    private int assignments;
    /** This worker's fuzzing sessions, once {@link #run} has claimed the scratch directory; used on the execution thread. */
    private SessionSlices sessions;
    /**
     * The campaign's edge map as the coordinator's ASSIGNs brought it, by which children are
     * judged redundant before they are staged; read and written on the transport thread only.
     */
    private final EdgeMapCopy edgeMap = new EdgeMapCopy();
    /** Whether any ASSIGN has brought the edge map: without, every child goes with its coverage. */
    private boolean edgeMapKnown;

    /**
     * A worker for the rank {@code transport} belongs to, in the job of {@code epoch}.
     *
     * @param executors   creates the executors the settings describe, on this machine
     * @param faults      faults to inject; {@link FaultPlan#NONE} in a real campaign
     * @param diagnostics where one line per notable event goes (ignored messages, mismatched
     *                    inputs, failures, injected faults); standard error for a real rank
     * @throws io.frontier.worker.link.LinkException if that rank is not a worker of {@code topology}
     */
    public WorkerRank(Transport transport, JobTopology topology, long epoch, WorkerSettings settings,
                      ExecutorFactory executors, FaultPlan faults, PrintStream diagnostics) {
        this.transport = transport;
        this.topology = topology;
        this.rank = transport.rank();
        this.epoch = epoch;
        this.coordinator = topology.coordinatorOf(rank);
        this.settings = settings;
        this.executors = executors;
        this.faults = faults;
        this.diagnostics = diagnostics;
        this.layout = new CorpusLayout(settings.campaignDirectory());
    }

    /**
     * Serves the coordinator until it sends SHUTDOWN, then acknowledges with this worker's
     * figures and returns them. Claims the scratch directory first and removes it last.
     *
     * @throws WorkerException if the scratch directory cannot be claimed, no message comes from
     *     the coordinator within the idle limit, or an ASSIGN from the coordinator is malformed
     * @throws MalformedMessageException if a SHUTDOWN from the coordinator is malformed
     */
    public WorkerFigures run() {
        ScratchDirectory scratch = ScratchDirectory.claim(settings.scratchRoot(), epoch, rank);
        ExecutorService executions = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "frontier-worker-" + rank + "-execution");
            thread.setDaemon(true);
            return thread;
        });
        try {
            WorkerExecutors held = WorkerExecutors.create(executors, settings, scratch.directory());
            sessions = new SessionSlices(settings.executors(), scratch.directory(), layout, executors, diagnostics);
            Optional<CoverageProbe> probe = settings.triageConfig()
                    .map(triage -> CoverageProbe.onThisMachine(triage, scratch.directory().resolve(TRIAGE_DIRECTORY)));
            if (!faults.isEmpty()) {
                report("fault plan is active", "plan=" + faults);
            }
            rehearse(scratch);
            while (true) {
                Envelope message = awaitCoordinator();
                if (message.tag() == Tags.SHUTDOWN) {
                    figures.shutDown(System.nanoTime());
                    ShutdownReply.acknowledge(transport, topology, message, figures.asMap());
                    return figures;
                }
                figures.assigned(System.nanoTime());
                Started started = start(decodeAssign(message, held), scratch, held, executions);
                while (started != null) {
                    Started next = awaitLookingForNext(started, scratch, held, executions);
                    answer(started, started.ended(), scratch, probe);
                    started = next;
                }
            }
        } finally {
            executions.shutdownNow();
            closeSessions();
            release(scratch);
        }
    }

    /**
     * Plays one assignment on a made-up input ({@link Rehearsal}) before waiting for the first
     * real one. A failure is reported and otherwise ignored: the first real assignment takes the
     * same steps and answers whatever fails there.
     */
    private void rehearse(ScratchDirectory scratch) {
        try {
            Rehearsal.run(scratch, executors.rehearsal(), epoch, rank, files);
        } catch (FrontierException e) {
            report("rehearsal failed; the first assignment pays for first use instead", e.getMessage());
        }
    }

    /**
     * Ends this worker's fuzzing sessions, after the execution thread was told to stop. A failure
     * is reported, not thrown: the processes of a session end with this JVM at the latest.
     */
    private void closeSessions() {
        if (sessions == null) {
            return;
        }
        try {
            sessions.close();
        } catch (RuntimeException e) {
            report("fuzzing sessions not ended cleanly", e.toString());
        }
    }

    /**
     * Removes the scratch directory. A failure is reported, not thrown: after the ACK this worker
     * owes nothing more, and what is left in node-local scratch costs only space.
     */
    private void release(ScratchDirectory scratch) {
        try {
            scratch.close();
        } catch (WorkerException e) {
            report("scratch directory not removed", e.getMessage());
        }
    }

    /** The next ASSIGN or SHUTDOWN from the coordinator; everything else is reported and dropped. */
    private Envelope awaitCoordinator() {
        long deadline = System.nanoTime() + settings.idleLimit().toNanos();
        while (true) {
            long waitStarted = System.nanoTime();
            long left = deadline - waitStarted;
            if (left <= 0) {
                throw new WorkerException("no message from the coordinator within the idle limit")
                        .with("rank", rank).with("coordinator", coordinator).with("idleLimit", settings.idleLimit());
            }
            Optional<Envelope> received = transport.receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ofNanos(left));
            figures.idle(System.nanoTime() - waitStarted);
            if (received.isEmpty()) {
                continue;
            }
            Envelope message = received.get();
            if (message.source() == coordinator && (message.tag() == Tags.ASSIGN || message.tag() == Tags.SHUTDOWN)) {
                return message;
            }
            figures.ignoredMessage();
            report("ignored a message", "source=" + message.source() + ", tag=" + message.tag()
                    + ", bytes=" + message.payload().length + ", coordinator=" + coordinator);
        }
    }

    /**
     * The ASSIGN {@code message} holds, after the edge map shards it brings have joined this
     * worker's copy.
     */
    private Assign decodeAssign(Envelope message, WorkerExecutors held) {
        Assign assign;
        try {
            assign = WireCodec.decode(message.payload(), Assign.class);
            if (assign.edgeMap() != null) {
                for (EdgeMapDelta.Shard shard : assign.edgeMap().shards()) {
                    edgeMap.merge(shard.number(), shard.bytes());
                }
                edgeMapKnown = true;
            }
        } catch (MalformedMessageException | InvalidInputException e) {
            throw new WorkerException("ASSIGN from the coordinator is malformed", e)
                    .with("rank", rank).with("source", message.source()).with("problem", e.getMessage());
        }
        return assign;
    }

    /** How the children of {@code assign}'s execution are judged before they are staged. */
    private Redundancy redundancy(Assign assign) {
        return edgeMapKnown && assign.edgeMap() != null ? new Redundancy(edgeMap, assign.edgeMap().keepRedundant())
                : Redundancy.NONE;
    }

    /**
     * Waits for the execution of {@code running} to end, looking for the coordinator's next ASSIGN
     * meanwhile and once more when it has ended; returns that assignment, started, or null if
     * none has come.
     */
    private Started awaitLookingForNext(Started running, ScratchDirectory scratch, WorkerExecutors held,
                                        ExecutorService executions) {
        Started next = null;
        Duration look = FIRST_LOOK;
        boolean ended = false;
        while (true) {
            if (next == null) {
                next = transport.receive(coordinator, Tags.ASSIGN, Duration.ZERO)
                        .map(queued -> start(decodeAssign(queued, held), scratch, held, executions))
                        .orElse(null);
            }
            if (ended) {
                return next;
            }
            ended = running.await(next == null ? look : settings.idleLimit()).isPresent();
            Duration doubled = look.multipliedBy(2);
            look = doubled.compareTo(LONGEST_LOOK) < 0 ? doubled : LONGEST_LOOK;
        }
    }

    /**
     * Copies and verifies the input of {@code assign} and queues its execution on the execution
     * thread, after the ones queued before it. An input that does not match its name is not
     * executed; a copy or run directory that cannot be made is this assignment's failure.
     */
    private Started start(Assign assign, ScratchDirectory scratch, WorkerExecutors held, ExecutorService executions) {
        assignments++;
        if (assign.session() != null) {
            return startSlice(assign, scratch, executions);
        }
        // Coordinator and worker read one settings file; a kind outside it means they do not.
        Executor executor = held.of(assign.executor()).orElseThrow(() -> new WorkerException(
                "ASSIGN from the coordinator names an executor kind this campaign does not have")
                .with("rank", rank).with("work", assign.work()).with("executor", assign.executor())
                .with("kinds", settings.executorKinds()));
        WorkerInjection injection = faults.forWorker(rank, assignments);
        Path object = layout.corpus().resolve(assign.work().hex());
        InputCopy.Copied copied = null;
        RunDirectory run = null;
        try {
            run = scratch.newRun(assign.result());
            copied = InputCopy.copy(object, assign.work(), run.input());
            if (!copied.verified() && copied.actual().equals(assign.work())) {
                // Only the empty input's object can fail to be read yet hash to its name; echoing
                // that digest would make "not executed" look like a valid RESULT without children.
                throw new WorkerException("input object of the empty input cannot be read")
                        .with("path", object).with("problem", copied.problem());
            }
        } catch (FrontierException e) {
            return new Started(assign, executor, injection, run,
                    CompletableFuture.completedFuture(new Ran(copied, null, e, null)));
        }
        if (!copied.verified()) {
            return new Started(assign, executor, injection, run,
                    CompletableFuture.completedFuture(new Ran(copied, null, null, null)));
        }
        InputCopy.Copied verified = copied;
        RunDirectory copiedInto = run;
        return new Started(assign, executor, injection, run,
                executions.submit(() -> execute(verified, copiedInto, executor, assign)));
    }

    /**
     * Queues the slice of a fuzzing session that {@code assign} asks for on the execution thread.
     * A session's item has no input to copy: its RESULT names the item's own id as its input.
     */
    private Started startSlice(Assign assign, ScratchDirectory scratch, ExecutorService executions) {
        if (!sessions.runs(assign.executor())) {
            throw new WorkerException("ASSIGN from the coordinator names a session kind this campaign does not have")
                    .with("rank", rank).with("work", assign.work()).with("executor", assign.executor())
                    .with("kinds", settings.executorKinds());
        }
        WorkerInjection injection = faults.forWorker(rank, assignments);
        InputCopy.Copied none = new InputCopy.Copied(assign.work(), 0, "");
        RunDirectory run;
        try {
            run = scratch.newRun(assign.result());
        } catch (FrontierException e) {
            return new Started(assign, null, injection, null,
                    CompletableFuture.completedFuture(new Ran(none, null, e, null)));
        }
        return new Started(assign, null, injection, run, executions.submit(() -> {
            try {
                return new Ran(none, sessions.run(assign, run), null, null);
            } catch (FrontierException e) {
                return new Ran(none, null, e, null);
            }
        }));
    }

    /**
     * On the execution thread: runs the executor on a verified copy, between merging the shared
     * pruning map into its map file and reading back what the run added; a lower-tier input runs
     * on its executor's lower-tier map instead ({@link #executeBelowTierZero}). Touches only the
     * run directory and the map file.
     */
    private Ran execute(InputCopy.Copied copied, RunDirectory run, Executor executor, Assign assign) {
        if (assign.tier() != Tier.NEW_COVERAGE && executor.pruningMap().isPresent()) {
            return executeBelowTierZero(copied, run, executor, assign);
        }
        PruningMap start = startPruning(executor, assign);
        return runExecutor(copied, run, executor, assign, () -> gainedPruning(executor, assign, start));
    }

    /**
     * Runs the executor on the copy; {@code gained} gives, after a run that did not fail, the
     * pruning bits its RESULT carries.
     */
    private Ran runExecutor(InputCopy.Copied copied, RunDirectory run, Executor executor, Assign assign,
            Supplier<PruningMap> gained) {
        try {
            Execution execution = executor.run(run.input(), run.outputs(), settings.timeLimit(), assign.limitFactor());
            return new Ran(copied, execution, null, gained.get());
        } catch (FrontierException e) {
            return new Ran(copied, null, e, null);
        }
    }

    /**
     * Runs a lower-tier input with its executor's map file swapped for the lower-tier map
     * ({@link LowerTierMap}; for a repeat round, the empty map) and put back after the run, so
     * that what the run saw never prunes a tier-0 run. Its RESULT carries no pruning bits: the
     * campaign's shared map, like the file, holds only what tier-0 runs saw. A map that cannot be
     * swapped is reported, and the run goes on with the file as it is.
     */
    private Ran executeBelowTierZero(InputCopy.Copied copied, RunDirectory run, Executor executor, Assign assign) {
        startPruning(executor, assign);
        LowerTierMap lower = lowerTierMaps.computeIfAbsent(executor.pruningMap().orElseThrow(),
                file -> new LowerTierMap(new PruningFile(file)));
        PruningMap tierZero = null;
        try {
            tierZero = lower.swapIn(assign.tier() == Tier.REPEAT);
        } catch (PruningFileException e) {
            report("lower-tier pruning map not swapped in; the run starts from the map file as it is",
                    context(assign) + ", problem=" + e.getMessage());
        }
        try {
            return runExecutor(copied, run, executor, assign, () -> null);
        } finally {
            swapOut(lower, tierZero, assign);
        }
    }

    /** Puts {@code tierZero} back in the map file after a lower-tier run; nothing if it was never swapped in. */
    private void swapOut(LowerTierMap lower, PruningMap tierZero, Assign assign) {
        if (tierZero == null) {
            return;
        }
        try {
            lower.swapOut(tierZero);
        } catch (PruningFileException e) {
            report("tier-0 pruning map not put back after a lower-tier run; later runs may skip or solve again "
                    + "some branches", context(assign) + ", problem=" + e.getMessage());
        }
    }

    /**
     * ORs the assignment's shared pruning map into the executor's map file; returns the map the
     * run starts from, or null if the assignment carries no map, the executor keeps none, or the
     * file could not be merged (reported: the run then starts from the worker's own map).
     */
    private PruningMap startPruning(Executor executor, Assign assign) {
        if (assign.pruningMap() == null || executor.pruningMap().isEmpty()) {
            return null;
        }
        try {
            return new PruningFile(executor.pruningMap().get()).merge(assign.pruningMap());
        } catch (PruningFileException e) {
            report("shared pruning map not merged; the run starts from this worker's own map",
                    context(assign) + ", problem=" + e.getMessage());
            return null;
        }
    }

    /**
     * The bits the run added to the map file it started from {@code start}, or null if it added
     * none, it started from no shared map, or the file could not be read (reported: its bits then
     * stay with this worker).
     */
    private PruningMap gainedPruning(Executor executor, Assign assign, PruningMap start) {
        if (start == null) {
            return null;
        }
        try {
            PruningMap gained = new PruningFile(executor.pruningMap().orElseThrow()).read().without(start);
            return gained.isEmpty() ? null : gained;
        } catch (PruningFileException e) {
            report("pruning map not read after the run; its new bits are not sent",
                    context(assign) + ", problem=" + e.getMessage());
            return null;
        }
    }

    /** Answers one assignment with exactly one RESULT, then removes its run directory. */
    private void answer(Started started, Ran ran, ScratchDirectory scratch, Optional<CoverageProbe> probe) {
        Assign assign = started.assign();
        WorkerInjection injection = started.injection();
        Result result = result(started, ran, probe);
        if (!injection.stall().isZero()) {
            injected("worker.stall", assign, "ms=" + injection.stall().toMillis());
            sleep(injection.stall());
        }
        byte[] payload = WireCodec.encode(result);
        if (injection.malformedResult()) {
            injected("worker.malformed-result", assign, "bytes=" + payload.length / 2);
            payload = Arrays.copyOf(payload, payload.length / 2);
        }
        transport.send(coordinator, Tags.RESULT, payload);
        figures.result();
        try {
            scratch.removeRun(assign.result());
        } catch (WorkerException e) {
            // The RESULT is sent and the next run uses a new directory; a leftover costs only space.
            report("run directory not removed", e.getMessage());
        }
    }

    /** The RESULT for what became of an assignment: a mismatch, a failure, or the staged children. */
    private Result result(Started started, Ran ran, Optional<CoverageProbe> probe) {
        Assign assign = started.assign();
        String kind = assign.executor();
        InputCopy.Copied copied = ran.copied();
        if (ran.failure() == null && !copied.verified()) {
            Path object = layout.corpus().resolve(assign.work().hex());
            figures.inputMismatch();
            report("input does not match its name; not executed", context(assign) + ", path=" + object
                    + ", actual=" + copied.actual() + ", bytesRead=" + copied.size() + ", problem=" + copied.problem());
            return Answers.inputMismatch(assign, copied);
        }
        if (ran.failure() != null) {
            return failed(assign, ran, kind, ran.failure());
        }
        Execution execution = ran.execution();
        figures.execution(execution.outputs().size(), execution.wallTime());
        try {
            StageLocation location = new StageLocation(assign.epoch(), rank, assign.result().hex());
            StageWriter writer = new StageWriter(layout, location, files);
            DeclaredFinding finding = assign.session() != null ? null
                    : inputFinding(execution, started.run().input(), probe, figures);
            ChildStaging.Staged staged = ChildStaging.stage(execution.outputs(), execution.outputEnds(), assign.work(),
                    writer, Result.MAX_CHILDREN, probe, redundancy(assign));
            LeftOut leftOut = execution.leftOut().plus(new LeftOut(0, 0, staged.overLimit()));
            if (leftOut.total() > 0) {
                report("outputs left out of the children (the manifest entry counts them)", context(assign)
                        + ", symbolicLinks=" + leftOut.links() + " (not followed), special=" + leftOut.special()
                        + ", overLimit=" + leftOut.overLimit() + " (limit " + Result.MAX_CHILDREN + ")"
                        + (execution.leftOutExamples().isEmpty() ? "" : ", e.g. "
                        + String.join("; ", execution.leftOutExamples())));
            }
            if (staged.findingsDeferred() > 0) {
                report("crashing or hanging children declared without their finding; they run as work and become"
                        + " findings then", context(assign) + ", children=" + staged.findingsDeferred()
                        + ", findingsPerResult=" + Result.MAX_FINDINGS);
            }
            if (started.injection().extraStageFile()) {
                injected("worker.extra-stage-file", assign, "stage=" + writer.directory());
                writer.stage(("frontier injected extra stage file " + assign.result() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            Result executed = Answers.executed(assign, staged, kind, execution, finding, ran.pruning());
            figures.staged(staged);
            return executed;
        } catch (FrontierException e) {
            return failed(assign, ran, kind, e);
        }
    }

    /** The RESULT that cannot be accepted, for an assignment that failed on this worker. */
    private Result failed(Assign assign, Ran ran, String kind, FrontierException problem) {
        figures.failure();
        Execution execution = ran.execution();
        long inputSize = ran.copied() != null && ran.copied().verified() ? ran.copied().size() : 0;
        int generated = execution == null ? 0 : execution.outputs().size();
        report("assignment failed on this worker; answering with a RESULT that cannot be accepted",
                context(assign) + ", problem=" + problem.getMessage());
        return Answers.workerFailure(assign, inputSize, generated, kind, execution);
    }

    /**
     * The finding of the executed input itself, when it crashed or timed out under the executor:
     * what running it once on the coverage build shows, with triage; else, or if it runs normally
     * there, what the execution showed ({@link ObservedFinding}). Null for every other outcome, and
     * for a fuzzer's run, whose end says nothing about its seed.
     */
    private static DeclaredFinding inputFinding(Execution execution, Path input, Optional<CoverageProbe> probe,
                                                WorkerFigures figures) {
        if (!execution.endIsTheInputs() || execution.kind() != ExitKind.CRASH && execution.kind() != ExitKind.TIMEOUT) {
            return null;
        }
        if (probe.isPresent()) {
            long started = System.nanoTime();
            DeclaredFinding finding = probe.get().probe(input).finding();
            figures.probed(1, System.nanoTime() - started);
            if (finding != null) {
                return finding;
            }
        }
        int signal = execution.termination() instanceof Termination.Signaled signaled ? signaled.signal() : 0;
        return ObservedFinding.of(execution.kind(), signal, execution.stderr().text()).orElse(null);
    }

    private void injected(String fault, Assign assign, String detail) {
        figures.faultInjected();
        report("fault injected: " + fault, context(assign) + ", " + detail);
    }

    private String context(Assign assign) {
        return "work=" + assign.work() + ", result=" + assign.result() + ", attempt=" + assign.attempt();
    }

    private void report(String event, String context) {
        diagnostics.println("frontier worker rank " + rank + ": " + event + " [" + context + "]");
    }

    private void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkerException("interrupted during an injected stall", e).with("rank", rank);
        }
    }

    /**
     * What became of one assignment: the copy of its input (null if it could not be made; for a
     * session's slice, which has none, a copy of nothing that counts as verified), the execution
     * (null if it did not run), the failure that stopped it (null if none), and the bits the run added
     * to the shared pruning map (null if none or no shared map).
     */
    private record Ran(InputCopy.Copied copied, Execution execution, FrontierException failure, PruningMap pruning) {
    }

    /**
     * An assignment, with the executor it runs on, whose input is copied into {@code run} (null
     * if that could not be created) and whose execution is queued, running or done.
     */
    private record Started(Assign assign, Executor executor, WorkerInjection injection, RunDirectory run,
                           Future<Ran> ran) {

        /** What became of this assignment, whose execution has ended. */
        Ran ended() {
            return await(Duration.ZERO).orElseThrow();
        }

        /** What became of this assignment, if its execution ends within {@code wait}. */
        Optional<Ran> await(Duration wait) {
            try {
                return Optional.of(ran.get(wait.toNanos(), TimeUnit.NANOSECONDS));
            } catch (TimeoutException e) {
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WorkerException("interrupted while waiting for an execution", e)
                        .with("work", assign.work()).with("result", assign.result());
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException unexpected) {
                    throw unexpected;
                }
                throw new WorkerException("execution thread failed", e.getCause())
                        .with("work", assign.work()).with("result", assign.result());
            }
        }
    }
}
