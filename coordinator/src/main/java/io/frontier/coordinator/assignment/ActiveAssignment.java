package io.frontier.coordinator.assignment;

import io.frontier.store.campaign.Lease;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Times;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.EdgeMapDelta;
import io.frontier.store.wire.SessionSlice;

/**
 * One ASSIGN this coordinator sent to one worker rank and has not yet had answered. Immutable.
 *
 * @param workerRank the worker's global MPI rank; the stage lives under it
 * @param executor the kind of executor the worker is to run the item on, and its RESULT to name
 * @param attempt which execution of the item this is (the work record's attempts)
 * @param stage where the worker must stage the children of {@code result}
 * @param sentAt Unix seconds when the ASSIGN was sent
 * @param limitFactor what the execution multiplies the campaign's time limit by (the record's)
 * @param tier the tier the item was claimed from (the record's)
 */
public record ActiveAssignment(
        Digest work,
        Token token,
        ResultId result,
        long epoch,
        int workerRank,
        String executor,
        int attempt,
        StageLocation stage,
        double sentAt,
        int limitFactor,
        int tier) {

    public ActiveAssignment {
        if (work == null || token == null || result == null || stage == null || executor == null) {
            throw new InvalidInputException("assignment lacks work, token, result, stage or executor");
        }
        if (stage.epoch() != epoch || stage.globalRank() != workerRank || !stage.resultId().equals(result.hex())) {
            throw new InvalidInputException("stage location does not belong to the assignment")
                    .with("work", work).with("epoch", epoch).with("workerRank", workerRank)
                    .with("result", result).with("stage", stage);
        }
        if (attempt < 1 || limitFactor < 1) {
            throw new InvalidInputException("assignment attempt or time-limit factor below 1").with("work", work)
                    .with("attempt", attempt).with("limitFactor", limitFactor);
        }
        Times.instant("sentAt", sentAt);
    }

    /**
     * A new assignment of {@code leased}, a record this coordinator holds in {@code epoch}, to
     * {@code workerRank}, to run on {@code executor}, under a fresh result id. Call it once per
     * ASSIGN sent, including a retry after a rejected result: each execution stages into a stage
     * of its own.
     */
    public static ActiveAssignment issue(WorkRecord leased, long epoch, int workerRank, String executor, double now) {
        if (leased.state() != WorkState.LEASED || leased.epoch() != epoch) {
            throw new InvalidInputException("only a lease of the current epoch can be assigned")
                    .with("work", leased.id()).with("state", leased.state().wireName())
                    .with("recordEpoch", leased.epoch()).with("epoch", epoch);
        }
        ResultId result = ResultId.random();
        return new ActiveAssignment(leased.id(), leased.token(), result, epoch, workerRank, executor, leased.attempts(),
                new StageLocation(epoch, workerRank, result.hex()), now, leased.limitFactor(), leased.tier());
    }

    /** The lease the assignment runs under, as the store names it. */
    public Lease lease() {
        return new Lease(work, token);
    }

    /**
     * The ASSIGN message to send to {@link #workerRank}, handing over {@code pruningMap}: the
     * campaign's shared SymCC pruning map, or null if the worker gets none; and {@code edgeMap},
     * what its copy of the edge map lacks, or null.
     */
    public Assign message(PruningMap pruningMap, EdgeMapDelta edgeMap) {
        return new Assign(work, token, result, executor, epoch, attempt, limitFactor, tier, pruningMap, null, edgeMap);
    }

    /** The ASSIGN message of a fuzzing session's item, asking for {@code slice}. */
    public Assign sliceMessage(SessionSlice slice, EdgeMapDelta edgeMap) {
        return new Assign(work, token, result, executor, epoch, attempt, limitFactor, tier, null, slice, edgeMap);
    }
}
