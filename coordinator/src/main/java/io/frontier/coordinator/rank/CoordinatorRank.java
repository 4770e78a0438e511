package io.frontier.coordinator.rank;

import io.frontier.coordinator.admission.AuditScope;
import io.frontier.coordinator.admission.CorpusAudit;
import io.frontier.coordinator.admission.SeedAdmission;
import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.assignment.ActiveAssignments;
import io.frontier.coordinator.budget.BudgetCheck;
import io.frontier.coordinator.commit.CommitOutcome;
import io.frontier.coordinator.commit.ValidResult;
import io.frontier.coordinator.control.ControlFailure;
import io.frontier.coordinator.dispatch.Lookahead;
import io.frontier.coordinator.dispatch.WorkQueue;
import io.frontier.coordinator.overdue.Overdue;
import io.frontier.coordinator.overdue.OverdueWatch;
import io.frontier.coordinator.progress.ProgressLine;
import io.frontier.coordinator.pruning.SharedPruning;
import io.frontier.coordinator.rejection.Rejection;
import io.frontier.coordinator.pipeline.Lane;
import io.frontier.coordinator.pipeline.LoopMailbox;
import io.frontier.coordinator.session.Sessions;
import io.frontier.coordinator.session.WorkerSplit;
import io.frontier.coordinator.replay.ReplayReport;
import io.frontier.coordinator.termination.GlobalCheck;
import io.frontier.coordinator.termination.LocalFrontier;
import io.frontier.coordinator.termination.Outcome;
import io.frontier.coordinator.termination.Termination;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.ClaimResult;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.campaign.Lease;
import io.frontier.store.campaign.Recovered;
import io.frontier.store.campaign.RecoveryResult;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.seed.SeedScan;
import io.frontier.store.error.FrontierException;
import io.frontier.store.exploration.ExecutorRouting;
import io.frontier.store.exploration.Tier;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import io.frontier.store.record.Owner;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.ExecutorKind;
import io.frontier.store.wire.SessionSlice;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.fault.StopPoint;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One coordinator rank's event loop. Runs on the thread that owns MPI until the termination
 * protocol ends the job, and returns how it ended.
 *
 * <p>Order of a job: root replays the commits earlier epochs left unfinished, sweeps their stale
 * stages, audits the public corpus and admits a first slice of the seed directory; then it
 * tells the other coordinators to start. Only then does any coordinator claim or dispatch. From
 * there every turn of the loop handles one message (a RESULT together with the other RESULTs
 * already received), fills the workers' open places from the local queue (claiming from the
 * store when it is empty), on root admits the next slice of seeds while any are left, renews
 * leases when due, and lets the termination protocol act. Each worker holds up to
 * {@link #ASSIGNMENTS_PER_WORKER} assignments, the second only while the campaign's executions
 * are short ({@link Lookahead#assignsAhead}).
 *
 * <p>In a campaign that shares its SymCC pruning map, every ASSIGN to a worker whose executor
 * keeps a map hands it this coordinator's union ({@link SharedPruning}); the bits of each valid
 * RESULT join the union before the worker's next ASSIGN goes out; the union is synchronised with
 * the store once a second and written once more as the job ends.
 *
 * <p>A worker whose oldest assignment is overdue ({@link OverdueWatch}) is written off for the
 * rest of the job: nothing is assigned to it again, the leases of what it held are released so
 * that any coordinator claims those items again under new tokens, whatever it sends later is
 * dropped, and the job's end does not wait for it. The job carries on with the other workers; a
 * group left without a worker that may still work ends the job with a control failure.
 */
public final class CoordinatorRank implements LocalFrontier {

    private static final int ROOT = 0;
    /**
     * How many assignments a worker holds at once: while it executes one, the next waits in its
     * mailbox, so it starts that one as soon as an execution ends and stages and answers the
     * ended one meanwhile (see {@link io.frontier.worker.rank.WorkerRank}). Where executions take
     * longer than two seconds that saves little and fixes the worker's next item a whole
     * execution before it starts, so a busy worker is then given none ({@link Lookahead}).
     */
    static final int ASSIGNMENTS_PER_WORKER = 2;
    /** How long one turn waits for a message while work is out, and while there is none. */
    private static final Duration BUSY_POLL = Duration.ofMillis(1);
    private static final Duration IDLE_POLL = Duration.ofMillis(10);
    /** After a claim found nothing, the loop leaves the store alone this long (refresh still asks). */
    private static final long EMPTY_CLAIM_BACKOFF_MILLIS = 100;
    /**
     * How many seed files root publishes and admits per turn of its loop until the seed
     * directory is taken in: each costs a durable write, so admitting hundreds before the first
     * dispatch would leave every worker waiting for all of them.
     */
    static final int SEED_SLICE = 32;
    /** How often root prints a progress line on a long job. */
    private static final long PROGRESS_INTERVAL_MILLIS = 10_000;
    /**
     * Threads that validate RESULTs at once: each hashes a result's staged children, which takes
     * a core while it runs; more than a few would only compete with the workers on the node.
     */
    static final int VALIDATION_THREADS = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors() - 1));
    /** Results one commit group takes at most; the commit chain splits it further by children. */
    static final int COMMIT_GROUP = CampaignStore.MAX_BATCH;
    /** How often the loop looks for overdue assignments: deadlines of tens of seconds need no finer look. */
    private static final long OVERDUE_CHECK_MILLIS = 1000;

    private final Transport transport;
    private final JobTopology topology;
    private final CoordinatorServices services;
    private final CoordinatorSettings settings;
    private final long epoch;
    private final Owner owner;
    private final Set<Integer> ownBuckets;
    private final PrintStream log;

    private final WorkQueue queue = new WorkQueue();
    private final ActiveAssignments assignments = new ActiveAssignments(ASSIGNMENTS_PER_WORKER);
    /**
     * Worker ranks with room for one more assignment, each once per free place; a quarantined
     * rank is never here.
     */
    private final Deque<Integer> openPlaces = new ArrayDeque<>();
    private final Set<Integer> quarantined = new TreeSet<>();
    /**
     * Worker ranks written off for the rest of the job, each with why in words: never assigned
     * again, their late messages dropped, their shutdown not waited for.
     */
    private final Map<Integer, String> writtenOff = new TreeMap<>();
    /** Finds the workers whose oldest assignment is overdue. */
    private final OverdueWatch overdue;
    private final CoordinatorCounts counts;
    private final Termination termination;
    private final BudgetCheck budget;
    private final ProgressLine progress;
    private final ExecutorRouting routing;
    private final Lookahead lookahead;
    /** The fuzzing sessions this coordinator runs on its workers, if the campaign has a session kind. */
    private final Sessions sessions;
    /** How this coordinator's workers share their time between sessions and inputs. */
    private final WorkerSplit split = new WorkerSplit();
    /** Worker ranks running a session slice: such a worker holds nothing else until it answers. */
    private final Set<Integer> fuzzing = new TreeSet<>();
    /** Outcomes of the work done off the loop, applied by the loop each turn. */
    private final LoopMailbox mailbox = new LoopMailbox();
    /** Validates RESULTs, several at once: hashing staged children is the slow part. */
    private final Lane validation;
    /** Commits valid results in groups, and rejects invalid ones: one at a time, in order. */
    private final Lane commits;
    /** Claims and renews leases, apart from the commits so that neither waits for the other. */
    private final Lane leases;
    /** Valid results waiting for the commit lane, in the order validated: the next group. */
    private final List<ValidResult> toCommit = new ArrayList<>();
    /**
     * Assignments whose RESULT is being validated, waits to be committed or is being committed:
     * their leases are renewed as those of running assignments are, and the budget counts them.
     */
    private final List<ActiveAssignment> inPipeline = new ArrayList<>();

    /** False until root has finished replay and the audit: no claim, no dispatch before. */
    private boolean started;
    /** True once the budget is used up or a stop was requested: no claim, no dispatch, no pick-up; running work still commits. */
    private boolean draining;
    /** Why this coordinator drains, for the summary's reason; null while it does not. */
    private String drainReason;
    /** True while root's seed directory may hold files not yet admitted (see {@link #SEED_SLICE}). */
    private boolean seedsLeft;
    private long startDeadline;
    /** The fewest results a commit group holds while more may come: 1 unless a test's fault plan sets more. */
    private final int commitGroupFloor;
    private long nextRenewal;
    private long nextClaim;
    /** True while a claim runs on the lease lane: no second one is started meanwhile. */
    private boolean claiming;
    private long nextProgress = nowMillis() + PROGRESS_INTERVAL_MILLIS;
    private long nextOverdueCheck;

    public CoordinatorRank(Transport transport, JobTopology topology, CoordinatorServices services,
                           CoordinatorSettings settings, long epoch, Owner owner, Set<Integer> ownBuckets,
                           PrintStream log) {
        this.transport = transport;
        this.topology = topology;
        this.services = services;
        this.settings = settings;
        this.epoch = epoch;
        this.owner = owner;
        this.ownBuckets = Set.copyOf(ownBuckets);
        this.log = log;
        for (int place = 0; place < ASSIGNMENTS_PER_WORKER; place++) {
            openPlaces.addAll(topology.workersOf(transport.rank()));
        }
        this.counts = new CoordinatorCounts(transport.rank() == ROOT
                ? () -> services.store().counts().get(Counter.INVALID) : () -> 0L);
        this.budget = new BudgetCheck(settings.budget(), System.nanoTime(), () -> services.store().counts(),
                () -> services.store().executions());
        this.progress = new ProgressLine(services.progress(), System.nanoTime(),
                topology.size() - topology.coordinators());
        this.routing = new ExecutorRouting(settings.executorKinds());
        // Sessions are claimed one per fuzzing worker, never in batches: only the kinds that run
        // inputs shape claims and assigning ahead.
        List<String> inputKinds = settings.inputKinds();
        this.lookahead = new Lookahead(settings.claimBatch(), Math.max(1, topology.workersOf(transport.rank()).size()),
                inputKinds.isEmpty() ? settings.executorKinds() : inputKinds);
        this.sessions = new Sessions(services.store(), settings.sessionKind(), settings.sessionSlice(),
                topology.coordinators());
        counts.sessions = sessions.enabled();
        this.overdue = new OverdueWatch(settings.timeLimit(), settings.sessionSlice());
        this.termination = new Termination(transport, topology, settings.termination(), this,
                new EndCheck(), counts, System.nanoTime());
        this.validation = new Lane("validation-" + transport.rank(), VALIDATION_THREADS, mailbox);
        this.commits = new Lane("commits-" + transport.rank(), 1, mailbox);
        this.leases = new Lane("leases-" + transport.rank(), 1, mailbox);
        this.startDeadline = nowMillis() + settings.startTimeout().toMillis();
        this.commitGroupFloor = services.faults().commitGroupFloor(transport.rank());
    }

    /** Runs the job on this coordinator to its end. */
    public Outcome run() {
        if (transport.rank() == ROOT) {
            prepareAsRoot();
        }
        long lastTurn = nowMillis();
        while (!termination.ended()) {
            boolean idleBefore = idle();
            Optional<Envelope> message = transport.receive(Transport.ANY_SOURCE, Transport.ANY_TAG,
                    idleBefore ? IDLE_POLL : BUSY_POLL);
            long now = nowMillis();
            if (idleBefore) {
                counts.idleMillis += now - lastTurn;
            }
            lastTurn = now;
            try {
                mailbox.run();
                message.ifPresent(envelope -> onMessage(envelope, nowMillis()));
                if (started && termination.acceptsWork()) {
                    dispatch(nowMillis(), false);
                    admitMoreSeeds();
                }
                commitPending(nowMillis());
                renewIfDue(nowMillis());
                writeOffOverdue(nowMillis());
                syncPruningIfDue(nowMillis());
                services.edgeMap().refreshIfDue(nowMillis());
                checkStartDeadline(nowMillis());
                reportProgressIfDue(nowMillis());
            } catch (TransactionOutcomeUnknownException unknown) {
                // The campaign store already called the operation again; whether it took effect
                // stays unknown, so this job stops, and the next job's replay finishes it.
                log.printf("coordinator %d: a store operation's outcome stayed unknown; stopping: %s%n",
                        transport.rank(), unknown.getMessage());
                termination.controlFailure(unknown, System.nanoTime());
            } catch (FrontierException failure) {
                termination.controlFailure(failure, System.nanoTime());
            }
            termination.tick(System.nanoTime());
        }
        validation.close();
        commits.close();
        leases.close();
        flushPruning();
        Outcome outcome = termination.outcome();
        if (transport.rank() == ROOT && outcome.ending() == Outcome.Ending.COMMITTED && outcome.clean()) {
            services.janitor().sweepUpTo(epoch);
        }
        return outcome;
    }

    /** What this coordinator did, for the summary; with sessions, the split as it stands now. */
    public Map<String, Long> counts() {
        if (sessions.enabled()) {
            WorkerSplit.Figures figures = split.figures(seconds(nowMillis()));
            counts.fuzzTargetPermille = Math.round(figures.target() * 1000);
            counts.fuzzSharePermille = Math.round(figures.fuzzShare() * 1000);
        }
        return counts.counts();
    }

    /**
     * Nothing queued, nothing running, and nothing off the loop: no RESULT validating or waiting to
     * be committed, no commit, claim or renewal under way, no outcome waiting to be applied.
     */
    @Override
    public boolean idle() {
        return queue.isEmpty() && assignments.size() == 0 && inPipeline.isEmpty() && validation.idle()
                && commits.idle() && leases.idle() && mailbox.isEmpty();
    }

    @Override
    public Map<Integer, String> writtenOff() {
        return Map.copyOf(writtenOff);
    }

    /**
     * The shared refresh: rescan external inputs (root owns the seed directory) → pick up
     * pending work from the store → recover expired leases (verifying each recovered object) →
     * recompute idle. Before the start, nothing may be picked up and the coordinator is idle.
     */
    @Override
    public boolean refresh() {
        if (!started || drainIfExhausted()) {
            return idle();
        }
        long now = nowMillis();
        if (services.seeds() != null) {
            SeedAdmission.Pass pass = reported(services.seeds().scan(epoch));
            seedsLeft = false;
            if (pass.admitted() > 0) {
                log.printf("coordinator %d: admitted %d new seeds%n", transport.rank(), pass.admitted());
            }
        }
        dispatch(now, true);
        recoverExpired(now);
        dispatch(now, true);
        return idle();
    }

    private void prepareAsRoot() {
        double now = seconds(nowMillis());
        try {
            ReplayReport replay = services.replay().run(epoch, work -> true, now);
            if (replay.controlFailure() != null) {
                throw asException(replay.controlFailure());
            }
            if (replay.fenced()) {
                throw new FrontierException("a newer epoch fenced this job off during replay").with("epoch", epoch);
            }
            if (!replay.completed().isEmpty() || !replay.abandoned().isEmpty()) {
                log.printf("coordinator %d: replay finished %d commits of earlier jobs and abandoned %d%n",
                        transport.rank(), replay.completed().size(), replay.abandoned().size());
            }
            services.janitor().sweepUpTo(epoch - 1);
            if (sessions.enabled()) {
                int created = services.store().ensureSessions(epoch, settings.sessionKind(),
                        topology.size() - topology.coordinators());
                if (created > 0) {
                    log.printf("coordinator %d: created %d %s sessions%n", transport.rank(), created,
                            settings.sessionKind());
                }
            }
            audit();
            if (services.seeds() != null) {
                seedsLeft = !reported(services.seeds().scan(epoch, SEED_SLICE)).complete();
            }
            started = true;
            for (int peer : topology.peersOf(ROOT)) {
                transport.send(peer, Tags.START, new byte[0]);
            }
        } catch (FrontierException failure) {
            log.printf("coordinator %d: control failure before start: %s%n", transport.rank(), failure.getMessage());
            termination.controlFailure(failure, System.nanoTime());
        }
    }

    /**
     * The corpus audit the campaign's scope asks of this start, if any; a long one says how far
     * it got. A skipped audit, a scope other than the default and an audit of a second or more
     * are logged; the default's quick audit of a small campaign is not.
     *
     * @throws FrontierException the control failure of an untrusted corpus, naming its first bad object
     */
    private void audit() {
        CorpusAudit.Plan plan = services.audit().plan();
        if (!plan.runs() || plan.scope() != AuditScope.AUTO) {
            log.printf("coordinator %d: %s%n", transport.rank(), plan.describe());
        }
        if (!plan.runs()) {
            return;
        }
        long started = System.nanoTime();
        CorpusAudit.Outcome audit = services.audit().run(line -> log.printf("coordinator %d: %s%n", transport.rank(), line));
        if (!audit.trusted()) {
            throw audit.failure();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        if (seconds < 1) {
            return;
        }
        log.printf("coordinator %d: corpus audit: %,d objects hashed, %,d store records read, in %.1f s%n",
                transport.rank(), audit.report().objectsVerified(), audit.references().workRecords()
                        + audit.references().manifestEntries(), seconds);
    }

    /**
     * Root's next slice of the seed directory, while files may be left from the start. Once the
     * directory has been taken in, only the refresh scans it again (for seeds added later).
     */
    private void admitMoreSeeds() {
        // A claim under way brings the first items: admitting more seeds now would hold them up.
        if (seedsLeft && !draining && !claiming) {
            seedsLeft = !reported(services.seeds().scan(epoch, SEED_SLICE)).complete();
            dispatch(nowMillis(), true);
        }
    }

    /** {@code pass}, after logging each entry of the seed directory it newly found to be no seed. */
    private SeedAdmission.Pass reported(SeedAdmission.Pass pass) {
        for (SeedScan.Skipped skipped : pass.newlySkipped()) {
            log.printf("coordinator %d: seed directory entry not admitted: %s: %s%n", transport.rank(),
                    skipped.path(), skipped.reason());
        }
        return pass;
    }

    private void onMessage(Envelope envelope, long now) {
        if (envelope.tag() == Tags.RESULT) {
            onResults(envelope, now);
        } else if (envelope.tag() == Tags.START && envelope.source() == ROOT) {
            started = true;
        } else if (Termination.handles(envelope.tag())) {
            termination.onMessage(envelope, System.nanoTime());
        } else {
            log.printf("coordinator %d: ignored a message with tag %d from rank %d%n",
                    transport.rank(), envelope.tag(), envelope.source());
        }
    }

    /**
     * Hands {@code first} and every further RESULT already received, at most as many as the
     * group's workers hold assignments, to validation, each with the exact assignment of its
     * sender; each verdict comes back to the loop ({@link #judged}).
     */
    private void onResults(Envelope first, long now) {
        int limit = topology.workersOf(transport.rank()).size() * ASSIGNMENTS_PER_WORKER;
        Optional<Envelope> next = Optional.of(first);
        for (int taken = 1; next.isPresent(); taken++) {
            validate(next.get());
            next = taken < limit
                    ? transport.receive(Transport.ANY_SOURCE, Tags.RESULT, Duration.ZERO)
                    : Optional.empty();
        }
    }

    /** Matches one RESULT to its sender's oldest assignment and validates it off the loop. */
    private void validate(Envelope envelope) {
        if (writtenOff.containsKey(envelope.source())) {
            log.printf("coordinator %d: dropped a late RESULT from worker %d, written off for this job%n",
                    transport.rank(), envelope.source());
            return;
        }
        overdue.answered(envelope.source(), nowMillis());
        Optional<ActiveAssignment> active = assignments.take(envelope.source());
        if (active.isEmpty()) {
            log.printf("coordinator %d: ignored a RESULT from rank %d, which holds no assignment%n",
                    transport.rank(), envelope.source());
            return;
        }
        ActiveAssignment assignment = active.get();
        services.faults().stopAt(transport.rank(), StopPoint.AFTER_RESULT);
        inPipeline.add(assignment);
        byte[] payload = envelope.payload();
        validation.submit(() -> services.validator().validate(assignment, payload),
                verdict -> judged(assignment, verdict, nowMillis()), this::failOnLoop);
    }

    /**
     * Acts on one verdict: a valid result waits for the next commit group, and its worker gets its
     * next item at once where executions are short, unless the results in hand use up the
     * execution budget; an invalid one's worker is quarantined and the result rejected.
     */
    private void judged(ActiveAssignment assignment, Verdict verdict, long now) {
        if (verdict instanceof Verdict.Valid accepted) {
            toCommit.add(new ValidResult(assignment, accepted));
            Execution execution = accepted.result().execution();
            services.pruning().absorb(accepted.result().pruningMap());
            // A session's next slice can be claimed only once this one is committed, and its worker
            // should get that one rather than another session: a slice's places open after the
            // commit ({@link #sliceEnded}).
            if (!ExecutorKind.isSession(assignment.executor())) {
                lookahead.executed(execution.executor(), execution.wallMillis());
                if (mayWork(assignment.workerRank())) {
                    openPlaces.addLast(assignment.workerRank());
                }
            }
            if (lookahead.assignsAhead() && started && termination.acceptsWork()
                    && budget.allowsNextWith(uncommitted())) {
                dispatch(now, false);
            }
            commitPending(now);
            return;
        }
        inPipeline.remove(assignment);
        if (quarantined.add(assignment.workerRank())) {
            counts.quarantinedWorkers++;
            openPlaces.removeIf(rank -> rank == assignment.workerRank());
        }
        if (fuzzing.remove(assignment.workerRank())) {
            sessions.lost(assignment.workerRank());
        }
        reject(assignment, (Verdict.Invalid) verdict, now);
    }

    /** Results the budget has not counted yet: validating, waiting for a commit group, or in one. */
    private int uncommitted() {
        return inPipeline.size();
    }

    /**
     * Hands the valid results waiting to the commit lane as one group, once it is free and the
     * results being validated have joined them (or the group is full): results received together
     * commit together, while a group commits the next one gathers, so groups grow with the load,
     * and a lone result waits for nothing (unless a test's fault plan sets a floor on groups).
     */
    private void commitPending(long now) {
        if (toCommit.isEmpty() || !commits.idle() || !validation.idle() && toCommit.size() < COMMIT_GROUP) {
            return;
        }
        if (toCommit.size() < commitGroupFloor && assignments.size() > 0) {
            return;
        }
        List<ValidResult> group = new ArrayList<>(toCommit.subList(0, Math.min(COMMIT_GROUP, toCommit.size())));
        toCommit.subList(0, group.size()).clear();
        commits.submit(() -> services.commits().commitAll(group, seconds(now)),
                outcomes -> committed(group, outcomes), this::failOnLoop);
    }

    /**
     * Counts each outcome of a commit group; then throws for the first result whose commit could
     * not be finished in this job, after every other result of the group has reached its own
     * outcome.
     */
    private void committed(List<ValidResult> group, List<CommitOutcome> outcomes) {
        FrontierException unfinished = null;
        for (int i = 0; i < group.size(); i++) {
            inPipeline.remove(group.get(i).assignment());
            FrontierException problem = count(group.get(i), outcomes.get(i));
            if (unfinished == null) {
                unfinished = problem;
            }
        }
        if (unfinished != null) {
            throw unfinished;
        }
        commitPending(nowMillis());
    }

    /** What a task off the loop threw, thrown on the loop, where the job's failures are dealt with. */
    private void failOnLoop(RuntimeException failure) {
        throw failure;
    }

    /** Counts one commit outcome; returns the failure the job must stop with, or null. */
    private FrontierException count(ValidResult valid, CommitOutcome outcome) {
        Execution execution = valid.result().execution();
        boolean slice = ExecutorKind.isSession(valid.assignment().executor());
        if (slice) {
            sliceEnded(valid.assignment().workerRank(), outcome instanceof CommitOutcome.Committed,
                    SessionSlice.FUZZER_RUNNING.equals(execution.exitKind()));
        }
        if (outcome instanceof CommitOutcome.Committed committed) {
            split.committed(slice, execution.wallMillis() / 1000.0, committed.newEdges(), seconds(nowMillis()));
            counts.executions++;
            counts.childrenGenerated += valid.result().generated();
            counts.childrenDeclared += valid.result().children().size();
            counts.uniqueChildren += committed.enqueued().size();
            budget.committed(1, committed.enqueued().size());
            return null;
        }
        if (outcome instanceof CommitOutcome.Refused refused) {
            counts.refusedCommits++;
            log.printf("coordinator %d: commit refused for work %s: %s%n", transport.rank(), refused.work(),
                    refused.reason());
            return null;
        }
        if (outcome instanceof CommitOutcome.ControlFailed failed) {
            return asException(failed.failure());
        }
        if (outcome instanceof CommitOutcome.Failed failed) {
            return failed.failure();
        }
        ActiveAssignment assignment = valid.assignment();
        return new FrontierException("a commit could not be finished in this job; resume will replay it")
                .with("work", assignment.work()).with("result", assignment.result()).with("outcome", outcome);
    }

    /**
     * Rejects an invalid result on the commit lane ({@link io.frontier.coordinator.rejection
     * .InvalidResultHandler}): its work goes back to the head of the queue under the same token,
     * or, a session's, back to pending. Fails if every worker of the group is quarantined, once
     * the handler has verified the work's input: a worker that could not verify its input may
     * have met a corrupt or missing object, and then the job's failure must name the object.
     */
    private void reject(ActiveAssignment assignment, Verdict.Invalid invalid, long now) {
        counts.invalidResults++;
        log.printf("coordinator %d: invalid result from worker %d for work %s (%s); worker quarantined%n",
                transport.rank(), assignment.workerRank(), assignment.work(), invalid);
        commits.submit(() -> {
            Rejection rejection = services.rejections().handle(assignment, invalid, seconds(now),
                    settings.leaseSeconds());
            if (rejection instanceof Rejection.Requeued requeued && requeued.kept().session() != null) {
                // A session is never dispatched from the input queue: it goes back to pending, and
                // the next worker to fuzz claims it under a new token.
                services.store().release(epoch, List.of(assignment.lease()), seconds(now));
            }
            return rejection;
        }, rejection -> {
            if (rejection instanceof Rejection.ControlFailed failed) {
                throw asException(failed.failure());
            }
            requireAWorker();
            if (rejection instanceof Rejection.Requeued requeued && requeued.kept().session() == null) {
                queue.retryFirst(requeued.kept());
            }
        }, this::failOnLoop);
    }

    /**
     * Hands work to the workers' open places: a session slice to a free worker that is to fuzz
     * ({@link WorkerSplit}), else queued inputs, claiming from the store when the queue is empty.
     * A claim that found nothing is not repeated for a short while, unless {@code refreshing}.
     * A worker that can be given nothing now is passed over until the next dispatch.
     */
    private void dispatch(long now, boolean refreshing) {
        if (drainIfExhausted() || !budget.allowsNextWith(uncommitted())) {
            return;
        }
        Set<Integer> passed = new TreeSet<>();
        Optional<Integer> place = usablePlace(passed);
        while (place.isPresent()) {
            if (!serve(place.get(), now, refreshing)) {
                passed.add(place.get());
            }
            place = usablePlace(passed);
        }
        if (lookahead.assignsAhead() && routing.runsInputs() && queue.size() < aheadDepth() && !idle()
                && !(sessions.enabled() && nextIsLowerTier())) {
            // Short executions: the next items are claimed before a worker asks for them. An idle
            // coordinator claims at once when a worker asks instead (see claim). Not while the
            // queue starts with a lower tier beside fuzzers: those items run at the split's floor,
            // and more of them would stand before the new coverage committed meanwhile.
            claimAhead(now);
        } else if (!lookahead.assignsAhead() && queue.size() > usablePlaces()) {
            releaseSurplus(now);
        }
    }

    /**
     * Gives {@code worker} its next assignment, if it can have one now: a session slice when it is
     * free and is to fuzz, or when no input waits, or always in a campaign whose kinds run no
     * inputs, or when the next input is of a lower tier and fuzzing is above its floor; else an
     * input. A worker still executing an input gets no second one while the split wants it to
     * fuzz: it fuzzes once it is free.
     *
     * @return whether an assignment was sent
     */
    private boolean serve(int worker, long now, boolean refreshing) {
        // Free: nothing running, and no result whose place is still to come back from validation.
        boolean free = !assignments.isBusy(worker)
                && inPipeline.stream().noneMatch(assignment -> assignment.workerRank() == worker);
        if (!routing.runsInputs()) {
            // A campaign of sessions alone: its seeds wait as work only for the record, and reach
            // the fuzzers through the feed.
            return free && assignSlice(worker, now);
        }
        boolean fuzzNext = sessions.enabled() && split.fuzzNext(seconds(now));
        if (fuzzNext && free && assignSlice(worker, now)) {
            return true;
        }
        if (fuzzNext && !free) {
            return false;
        }
        if (queue.isEmpty()) {
            boolean found = claim(now, refreshing);
            if (!found && claiming) {
                return false;
            }
            if (!found) {
                // No input is pending: what the last claim found, a moment ago.
                return sessions.enabled() && free && assignSlice(worker, now);
            }
        }
        if (sessions.enabled() && nextIsLowerTier() && split.fuzzBeforeLowerTier(seconds(now))) {
            // The frontier is dry: the worker fuzzes once it is free, if a session can be had.
            if (!free) {
                return false;
            }
            if (assignSlice(worker, now)) {
                releaseLowerTiers(now);
                return true;
            }
        }
        assignInput(worker, now);
        return true;
    }

    /**
     * Gives back the queued inputs of lower tiers once a worker went to fuzz instead: held, they
     * would stand before the new coverage committed meanwhile, which the next claim takes first.
     */
    private void releaseLowerTiers(long now) {
        List<Lease> lower = queue.takeWhere(item -> item.tier() != Tier.NEW_COVERAGE);
        if (!lower.isEmpty()) {
            leases.submit(() -> services.store().release(epoch, lower, seconds(now)), released -> { },
                    this::failOnLoop);
        }
    }

    /** Whether the next queued input waited in a lower tier: the campaign's frontier is dry. */
    private boolean nextIsLowerTier() {
        return queue.peek().map(item -> item.tier() != Tier.NEW_COVERAGE).orElse(false);
    }

    /** Sends {@code worker} the next queued input. */
    private void assignInput(int worker, long now) {
        openPlaces.removeFirstOccurrence(worker);
        WorkRecord item = queue.next().orElseThrow();
        String kind = routing.kindFor(item);
        ActiveAssignment assignment = ActiveAssignment.issue(item, epoch, worker, kind, seconds(now));
        assignments.add(assignment);
        Assign message = assignment.message(services.pruning().forKind(kind), services.edgeMap().deltaFor(worker));
        transport.send(worker, Tags.ASSIGN, WireCodec.encode(message));
        counts.dispatched++;
        split.planned(false, lookahead.meanSeconds(kind), seconds(now));
        services.faults().stopAt(transport.rank(), StopPoint.AFTER_ASSIGN);
    }

    /**
     * Claims a session for {@code worker}, which holds no assignment, and sends it one slice; the
     * worker then has no open place until the slice is committed.
     *
     * @return false if no session could be claimed or the feed has nothing to start one from
     */
    private boolean assignSlice(int worker, long now) {
        Optional<WorkRecord> session = sessions.claim(epoch, owner, worker, seconds(now), settings.leaseSeconds());
        if (session.isEmpty()) {
            return false;
        }
        ActiveAssignment assignment = ActiveAssignment.issue(session.get(), epoch, worker, settings.sessionKind(),
                seconds(now));
        Optional<SessionSlice> slice = sessions.slice(worker, session.get());
        if (slice.isEmpty()) {
            services.store().release(epoch, List.of(assignment.lease()), seconds(now));
            return false;
        }
        openPlaces.removeIf(rank -> rank == worker);
        fuzzing.add(worker);
        assignments.add(assignment);
        transport.send(worker, Tags.ASSIGN, WireCodec.encode(assignment.sliceMessage(slice.get(),
                services.edgeMap().deltaFor(worker))));
        counts.dispatched++;
        counts.sessionSlices++;
        counts.sessionSeeds += slice.get().seeds().size();
        counts.sessionImports += slice.get().imports().size();
        if (slice.get().fresh()) {
            counts.sessionStarts++;
        }
        split.planned(true, sessions.slice().toMillis() / 1000.0, seconds(now));
        services.faults().stopAt(transport.rank(), StopPoint.AFTER_ASSIGN);
        return true;
    }

    /**
     * {@code worker}'s slice has reached its outcome: the worker's places open again (unless it is
     * quarantined), and its fuzzer instance is known to run on if the slice committed and the
     * fuzzer was still running at its end.
     */
    private void sliceEnded(int worker, boolean committed, boolean running) {
        fuzzing.remove(worker);
        if (committed) {
            sessions.committed(worker, running);
        } else {
            sessions.lost(worker);
        }
        if (mayWork(worker)) {
            long held = openPlaces.stream().filter(rank -> rank == worker).count()
                    + assignments.all().stream().filter(assignment -> assignment.workerRank() == worker).count();
            for (long place = held; place < ASSIGNMENTS_PER_WORKER; place++) {
                openPlaces.addLast(worker);
            }
        }
    }

    /**
     * The first open place a dispatch may fill, of a worker not in {@code passed}: any, where
     * executions are short enough to assign ahead ({@link Lookahead#assignsAhead}); else only one
     * of a worker that is not executing. A worker running a session slice has no open place.
     */
    private Optional<Integer> usablePlace(Set<Integer> passed) {
        Stream<Integer> places = lookahead.assignsAhead() ? openPlaces.stream() : idleWorkers();
        return places.filter(worker -> !passed.contains(worker)).findFirst();
    }

    /**
     * How many open places a dispatch may fill now (see {@link #usablePlace}): every open place,
     * or one per worker that is not executing, since its first assignment makes it busy.
     */
    private int usablePlaces() {
        return lookahead.assignsAhead() ? openPlaces.size() : (int) idleWorkers().count();
    }

    /** The workers with an open place that are not executing, each once. */
    private Stream<Integer> idleWorkers() {
        return openPlaces.stream().filter(worker -> !assignments.isBusy(worker)).distinct();
    }

    /**
     * Claims work for the queue: at once in a refresh, whose idle test must see the store as it
     * is, and when this coordinator holds nothing else, so that looking for work while idle never
     * makes it look busy (root measures its idle window on {@link #idle}, and a claim on the lane
     * every few milliseconds would restart it for as long as the store stays empty); otherwise on
     * the lease lane ({@link #claimAhead}), and the items join the queue when the claim comes back.
     *
     * @return whether a claim made at once found work; false for a claim on the lane
     */
    private boolean claim(long now, boolean refreshing) {
        boolean holdsNothing = !claiming && idle();
        if (refreshing || holdsNothing && now >= nextClaim && !draining) {
            return took(services.store().claim(epoch, owner, ownBuckets, claimSize(), seconds(now),
                    settings.leaseSeconds()), now);
        }
        if (!holdsNothing) {
            claimAhead(now);
        }
        return false;
    }

    /**
     * Starts a claim on the lease lane unless one runs or the last one found nothing a moment ago;
     * when it comes back its items join the queue and dispatch runs again. Claim a batch, not one
     * item per idle worker, where executions are short: one store transaction then feeds several
     * dispatches. The batch stays small so other coordinators are not starved, and shrinks to the
     * open places where executions are long ({@link Lookahead}).
     */
    private void claimAhead(long now) {
        if (claiming || now < nextClaim || draining) {
            return;
        }
        claiming = true;
        int wanted = claimSize();
        leases.submit(() -> services.store().claim(epoch, owner, ownBuckets, wanted, seconds(now),
                settings.leaseSeconds()), claimed -> {
                    claiming = false;
                    took(claimed, nowMillis());
                    if (started && termination.acceptsWork()) {
                        dispatch(nowMillis(), false);
                    }
                }, failure -> {
                    claiming = false;
                    throw failure;
                });
    }

    /**
     * How many items the queue holds ahead of demand where executions are short: the lookahead's
     * claim for the open places, plus one for each worker of the group, so that a worker whose
     * result comes in finds its next item queued and need not wait for a claim.
     */
    private int aheadDepth() {
        return lookahead.claimSize(usablePlaces()) + topology.workersOf(transport.rank()).size();
    }

    /**
     * Once executions are long, gives back the items claimed ahead that no open place takes:
     * held for a whole run, they would keep other coordinators from them and run before the
     * inputs committed meanwhile, whatever their order.
     */
    private void releaseSurplus(long now) {
        List<Lease> surplus = queue.takeNewest(queue.size() - usablePlaces());
        if (!surplus.isEmpty()) {
            leases.submit(() -> services.store().release(epoch, surplus, seconds(now)), released -> { },
                    this::failOnLoop);
        }
    }

    /** What a claim should take now: enough to fill the queue to its depth, at least one. */
    private int claimSize() {
        int depth = lookahead.assignsAhead() ? aheadDepth() : lookahead.claimSize(usablePlaces());
        return Math.max(1, Math.min(depth - queue.size(), CampaignStore.MAX_CLAIM));
    }

    /**
     * Puts what a claim granted in the queue, or back to pending if this coordinator has begun
     * draining meanwhile; a claim that found nothing keeps the store alone for a short while.
     *
     * @return whether it granted anything
     */
    private boolean took(ClaimResult claimed, long now) {
        if (!claimed.blocked().isEmpty()) {
            throw new FrontierException("a work record cannot be read; the item is blocked")
                    .with("key", claimed.blocked().get(0).key())
                    .with("problem", claimed.blocked().get(0).problem().getMessage());
        }
        if (claimed.granted().isEmpty()) {
            nextClaim = now + EMPTY_CLAIM_BACKOFF_MILLIS;
            return false;
        }
        services.faults().stopAt(transport.rank(), StopPoint.AFTER_CLAIM);
        if (draining) {
            services.store().release(epoch, claimed.granted().stream()
                    .map(record -> new Lease(record.id(), record.token())).toList(), seconds(now));
            return false;
        }
        claimed.granted().forEach(queue::add);
        return true;
    }

    private void recoverExpired(long now) {
        RecoveryResult recovered = services.store().recoverExpired(epoch, owner, CampaignStore.MAX_CLAIM, seconds(now));
        if (!recovered.blocked().isEmpty()) {
            throw new FrontierException("an expired lease cannot be recovered: its record is inconsistent")
                    .with("key", recovered.blocked().get(0).key())
                    .with("problem", recovered.blocked().get(0).problem().getMessage());
        }
        for (Recovered item : recovered.recovered()) {
            if (!item.session()) {
                services.corpus().verify(item.id());
            }
        }
        if (!recovered.recovered().isEmpty()) {
            log.printf("coordinator %d: recovered %d expired leases%n", transport.rank(), recovered.recovered().size());
        }
    }

    /**
     * Synchronises the shared pruning map with the store when due. A refusal is logged, not
     * thrown: the bits stay for the next attempt, and a map behind costs solver queries only.
     */
    private void syncPruningIfDue(long now) {
        try {
            services.pruning().syncIfDue(now);
        } catch (FrontierException e) {
            log.printf("coordinator %d: shared pruning map not synchronised with the store; trying again in %d ms:"
                    + " %s%n", transport.rank(), SharedPruning.SYNC_INTERVAL.toMillis(), e.getMessage());
        }
    }

    /** Writes the pruning map bits not yet in the store as the job ends; a refusal is logged. */
    private void flushPruning() {
        try {
            services.pruning().flush();
        } catch (FrontierException e) {
            log.printf("coordinator %d: the last shared pruning map bits of this job were not written: %s%n",
                    transport.rank(), e.getMessage());
        }
    }

    /** Whether {@code worker} may be given work: neither quarantined nor written off. */
    private boolean mayWork(int worker) {
        return !quarantined.contains(worker) && !writtenOff.containsKey(worker);
    }

    /** Fails when no worker of this coordinator's group may be given work any more: never spin. */
    private void requireAWorker() {
        if (topology.workersOf(transport.rank()).stream().noneMatch(this::mayWork)) {
            throw new FrontierException("no worker of this coordinator's group may work any more: each is quarantined"
                    + " or written off; frontier resume carries on with the nodes that answer")
                    .with("rank", transport.rank()).with("quarantined", quarantined)
                    .with("writtenOff", String.join("; ", writtenOff.values()));
        }
    }

    /** Once a second, writes off every worker whose oldest assignment is overdue. */
    private void writeOffOverdue(long now) {
        if (now < nextOverdueCheck) {
            return;
        }
        nextOverdueCheck = now + OVERDUE_CHECK_MILLIS;
        List<Overdue> late = overdue.overdue(assignments.oldest(), now);
        late.forEach(assignment -> writeOff(assignment, now));
        if (!late.isEmpty()) {
            requireAWorker();
        }
    }

    /**
     * Writes off the worker of {@code late} for the rest of the job: its assignments are
     * forgotten, so a RESULT it sends later matches none and is dropped, and their leases are
     * released on the lease lane, so the items go back to pending and are claimed again under new
     * tokens (a release that finds a lease lost already changes nothing). Its stages stay until
     * a later job sweeps this epoch's.
     */
    private void writeOff(Overdue late, long now) {
        int worker = late.worker();
        ActiveAssignment assignment = late.assignment();
        List<Lease> held = assignments.takeAll(worker).stream().map(ActiveAssignment::lease).toList();
        openPlaces.removeIf(rank -> rank == worker);
        if (fuzzing.remove(worker)) {
            sessions.lost(worker);
        }
        String why = String.format("worker %d did not answer its %s assignment of work %s (token %s, result %s)"
                        + " within its time limit of %d s and a grace of %d s: out for %d s", worker,
                assignment.executor(), assignment.work(), assignment.token(), assignment.result(),
                late.limit().toSeconds(), late.grace().toSeconds(), late.outSeconds(now));
        writtenOff.put(worker, why);
        counts.writtenOffWorkers++;
        log.printf("coordinator %d: %s; written off for this job, its %d items go back to pending%n",
                transport.rank(), why, held.size());
        leases.submit(() -> services.store().release(epoch, held, seconds(now)), released -> { }, this::failOnLoop);
    }

    /**
     * Renews, on the lease lane, the leases of queued and running items and of results not yet
     * committed, every third of the lease; a queued item whose lease was lost leaves the queue.
     */
    private void renewIfDue(long now) {
        if (now < nextRenewal) {
            return;
        }
        nextRenewal = now + settings.lease().toMillis() / 3;
        List<Lease> held = new ArrayList<>(queue.leases());
        assignments.all().forEach(assignment -> held.add(assignment.lease()));
        inPipeline.forEach(assignment -> held.add(assignment.lease()));
        if (held.isEmpty()) {
            return;
        }
        leases.submit(() -> {
            Map<Lease, String> lost = new java.util.LinkedHashMap<>();
            for (int from = 0; from < held.size(); from += CampaignStore.MAX_BATCH) {
                List<Lease> batch = held.subList(from, Math.min(held.size(), from + CampaignStore.MAX_BATCH));
                List<ItemResult<WorkRecord>> renewed = services.store().renew(epoch, batch, seconds(now),
                        settings.leaseSeconds());
                for (int i = 0; i < batch.size(); i++) {
                    if (!renewed.get(i).succeeded()) {
                        lost.put(batch.get(i), renewed.get(i).failure().getMessage());
                    }
                }
            }
            return lost;
        }, lost -> lost.forEach((lease, reason) -> {
            if (queue.drop(lease)) {
                log.printf("coordinator %d: lost the lease of queued work %s: %s%n", transport.rank(),
                        lease.work(), reason);
            }
        }), this::failOnLoop);
    }

    /**
     * Starts draining once the budget is used up or the job was asked to stop: from then on
     * nothing is claimed, dispatched or picked up, and the items claimed but not yet dispatched
     * go back to pending, so that the next job finds them at once instead of after their lease.
     * Running work finishes and commits as usual; once it has, this coordinator is idle and
     * votes YES.
     *
     * @return whether this coordinator is draining
     */
    private boolean drainIfExhausted() {
        if (draining) {
            return true;
        }
        long now = System.nanoTime();
        Optional<String> requested = services.stopRequests().requested(now);
        Optional<String> exhausted = requested.isPresent() ? Optional.empty() : budget.exhausted(now);
        if (requested.isEmpty() && exhausted.isEmpty()) {
            return false;
        }
        draining = true;
        if (requested.isPresent()) {
            counts.stopRequests++;
            drainReason = "stopped on request (" + requested.get() + ")";
        } else {
            counts.budgetStops++;
            drainReason = "stopped at the budget (" + exhausted.get() + ")";
        }
        List<Lease> queued = queue.takeAll();
        for (int from = 0; from < queued.size(); from += CampaignStore.MAX_BATCH) {
            List<Lease> batch = queued.subList(from, Math.min(queued.size(), from + CampaignStore.MAX_BATCH));
            // A release that fails (the lease was lost meanwhile) leaves the item to expire as usual.
            services.store().release(epoch, batch, seconds(nowMillis()));
        }
        log.printf("coordinator %d: %s; draining %d running executions, %d queued items back to pending%n",
                transport.rank(), requested.orElseGet(exhausted::get), assignments.size(), queued.size());
        return true;
    }

    /**
     * Root's final check. At quiescence: one serializable store transaction that finds nothing
     * pending, leased or committing in this epoch and records quiescence. At a budget: every
     * coordinator voted YES while draining, so nothing of this job runs or waits to commit any
     * more; the pending work stays for the next job, and no quiescence is recorded.
     */
    private final class EndCheck implements GlobalCheck {

        @Override
        public boolean confirmQuiescent() {
            if (drainIfExhausted()) {
                return true;
            }
            boolean quiescent = services.store().checkQuiescence(epoch, seconds(nowMillis())).quiescent();
            if (quiescent) {
                services.faults().stopAt(transport.rank(), StopPoint.AFTER_QUIESCENCE);
            }
            return quiescent;
        }

        @Override
        public String commitReason(long round) {
            return draining ? drainReason + " in probe round " + round + "; resume carries on"
                    : GlobalCheck.super.commitReason(round);
        }

        @Override
        public boolean drained() {
            return draining;
        }
    }

    /** Root's progress line, every {@link #PROGRESS_INTERVAL_MILLIS}: the whole campaign, from the store. */
    private void reportProgressIfDue(long now) {
        if (transport.rank() != ROOT || now < nextProgress) {
            return;
        }
        nextProgress = now + PROGRESS_INTERVAL_MILLIS;
        log.println(progress.next(System.nanoTime()));
    }

    private void checkStartDeadline(long now) {
        if (!started && now > startDeadline) {
            started = true;
            throw new FrontierException("root did not finish replay and the corpus audit in time")
                    .with("rank", transport.rank()).with("timeout", settings.startTimeout());
        }
    }

    private static FrontierException asException(ControlFailure failure) {
        FrontierException exception = new FrontierException(failure.reason());
        failure.context().forEach(exception::with);
        return exception;
    }

    private static long nowMillis() {
        return System.currentTimeMillis();
    }

    private static double seconds(long millis) {
        return millis / 1000.0;
    }

}
