package io.frontier.tools.job;

import io.frontier.coordinator.liveness.JobLiveness;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.EpochRecord;

/** Ends the previous job of a campaign for a new one: judge it from its heartbeat, then fence it off. */
final class JobFence {

    /**
     * What the fence did.
     *
     * @param epoch the new epoch, set by the new job
     * @param previous the fenced job as judged just before the bump
     */
    record Fenced(EpochRecord epoch, JobLiveness previous) {
    }

    private JobFence() {
    }

    /**
     * Fences off the job that runs the campaign's current epoch, on behalf of the new job
     * {@code job}, by moving the epoch one up ({@link CampaignStore#bumpEpoch}).
     *
     * <p>After it returns, no process of the fenced job or of any earlier one can change the
     * campaign: every store write it attempts, heartbeats included, is refused; its leases can
     * be recovered at once, whatever their expiry; its commit decisions are left to the new
     * job's replay, which runs before that job dispatches anything. Its processes may still run
     * (a paused or partitioned node) and touch files in their stage tree, which no commit will
     * ever reference. It cannot be undone; epochs only grow. The bump itself is idempotent
     * (a store transaction retried after an unknown outcome finds its own epoch); every new
     * {@code job} moves the epoch once more.
     *
     * <p>Refused, changing nothing, while the current job may still be alive (its heartbeat is
     * younger than three of its intervals, or its launcher said it is starting less than a minute
     * ago and its root has not beaten yet), unless {@code force}; and when another job moved the
     * epoch between the judgement and the bump.
     *
     * @throws FrontierException naming the job, its host and pid and the age of its last sign
     *     of life, when it may still be alive and {@code force} is false
     */
    static Fenced fence(CampaignStore store, String job, boolean force, double now) {
        EpochRecord current = store.epoch();
        JobLiveness previous = JobLiveness.judge(current, store.heartbeat(), now);
        if (previous instanceof JobLiveness.MaybeAlive alive && !force) {
            FrontierException refusal = new FrontierException(
                    "the previous job may still be alive: wait until it is presumed dead, or pass --force to fence it off")
                    .with("job", alive.job()).with("epoch", alive.epoch());
            if (alive.last() != null) {
                refusal.with("host", alive.last().host()).with("pid", alive.last().pid());
            }
            throw refusal.with("silentSeconds", Math.round(alive.silentSeconds() * 10) / 10.0)
                    .with("presumedDeadAfterSeconds", alive.allowedSeconds());
        }
        return new Fenced(store.bumpEpoch(current.epoch(), job, now), previous);
    }
}
