package io.frontier.coordinator.termination;

import io.frontier.coordinator.termination.Outcome.Ending;
import io.frontier.store.error.FrontierException;
import io.frontier.store.wire.ControlFailure;
import io.frontier.store.wire.Decision;
import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.Prepare;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Stats;
import io.frontier.store.wire.StatsAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.Vote;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The termination protocol of one coordinator rank, driven by its event loop on the MPI thread.
 *
 * <p>The loop hands over every message whose tag {@link #handles(int) this class handles}, calls
 * {@link #tick(long)} on every turn, reports its own control failures through
 * {@link #controlFailure(FrontierException, long)}, takes work only while
 * {@link #acceptsWork()} is true, and stops once {@link #ended()}; {@link #outcome()} then
 * says how the rank must exit.
 *
 * <p>Phases: ACTIVE (root probes, others vote; either may be frozen by a probe) → STOPPING (a
 * non-root coordinator reported a control failure and waits for root's stop) → ENDING (after
 * COMMIT or STOP: worker shutdown, stats, barrier) → ENDED. Phases only move forward: once a
 * coordinator is ending it never takes work again, and a COMMIT or STOP cannot be undone.
 *
 * <p>A malformed message on one of these tags, or one from a rank that may not send it, is a
 * control failure naming that rank; so is an expired deadline, and so is a
 * {@link FrontierException} from {@link LocalFrontier#refresh()} or
 * {@link GlobalCheck#confirmQuiescent()}. None of them escapes to the loop.
 *
 * <p>Every {@code now} is a {@link System#nanoTime()} reading. Not thread-safe: owned by the
 * coordinator's MPI thread, like the {@link Transport} it sends on.
 */
public final class Termination {

    private static final Set<Integer> TAGS = Set.of(Tags.PREPARE, Tags.VOTE, Tags.DECISION, Tags.SHUTDOWN_ACK,
            Tags.STATS, Tags.STATS_ACK, Tags.CONTROL_FAILURE);

    private static final int ROOT = 0;

    private enum Phase { ACTIVE, STOPPING, ENDING, ENDED }

    private final Transport transport;
    private final JobTopology topology;
    private final TerminationSettings settings;
    private final CoordinatorFigures figures;
    /** The coordinator's own work: at the end, which of its workers are written off. */
    private final LocalFrontier frontier;
    /** Root's probe; null at other coordinators. */
    private final RootProbe rootProbe;
    /** This coordinator's votes; null at root. */
    private final PeerVote peerVote;
    /** This coordinator's control failures in order; the first is why it stopped. */
    private final List<String> failures = new ArrayList<>();
    /** At root: coordinators' stats by rank, kept even if they come before root's own end. */
    private final Map<Integer, Stats> gathered = new TreeMap<>();

    private Phase phase = Phase.ACTIVE;
    /** In STOPPING: when this coordinator stops waiting for root and ends on its own. */
    private long stopDeadline;
    /** Root's release, if it overtook the decision that ends this coordinator. */
    private StatsAck earlyRelease;
    private EndSequence end;
    private Outcome outcome;

    /**
     * The protocol for the coordinator {@code transport.rank()} of a job shaped as
     * {@code topology}, starting at {@code now}. {@code globalCheck} is used at root only.
     */
    public Termination(Transport transport, JobTopology topology, TerminationSettings settings, LocalFrontier frontier,
                       GlobalCheck globalCheck, CoordinatorFigures figures, long now) {
        if (transport.size() != topology.size() || !topology.isCoordinator(transport.rank())) {
            throw new IllegalArgumentException("rank " + transport.rank() + " of " + transport.size()
                    + " ranks is not a coordinator of " + topology);
        }
        this.transport = transport;
        this.topology = topology;
        this.settings = settings;
        this.figures = figures;
        this.frontier = frontier;
        boolean root = transport.rank() == ROOT;
        this.rootProbe = root
                ? new RootProbe(transport, topology.peersOf(ROOT), settings, frontier, globalCheck, now) : null;
        this.peerVote = root ? null : new PeerVote(transport, ROOT, settings, frontier);
    }

    /** Whether messages with {@code tag} belong to this protocol and go to {@link #onMessage}. */
    public static boolean handles(int tag) {
        return TAGS.contains(tag);
    }

    /**
     * Whether the coordinator may take work: rescan external inputs, claim from the store,
     * recover leases, dispatch. False while frozen by a probe and from the end on.
     */
    public boolean acceptsWork() {
        return phase == Phase.ACTIVE && !(isRoot() ? rootProbe.collecting() : peerVote.frozen());
    }

    /** Whether the protocol is over: the loop stops and the rank exits with {@link #outcome()}. */
    public boolean ended() {
        return phase == Phase.ENDED;
    }

    /** How this rank ended; only once {@link #ended()}. */
    public Outcome outcome() {
        if (outcome == null) {
            throw new IllegalStateException("the termination protocol has not ended");
        }
        return outcome;
    }

    /** Handles one message with a tag this class {@link #handles}. */
    public void onMessage(Envelope message, long now) {
        if (!handles(message.tag())) {
            throw new IllegalArgumentException("tag " + message.tag() + " is not a termination tag");
        }
        if (phase == Phase.ENDED) {
            return;
        }
        try {
            receive(message, now);
        } catch (FrontierException e) {
            fail(e, now);
        }
        advance(now);
    }

    /** Advances timers: root's idle window and probe, every deadline, the end sequence. */
    public void tick(long now) {
        if (phase == Phase.ENDED) {
            return;
        }
        try {
            if (phase == Phase.ACTIVE && isRoot() && rootProbe.tick(now)) {
                startEnding(Ending.COMMITTED, rootProbe.commitReason(), rootProbe.drained(), now);
            } else if (phase == Phase.ACTIVE && !isRoot()) {
                peerVote.tick(now);
            }
        } catch (FrontierException e) {
            fail(e, now);
        }
        advance(now);
    }

    /**
     * Reports a control failure of this coordinator: root stops the job at once; another
     * coordinator tells root and waits (bounded) for its stop. Either way the job ends with exit
     * code 70. After the end has begun, the failure only sets this rank's verdict to 70.
     */
    public void controlFailure(FrontierException failure, long now) {
        if (phase == Phase.ENDED) {
            return;
        }
        fail(failure, now);
        advance(now);
    }

    private void receive(Envelope message, long now) {
        switch (message.tag()) {
            case Tags.PREPARE -> {
                Prepare prepare = decode(message, Prepare.class, fromRoot(message));
                if (phase == Phase.ACTIVE) {
                    peerVote.onPrepare(prepare, now);
                }
            }
            case Tags.DECISION -> onDecision(decode(message, Decision.class, fromRoot(message)), now);
            case Tags.STATS_ACK -> {
                StatsAck release = decode(message, StatsAck.class, fromRoot(message));
                if (phase == Phase.ENDING) {
                    end.onRelease(release);
                } else {
                    earlyRelease = release;
                }
            }
            case Tags.VOTE -> {
                Vote received = decode(message, Vote.class, toRootFromPeer(message));
                requireSender(message, received.rank());
                if (phase == Phase.ACTIVE && rootProbe.onVote(received, now)) {
                    startEnding(Ending.COMMITTED, rootProbe.commitReason(), rootProbe.drained(), now);
                }
            }
            case Tags.STATS -> {
                Stats stats = decode(message, Stats.class, toRootFromPeer(message));
                requireSender(message, stats.rank());
                if (gathered.putIfAbsent(stats.rank(), stats) != null) {
                    throw unexpected("a coordinator sent its stats twice", message);
                }
            }
            case Tags.CONTROL_FAILURE -> {
                ControlFailure failure = decode(message, ControlFailure.class, toRootFromPeer(message));
                requireSender(message, failure.rank());
                onPeerFailure(failure, now);
            }
            case Tags.SHUTDOWN_ACK -> {
                ShutdownAck ack = decode(message, ShutdownAck.class,
                        topology.workersOf(transport.rank()).contains(message.source()));
                requireSender(message, ack.worker());
                if (phase != Phase.ENDING) {
                    throw unexpected("a worker acknowledged a shutdown it was not sent", message);
                }
                end.onAck(ack);
            }
            default -> throw new IllegalStateException("unhandled termination tag " + message.tag());
        }
    }

    private void onDecision(Decision decision, long now) {
        if (decision.kind() == Decision.Kind.STOP) {
            if (phase == Phase.ACTIVE || phase == Phase.STOPPING) {
                startEnding(Ending.STOPPED, decision.reason(), now);
            }
        } else if (phase == Phase.ACTIVE) {
            if (peerVote.onDecision(decision)) {
                startEnding(Ending.COMMITTED, decision.reason(), now);
            }
        } else if (phase == Phase.STOPPING && decision.kind() == Decision.Kind.COMMIT) {
            // Root committed before it read this coordinator's failure report; end with that failure.
            startEnding(Ending.STOPPED, failures.get(0), now);
        }
    }

    private void onPeerFailure(ControlFailure failure, long now) {
        failures.add(failure.describe());
        if (phase == Phase.ACTIVE) {
            stop(failure.describe(), now);
        } else {
            // Root is ending already, so no stop went out; without one the reporter would wait
            // for it until its deadline.
            transport.send(failure.rank(), Tags.DECISION, stopDecision(failure.describe()));
        }
    }

    /** Every failure funnels here: recorded, then escalated as far as the phase allows. */
    private void fail(FrontierException failure, long now) {
        ControlFailure report = ControlFailure.of(transport.rank(), failure);
        failures.add(report.describe());
        if (phase != Phase.ACTIVE) {
            return;
        }
        if (isRoot()) {
            stop(report.describe(), now);
            return;
        }
        transport.send(ROOT, Tags.CONTROL_FAILURE, WireCodec.encode(report));
        phase = Phase.STOPPING;
        stopDeadline = now + settings.decisionTimeout().toNanos();
    }

    private void stop(String reason, long now) {
        rootProbe.cancel();
        byte[] decision = stopDecision(reason);
        for (int peer : topology.peersOf(ROOT)) {
            transport.send(peer, Tags.DECISION, decision);
        }
        startEnding(Ending.STOPPED, reason, now);
    }

    private byte[] stopDecision(String reason) {
        return WireCodec.encode(new Decision(rootProbe.round(), rootProbe.probe(), Decision.Kind.STOP, reason));
    }

    private void startEnding(Ending ending, String reason, long now) {
        startEnding(ending, reason, false, now);
    }

    /**
     * @param drained at root, whether the commit ends a drain rather than quiescence; elsewhere
     *     false, and root's release carries the job's verdict
     */
    private void startEnding(Ending ending, String reason, boolean drained, long now) {
        phase = Phase.ENDING;
        end = EndSequence.begin(transport, topology, figures, ending, reason, drained, failures, gathered,
                earlyRelease, frontier.writtenOff(), settings, now);
    }

    private void advance(long now) {
        if (phase == Phase.STOPPING && now - stopDeadline >= 0) {
            failures.add(ControlFailure.of(transport.rank(),
                    new TerminationException("root's stop did not arrive before the deadline")
                            .with("rank", transport.rank()).with("source", ROOT)
                            .with("timeout", settings.decisionTimeout())).describe());
            startEnding(Ending.STOPPED, failures.get(0), now);
        }
        if (phase == Phase.ENDING && end.advance(now)) {
            outcome = end.outcome();
            phase = Phase.ENDED;
        }
    }

    private boolean fromRoot(Envelope message) {
        return !isRoot() && message.source() == ROOT;
    }

    private boolean toRootFromPeer(Envelope message) {
        return isRoot() && message.source() != ROOT && message.source() >= 0
                && message.source() < topology.coordinators();
    }

    private <T> T decode(Envelope message, Class<T> type, boolean senderAllowed) {
        if (!senderAllowed) {
            throw unexpected("a termination message came from a rank that may not send it", message);
        }
        try {
            return WireCodec.decode(message.payload(), type);
        } catch (MalformedMessageException e) {
            throw e.with("rank", transport.rank()).with("source", message.source()).with("tag", message.tag());
        }
    }

    private void requireSender(Envelope message, int named) {
        if (named != message.source()) {
            throw unexpected("a termination message names another rank than its sender", message)
                    .with("named", named);
        }
    }

    private TerminationException unexpected(String reason, Envelope message) {
        return new TerminationException(reason)
                .with("rank", transport.rank()).with("source", message.source()).with("tag", message.tag());
    }

    private boolean isRoot() {
        return transport.rank() == ROOT;
    }
}
