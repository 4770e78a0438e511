package io.frontier.coordinator.control;

import io.frontier.store.error.FencedException;
import io.frontier.store.error.StaleEpochException;

/** Why the store refused a holder's write; the two call for different reactions. */
public enum Refusal {
    /**
     * The item is no longer held under this coordinator's token (its lease was recovered and
     * granted again, or it committed another result). Only this result is dropped; the job
     * carries on.
     */
    STALE_TOKEN,
    /**
     * The campaign moved to a newer epoch: a newer job fenced this one off, and every further
     * write of this job will be refused too. The coordinator must stop; the newer job's replay
     * finishes what this one committed.
     */
    STALE_EPOCH;

    /** The refusal {@code fenced} stands for. */
    public static Refusal of(FencedException fenced) {
        return fenced instanceof StaleEpochException ? STALE_EPOCH : STALE_TOKEN;
    }
}
