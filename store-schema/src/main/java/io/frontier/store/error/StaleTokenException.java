package io.frontier.store.error;

/**
 * The token presented for a work item is not the one the store holds for it. Context:
 * {@code work}, {@code expectedToken} (stored, or "none"), {@code presentedToken},
 * {@code recordEpoch}, {@code presentedEpoch}.
 */
public final class StaleTokenException extends FencedException {

    private static final long serialVersionUID = 1L;

    public StaleTokenException(String message) {
        super(message);
    }
}
