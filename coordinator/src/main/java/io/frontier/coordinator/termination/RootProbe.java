package io.frontier.coordinator.termination;

import io.frontier.store.wire.Decision;
import io.frontier.store.wire.Prepare;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.Vote;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.Transport;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Root's side of a probe: the idle window, the shared refresh, PREPARE, the votes, the global
 * check and the decision.
 *
 * <p>Invariant: a PREPARE is sent only right after {@link LocalFrontier#refresh()} found root
 * idle, and from then until the decision root is frozen ({@link #collecting()}). COMMIT is sent
 * only when every peer voted YES for the current round and token and
 * {@link GlobalCheck#confirmQuiescent()} said yes; a NO or a failed check aborts the round,
 * and root does not probe again before a new idle window and the back-off have both passed.
 */
final class RootProbe {

    private final Transport transport;
    private final List<Integer> peers;
    private final TerminationSettings settings;
    private final LocalFrontier frontier;
    private final GlobalCheck globalCheck;
    private final SecureRandom random = new SecureRandom();

    /** Whether root was idle at the last tick; {@link #idleSince} is meaningful only then. */
    private boolean idle;
    /** When root's current unbroken idle stretch began (System.nanoTime scale). */
    private long idleSince;
    /** No probe starts before this instant: the back-off after an abort. */
    private long notBefore;
    /** The latest probe round; 0 before the first. */
    private long round;
    /** The random token of the latest round. */
    private long probe;
    /** The peers that voted YES in the current round; non-null exactly while root is frozen. */
    private Set<Integer> yes;
    /** When the votes of the current round are due. */
    private long voteDeadline;

    RootProbe(Transport transport, List<Integer> peers, TerminationSettings settings, LocalFrontier frontier,
              GlobalCheck globalCheck, long now) {
        this.transport = transport;
        this.peers = List.copyOf(peers);
        this.settings = settings;
        this.frontier = frontier;
        this.globalCheck = globalCheck;
        this.notBefore = now;
    }

    /** Whether a probe is out: root is frozen and takes no work until it decides. */
    boolean collecting() {
        return yes != null;
    }

    long round() {
        return round;
    }

    long probe() {
        return probe;
    }

    /** Whether the latest round committed the end of a drain rather than quiescence. */
    boolean drained() {
        return globalCheck.drained();
    }

    /** Why the latest round committed, in words: the reason every coordinator ends with. */
    String commitReason() {
        return globalCheck.commitReason(round);
    }

    /**
     * Measures the idle window and starts a probe when it has lasted long enough; fails when the
     * votes of the current probe are overdue.
     *
     * @return whether quiescence was committed (possible at once when root has no peers)
     */
    boolean tick(long now) {
        if (collecting()) {
            if (now - voteDeadline >= 0) {
                Set<Integer> silent = new TreeSet<>(peers);
                silent.removeAll(yes);
                throw new TerminationException("coordinators did not vote before the deadline")
                        .with("rank", transport.rank()).with("round", round).with("probe", probe)
                        .with("silent", silent).with("timeout", settings.voteTimeout());
            }
            return false;
        }
        if (!frontier.idle()) {
            idle = false;
            return false;
        }
        if (!idle) {
            idle = true;
            idleSince = now;
        }
        if (now - idleSince < settings.stableWindow().toNanos() || now - notBefore < 0) {
            return false;
        }
        // The same refresh a peer runs before it votes: work published up to this instant is
        // found here, so it can never be left behind by a probe that root started without looking.
        if (!frontier.refresh()) {
            idle = false;
            return false;
        }
        round++;
        probe = random.nextLong();
        yes = new HashSet<>();
        voteDeadline = now + settings.voteTimeout().toNanos();
        byte[] prepare = WireCodec.encode(new Prepare(round, probe));
        for (int peer : peers) {
            transport.send(peer, Tags.PREPARE, prepare);
        }
        return yes.size() == peers.size() && decide(now);
    }

    /**
     * Counts one vote. A vote for another round or token is stale and ignored; a repeated YES
     * counts once; any NO aborts the round.
     *
     * @return whether quiescence was committed
     */
    boolean onVote(Vote vote, long now) {
        if (!collecting() || vote.round() != round || vote.probe() != probe) {
            return false;
        }
        if (!vote.yes()) {
            abort(now, "rank " + vote.rank() + " voted NO: it found work");
            return false;
        }
        yes.add(vote.rank());
        return yes.size() == peers.size() && decide(now);
    }

    /** Ends the current probe without a decision of its own: a stop replaces it. */
    void cancel() {
        yes = null;
    }

    private boolean decide(long now) {
        if (!globalCheck.confirmQuiescent()) {
            abort(now, "the store is not quiescent");
            return false;
        }
        broadcast(Decision.Kind.COMMIT, commitReason());
        yes = null;
        return true;
    }

    private void abort(long now, String reason) {
        broadcast(Decision.Kind.ABORT, reason);
        yes = null;
        idle = false;
        notBefore = now + settings.probeBackoff().toNanos();
    }

    private void broadcast(Decision.Kind kind, String reason) {
        byte[] decision = WireCodec.encode(new Decision(round, probe, kind, reason));
        for (int peer : peers) {
            transport.send(peer, Tags.DECISION, decision);
        }
    }
}
