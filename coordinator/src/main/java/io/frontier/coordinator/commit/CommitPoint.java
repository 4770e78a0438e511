package io.frontier.coordinator.commit;

/**
 * The named points of the commit chain, each between two durable steps, where a fault-injection
 * test may stop a coordinator. Replay passes through the same points after the first.
 */
public enum CommitPoint {
    /**
     * The store recorded the decision and the item is committing; nothing is promoted yet. A
     * decision that keeps no child ends its entry at once and passes {@link #AFTER_COMPLETE} only.
     */
    AFTER_BEGIN_COMMIT,
    /** One child was renamed into the corpus by this promotion; the others are still staged. */
    BETWEEN_PROMOTIONS,
    /** Every child is in the corpus; no promotion mark of this pass is written yet. */
    AFTER_PROMOTION,
    /** Every child is marked promoted; the item is still committing. */
    AFTER_MARKS,
    /**
     * The item is done (or pending for its next round) and its children pending; the stage is
     * still there. A decision that keeps no child reaches it right after its transaction.
     */
    AFTER_COMPLETE
}
