package io.frontier.worker.fault;

/**
 * A named point in a coordinator's work where {@code coordinator.stop} can end the process as
 * {@code kill -9} would. Each names the durable state a stop there leaves behind, which is what
 * a recovery test then checks. Spellings are only ever added.
 */
public enum StopPoint {
    /** Work leased in the store under a new token; no ASSIGN sent yet. */
    AFTER_CLAIM("after-claim"),
    /** ASSIGN sent to a worker; its RESULT not yet received. */
    AFTER_ASSIGN("after-assign"),
    /** A RESULT received; not yet validated, nothing written about it. */
    AFTER_RESULT("after-result"),
    /** {@code beginCommit} durable (manifest entry, item committing); no child promoted yet. */
    AFTER_BEGIN_COMMIT("after-begin-commit"),
    /** One child of a result renamed into the corpus; the others still staged. */
    AFTER_FIRST_PROMOTION("after-first-promotion"),
    /** Every child of a result promoted; completion not yet recorded in the store. */
    AFTER_PROMOTION("after-promotion"),
    /** Completion recorded in the store; the stage may still exist. */
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
