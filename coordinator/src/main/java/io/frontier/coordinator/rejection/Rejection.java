package io.frontier.coordinator.rejection;

import io.frontier.coordinator.control.ControlFailure;
import io.frontier.coordinator.control.Refusal;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.record.WorkRecord;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the coordinator must do after an invalid RESULT. In every case the worker rank that sent
 * it is to be quarantined (no further assignments); {@code stageRemoved} is false only when a
 * level above the stage was not a real directory, and the stage janitor then removes the tree.
 */
public sealed interface Rejection permits Rejection.Requeued, Rejection.Dropped, Rejection.ControlFailed {

    /** The worker rank to quarantine. */
    int workerRank();

    /** What validation found. */
    Verdict.Invalid invalid();

    /** Whether the assignment's stage is gone. */
    boolean stageRemoved();

    /**
     * The store still held the item under the assignment's token and kept it leased under that
     * token (one more attempt, lease extended): put {@code kept} at the head of this
     * coordinator's queue and assign it again, to a healthy worker, under a new result id.
     */
    record Requeued(int workerRank, Verdict.Invalid invalid, boolean stageRemoved, WorkRecord kept) implements Rejection {

        public Requeued {
            Objects.requireNonNull(invalid, "invalid");
            Objects.requireNonNull(kept, "kept");
        }
    }

    /**
     * The token is no longer this coordinator's; the result is stale and the work is someone
     * else's now (or, for {@link Refusal#STALE_EPOCH}, the newer job's; stop the job).
     */
    record Dropped(int workerRank, Verdict.Invalid invalid, boolean stageRemoved, Refusal refusal,
            Map<String, String> context) implements Rejection {

        public Dropped {
            Objects.requireNonNull(invalid, "invalid");
            Objects.requireNonNull(refusal, "refusal");
            context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
        }
    }

    /**
     * The parent's corpus object is corrupt, missing or unreadable: nothing is requeued and the
     * job must stop with exit code 70.
     */
    record ControlFailed(int workerRank, Verdict.Invalid invalid, boolean stageRemoved, ControlFailure failure)
            implements Rejection {

        public ControlFailed {
            Objects.requireNonNull(invalid, "invalid");
            Objects.requireNonNull(failure, "failure");
        }
    }
}
