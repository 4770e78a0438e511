package io.frontier.coordinator.termination;

import io.frontier.coordinator.termination.Outcome.Ending;
import io.frontier.store.wire.ControlFailure;
import io.frontier.store.wire.ExitStatus;
import io.frontier.store.wire.Shutdown;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Stats;
import io.frontier.store.wire.StatsAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One coordinator's end of the job, after COMMIT or STOP: SHUTDOWN to each worker of its group
 * and one ACK from each; then STATS to root; then root's release. Every step has a deadline.
 *
 * <p>The final barrier is the stats round itself: STATS is a coordinator's arrival, sent only
 * once its workers have answered or been given up on, and root sends its STATS_ACKs only when
 * every coordinator has arrived or root's deadline has passed. A coordinator that holds its
 * STATS_ACK therefore knows that every rank of the job reached the end, or which did not
 * ({@link StatsAck#unanswered()}). Unlike {@code MPI_Barrier}, no rank waits past a deadline:
 * root waits {@code shutdownTimeout + barrierTimeout} from its decision, the others
 * {@code shutdownTimeout + 2 × barrierTimeout} from receiving it, so root gives up first and
 * its release still reaches them.
 *
 * <p>A worker the coordinator wrote off before the end is sent SHUTDOWN like the others but not
 * waited for: it is known not to answer. It counts as missing unless its ACK comes anyway, so
 * the job aborts rather than finalises MPI, which would wait for it.
 */
final class EndSequence {

    private enum Step { WORKERS, BARRIER, DONE }

    private final Transport transport;
    private final JobTopology topology;
    private final CoordinatorFigures figures;
    private final Ending ending;
    private final String reason;
    /** At root: the job drained before quiescence, so its verdict is at least {@link ExitStatus#STOPPED}. */
    private final boolean drained;
    private final List<Integer> workers;
    /** The workers of this group written off before the end, each with why: not waited for. */
    private final Map<Integer, String> writtenOff;
    private final long ackDeadline;
    private final long barrierDeadline;
    /** At root: the stats of every coordinator that arrived, by rank; unused elsewhere. */
    private final Map<Integer, Stats> gathered;
    /** The workers of this group that acknowledged the shutdown, by rank. */
    private final Map<Integer, ShutdownAck> acks = new TreeMap<>();
    /** Failures recorded since the end began; any makes this coordinator's verdict 70. */
    private final List<String> failures;

    private Step step = Step.WORKERS;
    /** Root's release, once it arrived; only at non-root coordinators. */
    private StatsAck release;
    private Outcome outcome;

    private EndSequence(Transport transport, JobTopology topology, CoordinatorFigures figures, Ending ending,
                        String reason, boolean drained, List<String> failures, Map<Integer, Stats> gathered,
                        StatsAck release, Map<Integer, String> writtenOff, TerminationSettings settings, long now) {
        this.transport = transport;
        this.topology = topology;
        this.figures = figures;
        this.ending = ending;
        this.reason = reason;
        this.drained = drained;
        this.failures = failures;
        this.gathered = gathered;
        this.release = release;
        this.workers = topology.workersOf(transport.rank());
        this.writtenOff = Map.copyOf(writtenOff);
        this.ackDeadline = now + settings.shutdownTimeout().toNanos();
        long barrier = settings.barrierTimeout().toNanos();
        this.barrierDeadline = ackDeadline + (isRoot() ? barrier : 2 * barrier);
    }

    /**
     * Begins the end at {@code now}: sends SHUTDOWN to every worker of this coordinator's group.
     *
     * @param drained at root, whether the job drained (budget, stop request) instead of reaching
     *     quiescence; false elsewhere
     * @param failures this coordinator's failure list, shared: failures added later still count
     * @param gathered at root, the stats received so far, shared: later ones are added to it
     * @param release root's release if it already arrived, else null
     * @param writtenOff the workers of this group written off before the end, each with why
     */
    static EndSequence begin(Transport transport, JobTopology topology, CoordinatorFigures figures, Ending ending,
                             String reason, boolean drained, List<String> failures, Map<Integer, Stats> gathered,
                             StatsAck release, Map<Integer, String> writtenOff, TerminationSettings settings,
                             long now) {
        EndSequence end = new EndSequence(transport, topology, figures, ending, reason, drained, failures, gathered,
                release, writtenOff, settings, now);
        byte[] shutdown = WireCodec.encode(new Shutdown(transport.rank()));
        for (int worker : end.workers) {
            transport.send(worker, Tags.SHUTDOWN, shutdown);
        }
        return end;
    }

    /**
     * Records a worker's ACK. One that comes after the deadline is left out: the stats already
     * named that worker as missing.
     *
     * @throws TerminationException if the worker already acknowledged
     */
    void onAck(ShutdownAck ack) {
        if (acks.containsKey(ack.worker())) {
            throw new TerminationException("a worker acknowledged the shutdown twice")
                    .with("rank", transport.rank()).with("source", ack.worker());
        }
        if (step == Step.WORKERS) {
            acks.put(ack.worker(), ack);
        }
    }

    /** Records root's release. */
    void onRelease(StatsAck ack) {
        release = ack;
    }

    /**
     * Moves on as far as the messages received and the clock allow.
     *
     * @return whether this coordinator's end is complete and {@link #outcome()} is ready
     */
    boolean advance(long now) {
        if (step == Step.WORKERS && (acks.keySet().containsAll(awaited()) || now - ackDeadline >= 0)) {
            Stats own = new Stats(transport.rank(), localVerdict(), figures.invalidResults(), figures.counts(),
                    List.copyOf(acks.values()), missingWorkers(), writtenOff);
            if (isRoot()) {
                gathered.put(transport.rank(), own);
            } else {
                transport.send(0, Tags.STATS, WireCodec.encode(own));
            }
            step = Step.BARRIER;
        }
        if (step == Step.BARRIER) {
            if (isRoot() && (gathered.size() == topology.coordinators() || now - barrierDeadline >= 0)) {
                releaseEveryone();
            } else if (!isRoot() && (release != null || now - barrierDeadline >= 0)) {
                finishWithoutGathering();
            }
        }
        return step == Step.DONE;
    }

    Outcome outcome() {
        return outcome;
    }

    private void releaseEveryone() {
        ExitStatus verdict = localVerdict();
        TreeSet<Integer> unanswered = new TreeSet<>();
        for (int coordinator = 0; coordinator < topology.coordinators(); coordinator++) {
            Stats stats = gathered.get(coordinator);
            if (stats == null) {
                // Without its stats root cannot tell whether that coordinator's results were valid.
                verdict = verdict.worse(ExitStatus.CONTROL_FAILURE);
                unanswered.add(coordinator);
            } else {
                verdict = verdict.worse(stats.exit());
                unanswered.addAll(stats.missingWorkers());
            }
        }
        byte[] ack = WireCodec.encode(new StatsAck(verdict, List.copyOf(unanswered)));
        for (int coordinator = 1; coordinator < topology.coordinators(); coordinator++) {
            transport.send(coordinator, Tags.STATS_ACK, ack);
        }
        finish(verdict, new TreeMap<>(gathered), List.copyOf(unanswered));
    }

    private void finishWithoutGathering() {
        if (release != null) {
            finish(release.exit().worse(localVerdict()), Map.of(), release.unanswered());
            return;
        }
        // Root never released this rank: the job's verdict is unknown here.
        TreeSet<Integer> unanswered = new TreeSet<>(missingWorkers());
        unanswered.add(0);
        failures.add(ControlFailure.of(transport.rank(),
                new TerminationException("root's release did not arrive before the deadline")
                        .with("rank", transport.rank()).with("source", 0))
                .describe());
        finish(ExitStatus.CONTROL_FAILURE, Map.of(), List.copyOf(unanswered));
    }

    private void finish(ExitStatus exit, Map<Integer, Stats> coordinatorStats, List<Integer> unanswered) {
        outcome = new Outcome(ending, exit, reason, failures, acks, missingWorkers(), coordinatorStats, unanswered);
        step = Step.DONE;
    }

    private ExitStatus localVerdict() {
        if (ending == Ending.STOPPED || !failures.isEmpty()) {
            return ExitStatus.CONTROL_FAILURE;
        }
        if (drained) {
            return ExitStatus.STOPPED;
        }
        return figures.invalidResults() > 0 ? ExitStatus.INVALID_RESULTS : ExitStatus.QUIESCENT;
    }

    /** The workers whose ACK the end waits for: all of the group but those written off. */
    private List<Integer> awaited() {
        return workers.stream().filter(worker -> !writtenOff.containsKey(worker)).toList();
    }

    private List<Integer> missingWorkers() {
        List<Integer> missing = new ArrayList<>(workers);
        missing.removeAll(acks.keySet());
        return missing;
    }

    private boolean isRoot() {
        return transport.rank() == 0;
    }
}
