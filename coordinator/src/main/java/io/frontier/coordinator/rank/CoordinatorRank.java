package io.frontier.coordinator.rank;

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
import io.frontier.coordinator.progress.ProgressLine;
import io.frontier.coordinator.pruning.SharedPruning;
import io.frontier.coordinator.rejection.Rejection;
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
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import io.frontier.store.record.Owner;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.Execution;
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
    private final CoordinatorCounts counts;
    private final Termination termination;
    private final BudgetCheck budget;
    private final ProgressLine progress;
    private final ExecutorRouting routing;
    private final Lookahead lookahead;

    /** False until root has finished replay and the audit: no claim, no dispatch before. */
    private boolean started;
    /** True once the budget is used up or a stop was requested: no claim, no dispatch, no pick-up; running work still commits. */
    private boolean draining;
    /** Why this coordinator drains, for the summary's reason; null while it does not. */
    private String drainReason;
    /** True while root's seed directory may hold files not yet admitted (see {@link #SEED_SLICE}). */
    private boolean seedsLeft;
    private long startDeadline;
    private long nextRenewal;
    private long nextClaim;
    private long nextProgress = nowMillis() + PROGRESS_INTERVAL_MILLIS;

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
        this.lookahead = new Lookahead(settings.claimBatch(), Math.max(1, topology.workersOf(transport.rank()).size()),
                settings.executorKinds());
        this.termination = new Termination(transport, topology, settings.termination(), this,
                new EndCheck(), counts, System.nanoTime());
        this.startDeadline = nowMillis() + settings.startTimeout().toMillis();
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
                message.ifPresent(envelope -> onMessage(envelope, nowMillis()));
                if (started && termination.acceptsWork()) {
                    dispatch(nowMillis(), false);
                    admitMoreSeeds();
                }
                renewIfDue(nowMillis());
                syncPruningIfDue(nowMillis());
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
        flushPruning();
        Outcome outcome = termination.outcome();
        if (transport.rank() == ROOT && outcome.ending() == Outcome.Ending.COMMITTED && outcome.clean()) {
            services.janitor().sweepUpTo(epoch);
        }
        return outcome;
    }

    /** What this coordinator did, for the summary. */
    public Map<String, Long> counts() {
        return counts.counts();
    }

    @Override
    public boolean idle() {
        return queue.isEmpty() && assignments.size() == 0;
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
            CorpusAudit.Outcome audit = services.audit().run();
            if (!audit.trusted()) {
                throw audit.failure();
            }
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
     * Root's next slice of the seed directory, while files may be left from the start. Once the
     * directory has been taken in, only the refresh scans it again (for seeds added later).
     */
    private void admitMoreSeeds() {
        if (seedsLeft && !draining) {
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
     * Handles {@code first} and every further RESULT already received, at most as many as the
     * group's workers hold assignments: each is validated, and a valid one's worker gets its next
     * item at once, before any commit, so the commits' store transactions and fsyncs overlap
     * with the next executions, while executions are short ({@link Lookahead#assignsAhead}; with
     * longer ones it gets its item after the commits, so that the inputs and later rounds they
     * leave pending can be its next item); an invalid one's worker is quarantined at once. Then the valid
     * results are committed together ({@link
     * io.frontier.coordinator.commit.CommitChain#commitAll}) and the invalid ones rejected.
     */
    private void onResults(Envelope first, long now) {
        List<ValidResult> valid = new ArrayList<>();
        List<InvalidResult> invalid = new ArrayList<>();
        int limit = topology.workersOf(transport.rank()).size() * ASSIGNMENTS_PER_WORKER;
        Optional<Envelope> next = Optional.of(first);
        for (int taken = 1; next.isPresent(); taken++) {
            judge(next.get(), now, valid, invalid);
            next = taken < limit
                    ? transport.receive(Transport.ANY_SOURCE, Tags.RESULT, Duration.ZERO)
                    : Optional.empty();
        }
        if (!valid.isEmpty()) {
            commit(valid, now);
        }
        invalid.forEach(result -> reject(result.assignment(), result.verdict(), now));
    }

    /**
     * Validates one RESULT; a valid one's worker gets its next item at once where executions are
     * short, unless the valid results in hand use up the execution budget; an invalid one's
     * worker is quarantined.
     */
    private void judge(Envelope envelope, long now, List<ValidResult> valid, List<InvalidResult> invalid) {
        Optional<ActiveAssignment> active = assignments.take(envelope.source());
        if (active.isEmpty()) {
            log.printf("coordinator %d: ignored a RESULT from rank %d, which holds no assignment%n",
                    transport.rank(), envelope.source());
            return;
        }
        ActiveAssignment assignment = active.get();
        services.faults().stopAt(transport.rank(), StopPoint.AFTER_RESULT);
        Verdict verdict = services.validator().validate(assignment, envelope.payload());
        if (verdict instanceof Verdict.Valid accepted) {
            valid.add(new ValidResult(assignment, accepted));
            Execution execution = accepted.result().execution();
            lookahead.executed(execution.executor(), execution.wallMillis());
            services.pruning().absorb(accepted.result().pruningMap());
            if (!quarantined.contains(assignment.workerRank())) {
                openPlaces.addLast(assignment.workerRank());
            }
            if (lookahead.assignsAhead() && started && termination.acceptsWork()
                    && budget.allowsNextWith(valid.size())) {
                dispatch(now, false);
            }
        } else {
            if (quarantined.add(assignment.workerRank())) {
                counts.quarantinedWorkers++;
                openPlaces.removeIf(rank -> rank == assignment.workerRank());
            }
            invalid.add(new InvalidResult(assignment, (Verdict.Invalid) verdict));
        }
    }

    /**
     * Commits {@code valid} as one batch and counts each outcome; then throws for the first
     * result whose commit could not be finished in this job, after every other result of the
     * batch has reached its own outcome.
     */
    private void commit(List<ValidResult> valid, long now) {
        List<CommitOutcome> outcomes = services.commits().commitAll(valid, seconds(now));
        FrontierException unfinished = null;
        for (int i = 0; i < valid.size(); i++) {
            FrontierException problem = count(valid.get(i), outcomes.get(i));
            if (unfinished == null) {
                unfinished = problem;
            }
        }
        if (unfinished != null) {
            throw unfinished;
        }
    }

    /** Counts one commit outcome; returns the failure the job must stop with, or null. */
    private FrontierException count(ValidResult valid, CommitOutcome outcome) {
        if (outcome instanceof CommitOutcome.Committed committed) {
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

    private void reject(ActiveAssignment assignment, Verdict.Invalid invalid, long now) {
        counts.invalidResults++;
        Rejection rejection = services.rejections().handle(assignment, invalid, seconds(now), settings.leaseSeconds());
        log.printf("coordinator %d: invalid result from worker %d for work %s (%s); worker quarantined%n",
                transport.rank(), assignment.workerRank(), assignment.work(), invalid);
        if (rejection instanceof Rejection.Requeued requeued) {
            queue.retryFirst(requeued.kept());
        } else if (rejection instanceof Rejection.ControlFailed failed) {
            throw asException(failed.failure());
        }
        if (quarantined.containsAll(topology.workersOf(transport.rank()))) {
            throw new FrontierException("every worker of this coordinator's group is quarantined")
                    .with("rank", transport.rank()).with("workers", quarantined);
        }
    }

    /**
     * Hands queued work to the workers' open places, claiming from the store when the queue is
     * empty. A claim that found nothing is not repeated for a short while, unless
     * {@code refreshing}.
     */
    private void dispatch(long now, boolean refreshing) {
        if (drainIfExhausted()) {
            return;
        }
        Optional<Integer> place = usablePlace();
        while (place.isPresent()) {
            if (queue.isEmpty() && !claim(now, refreshing)) {
                return;
            }
            int worker = place.get();
            openPlaces.removeFirstOccurrence(worker);
            WorkRecord item = queue.next().orElseThrow();
            String kind = routing.kindFor(item);
            ActiveAssignment assignment = ActiveAssignment.issue(item, epoch, worker, kind, seconds(now));
            assignments.add(assignment);
            Assign message = assignment.message(services.pruning().forKind(kind));
            transport.send(worker, Tags.ASSIGN, WireCodec.encode(message));
            counts.dispatched++;
            services.faults().stopAt(transport.rank(), StopPoint.AFTER_ASSIGN);
            place = usablePlace();
        }
    }

    /**
     * The first open place a dispatch may fill: any, where executions are short enough to assign
     * ahead ({@link Lookahead#assignsAhead}); else only one of a worker that is not executing.
     */
    private Optional<Integer> usablePlace() {
        return lookahead.assignsAhead() ? Optional.ofNullable(openPlaces.peekFirst()) : idleWorkers().findFirst();
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

    private boolean claim(long now, boolean refreshing) {
        if (!refreshing && now < nextClaim) {
            return false;
        }
        // Claim a batch, not one item per idle worker, where executions are short: one store
        // transaction then feeds several dispatches. The batch stays small so other coordinators
        // are not starved, and shrinks to the open places where executions are long (Lookahead).
        int wanted = Math.min(lookahead.claimSize(usablePlaces()), CampaignStore.MAX_CLAIM);
        ClaimResult claimed = services.store().claim(epoch, owner, ownBuckets, wanted, seconds(now),
                settings.leaseSeconds());
        if (!claimed.blocked().isEmpty()) {
            throw new FrontierException("a work record cannot be read; the item is blocked")
                    .with("key", claimed.blocked().get(0).key())
                    .with("problem", claimed.blocked().get(0).problem().getMessage());
        }
        claimed.granted().forEach(queue::add);
        if (!claimed.granted().isEmpty()) {
            services.faults().stopAt(transport.rank(), StopPoint.AFTER_CLAIM);
        }
        if (claimed.granted().isEmpty()) {
            nextClaim = now + EMPTY_CLAIM_BACKOFF_MILLIS;
            return false;
        }
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
            services.corpus().verify(item.id());
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

    /** Renews the leases of queued and running items every third of the lease; lost ones leave the queue. */
    private void renewIfDue(long now) {
        if (now < nextRenewal) {
            return;
        }
        nextRenewal = now + settings.lease().toMillis() / 3;
        List<Lease> leases = new ArrayList<>(queue.leases());
        assignments.all().forEach(assignment -> leases.add(assignment.lease()));
        for (int from = 0; from < leases.size(); from += CampaignStore.MAX_BATCH) {
            List<Lease> batch = leases.subList(from, Math.min(leases.size(), from + CampaignStore.MAX_BATCH));
            List<ItemResult<WorkRecord>> renewed = services.store().renew(epoch, batch, seconds(now),
                    settings.leaseSeconds());
            for (int i = 0; i < batch.size(); i++) {
                if (!renewed.get(i).succeeded() && queue.drop(batch.get(i))) {
                    log.printf("coordinator %d: lost the lease of queued work %s: %s%n", transport.rank(),
                            batch.get(i).work(), renewed.get(i).failure().getMessage());
                }
            }
        }
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

    /** A RESULT judged invalid, waiting for its rejection. */
    private record InvalidResult(ActiveAssignment assignment, Verdict.Invalid verdict) {
    }
}
