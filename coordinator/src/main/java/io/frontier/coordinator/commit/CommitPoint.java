package io.frontier.coordinator.commit;

/**
 * The named points of the commit chain, each between two durable steps, where a fault-injection
 * test may stop a coordinator. Replay passes through the same points after the first.
 */
public enum CommitPoint {
    /** The store recorded the decision; nothing is promoted yet. */
    AFTER_BEGIN_COMMIT,
    /** One child was renamed into the corpus by this promotion; the others are still staged. */
    BETWEEN_PROMOTIONS,
    /** Every child is in the corpus; no promotion mark of this pass is written yet. */
    AFTER_PROMOTION,
    /** Every child is marked promoted; the item is still committing. */
    AFTER_MARKS,
    /** The item is done and its children pending; the stage is still there. */
    AFTER_COMPLETE
}
