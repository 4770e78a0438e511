package io.frontier.tools.campaign;

import io.frontier.coordinator.liveness.JobLiveness;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.EpochRecord;

/**
 * The rule for changing a campaign's settings or identity: only between jobs. Every rank reads
 * {@code campaign.json} when it starts, and checks it against the store, so a change while a job
 * may run would leave its ranks disagreeing with the files. Stateless.
 */
final class BetweenJobs {

    private BetweenJobs() {
    }

    /**
     * Returns the epoch record of {@code store}'s campaign if no job of it may be running (its
     * heartbeat is ended, or silent for three intervals), judged at {@code now}; else refuses,
     * saying that {@code change} waits for the job's end and naming the job.
     */
    static EpochRecord require(CampaignStore store, String change, double now) {
        EpochRecord epoch = store.epoch();
        JobLiveness job = JobLiveness.judge(epoch, store.heartbeat(), now);
        if (job instanceof JobLiveness.MaybeAlive alive) {
            throw new FrontierException("a job of the campaign may be running, and " + change + " only between jobs"
                    + " (every rank reads campaign.json when it starts): stop the job (frontier stop) or wait until"
                    + " it ends or is presumed dead").with("job", alive.describe());
        }
        return epoch;
    }
}
