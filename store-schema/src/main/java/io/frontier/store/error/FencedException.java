package io.frontier.store.error;

/**
 * The caller's right to change an item or the campaign has been taken away: its lease token was
 * replaced or its epoch was superseded. The operation wrote nothing, and retrying it cannot
 * succeed; the caller must drop what it holds.
 */
public abstract class FencedException extends FrontierException {

    private static final long serialVersionUID = 1L;

    protected FencedException(String message) {
        super(message);
    }
}
