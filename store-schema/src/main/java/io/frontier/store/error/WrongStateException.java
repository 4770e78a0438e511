package io.frontier.store.error;

/**
 * A work item or result is not in a state that allows the requested edge of the state machine,
 * e.g. completing an entry whose children are not all promoted. Context: {@code work},
 * {@code expected}, {@code actual}, and what else identifies the attempt.
 */
public final class WrongStateException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public WrongStateException(String message) {
        super(message);
    }
}
