package io.frontier.coordinator.termination;

import io.frontier.store.wire.Decision;
import io.frontier.store.wire.Prepare;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.Vote;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.Transport;

/**
 * A non-root coordinator's side of a probe: refresh and vote on PREPARE, stay frozen after a
 * YES until root decides that round.
 *
 * <p>Invariant: YES is sent only right after {@link LocalFrontier#refresh()} found this
 * coordinator idle, and from then it is {@link #frozen()} until a decision for that round (or a
 * PREPARE of a later round, which root sends only after deciding this one) arrives. MPI orders
 * PREPAREs among themselves and DECISIONs among themselves but not one against the other, so
 * rounds decide what is stale: a PREPARE for a round already decided gets no vote, and an
 * ABORT for an earlier round leaves a later freeze alone.
 */
final class PeerVote {

    private final Transport transport;
    private final int root;
    private final TerminationSettings settings;
    private final LocalFrontier frontier;

    /** The highest round an ABORT has arrived for; a PREPARE up to it is stale. */
    private long decidedThrough;
    /** The round this coordinator voted YES in and is frozen for; 0 when not frozen. */
    private long frozenRound;
    /** The token of {@link #frozenRound}. */
    private long frozenProbe;
    /** When root's decision for {@link #frozenRound} is due. */
    private long decisionDeadline;

    PeerVote(Transport transport, int root, TerminationSettings settings, LocalFrontier frontier) {
        this.transport = transport;
        this.root = root;
        this.settings = settings;
        this.frontier = frontier;
    }

    /** Whether this coordinator voted YES and waits for the decision, taking no work. */
    boolean frozen() {
        return frozenRound != 0;
    }

    /** Runs the shared refresh and votes; a YES freezes this coordinator. */
    void onPrepare(Prepare prepare, long now) {
        if (prepare.round() <= decidedThrough || prepare.round() <= frozenRound) {
            return;
        }
        // Root starts a round only after deciding the one before, and that was no COMMIT.
        frozenRound = 0;
        boolean idle = frontier.refresh();
        Vote vote = new Vote(prepare.round(), prepare.probe(), transport.rank(), idle);
        transport.send(root, Tags.VOTE, WireCodec.encode(vote));
        if (idle) {
            frozenRound = prepare.round();
            frozenProbe = prepare.probe();
            decisionDeadline = now + settings.decisionTimeout().toNanos();
        }
    }

    /**
     * Applies root's COMMIT or ABORT.
     *
     * @return whether it commits this coordinator's freeze: the job ends
     * @throws TerminationException for a COMMIT of a probe this coordinator did not vote YES in
     */
    boolean onDecision(Decision decision) {
        if (decision.kind() == Decision.Kind.ABORT) {
            decidedThrough = Math.max(decidedThrough, decision.round());
            if (frozenRound <= decision.round()) {
                frozenRound = 0;
            }
            return false;
        }
        if (decision.round() != frozenRound || decision.probe() != frozenProbe) {
            throw new TerminationException("COMMIT of a probe this coordinator is not frozen for")
                    .with("rank", transport.rank()).with("round", decision.round())
                    .with("probe", decision.probe()).with("frozenRound", frozenRound);
        }
        return true;
    }

    /** Fails when root's decision for the frozen round is overdue. */
    void tick(long now) {
        if (frozen() && now - decisionDeadline >= 0) {
            throw new TerminationException("no decision arrived before the deadline")
                    .with("rank", transport.rank()).with("source", root).with("round", frozenRound)
                    .with("timeout", settings.decisionTimeout());
        }
    }
}
