package io.frontier.worker.fault;

/**
 * A named point in a coordinator's work where {@code coordinator.stop} can end the process as
 * {@code kill -9} would. Each names the durable state a stop there leaves behind, which is what
 * a recovery test then checks. The commit points carry the same constant names as the commit
 * chain's {@code CommitPoint}s, so a coordinator maps one to the other by name. Spellings are
 * only ever added.
 */
public enum StopPoint {
    /** Work leased in the store under a new token; no ASSIGN sent yet. */
    AFTER_CLAIM("after-claim"),
    /** ASSIGN sent to a worker; its RESULT not yet received. */
    AFTER_ASSIGN("after-assign"),
    /** A RESULT received; not yet validated, nothing written about it. */
    AFTER_RESULT("after-result"),
    /**
     * {@code beginCommit} durable (manifest entry, item committing); no child promoted yet. Never
     * reached by a decision that keeps no child, which ends its entry in the same transaction.
     */
    AFTER_BEGIN_COMMIT("after-begin-commit"),
    /** One child of a result renamed into the corpus; the others still staged. */
    BETWEEN_PROMOTIONS("between-promotions"),
    /** Every child of a result in the corpus; no promotion mark written yet. */
    AFTER_PROMOTION("after-promotion"),
    /** Every child marked promoted in the store; the item still committing. */
    AFTER_MARKS("after-marks"),
    /**
     * The item done and its children pending in the store; the stage may still exist. Reached by
     * a decision that keeps no child right after its transaction.
     */
    AFTER_COMPLETE("after-complete"),
    /** Root recorded quiescence in the store; no COMMIT sent yet. */
    AFTER_QUIESCENCE("after-quiescence");

    private final String spelling;

    StopPoint(String spelling) {
        this.spelling = spelling;
    }

    /** The name used in the fault plan, e.g. {@code after-begin-commit}. */
    public String spelling() {
        return spelling;
    }

    /** The point spelled {@code text}; an unknown spelling is an error that names it. */
    public static StopPoint named(String text) {
        for (StopPoint point : values()) {
            if (point.spelling.equals(text)) {
                return point;
            }
        }
        throw new FaultSyntaxException("unknown stop point").with("point", text);
    }

    @Override
    public String toString() {
        return spelling;
    }
}
