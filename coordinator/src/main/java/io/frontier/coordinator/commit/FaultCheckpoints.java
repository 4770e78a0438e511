package io.frontier.coordinator.commit;

import io.frontier.store.corpus.Digest;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.fault.StopPoint;

/**
 * The checkpoints of a coordinator under a fault plan: reaching a commit point that the plan
 * names for this rank halts the process there, as {@code kill -9} would. Every commit point has
 * the stop point of the same name.
 */
public final class FaultCheckpoints implements Checkpoints {

    private final FaultPlan faults;
    private final int rank;

    public FaultCheckpoints(FaultPlan faults, int rank) {
        this.faults = faults;
        this.rank = rank;
    }

    @Override
    public void reached(CommitPoint point, Digest work) {
        faults.stopAt(rank, StopPoint.valueOf(point.name()));
    }
}
