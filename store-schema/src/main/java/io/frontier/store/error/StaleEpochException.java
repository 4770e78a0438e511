package io.frontier.store.error;

/**
 * The caller runs under an epoch that is no longer the campaign's current one, or presents a
 * lease granted under an older epoch. Context: {@code presentedEpoch}, {@code currentEpoch}, and
 * {@code work} when one item is concerned.
 */
public final class StaleEpochException extends FencedException {

    private static final long serialVersionUID = 1L;

    public StaleEpochException(String message) {
        super(message);
    }
}
