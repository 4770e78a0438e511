package io.frontier.store.wire;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.exploration.Tier;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;

/**
 * Coordinator → worker ({@link Tags#ASSIGN}): execute work item {@code work}, held under
 * {@code token}, and stage its children for result {@code result}.
 *
 * <p>The coordinator generates {@code result} for each assignment before sending it, so it knows
 * the stage {@code <campaign>/.stage-<epoch>/<worker global rank>/<result>/} before the worker
 * writes anything there, and can remove it whatever the worker answers.
 *
 * @param executor the kind of executor to run the item on ({@code symcc}, {@code afl}, ...), one
 *     of the campaign's: every worker holds every executor of its campaign, and the coordinator
 *     picks the kind per item; the RESULT must name the same kind
 * @param epoch the job's epoch, which names the stage tree
 * @param attempt which execution of the item this is, from 1 (the work record's attempts)
 * @param limitFactor what this execution multiplies the campaign's time limit by, from 1 (the
 *     work record's round factor)
 * @param tier the tier the item was claimed from ({@link Tier}): a run of a repeat round starts
 *     SymCC from an empty pruning map
 * @param pruningMap the campaign's shared SymCC pruning map as the coordinator holds it when it
 *     sends the assignment, for a worker whose executor keeps one in a campaign that shares it;
 *     null otherwise (the worker then keeps a map of its own, if any)
 * @param session for a fuzzing session's item, the slice to run ({@code executor} is then the
 *     session's kind); null for an input
 * @param edgeMap what the worker's copy of the campaign's edge map lacks, for it to judge children
 *     redundant ({@link EdgeMapDelta}); null if the coordinator sends none (no triage)
 */
public record Assign(Digest work, Token token, ResultId result, String executor, long epoch, int attempt,
                     int limitFactor, int tier, PruningMap pruningMap, SessionSlice session, EdgeMapDelta edgeMap) {

    /** An assignment of an input, not of a session, without news of the edge map. */
    public Assign(Digest work, Token token, ResultId result, String executor, long epoch, int attempt,
                  int limitFactor, int tier, PruningMap pruningMap) {
        this(work, token, result, executor, epoch, attempt, limitFactor, tier, pruningMap, null, null);
    }

    public Assign {
        if (work == null || token == null || result == null) {
            throw new InvalidInputException("assignment lacks work, token or result");
        }
        if (!ExecutorKind.isWellFormed(executor)) {
            throw new InvalidInputException("assignment names no executor kind, or a malformed one")
                    .with("work", work).with("executor", executor);
        }
        if (epoch < 1 || attempt < 1 || limitFactor < 1) {
            throw new InvalidInputException("assignment epoch, attempt or time-limit factor below 1")
                    .with("work", work).with("epoch", epoch).with("attempt", attempt).with("limitFactor", limitFactor);
        }
        if ((session != null) != ExecutorKind.isSession(executor)) {
            throw new InvalidInputException("assignment carries a session slice exactly when its kind runs sessions")
                    .with("work", work).with("executor", executor);
        }
        if (tier < Tier.NEW_COVERAGE || tier > Tier.LOWEST) {
            throw new InvalidInputException("assignment tier out of range").with("work", work).with("tier", tier)
                    .with("lowest", Tier.LOWEST);
        }
    }
}
