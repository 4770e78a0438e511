package io.frontier.store.error;

/**
 * The campaign's metadata does not allow the operation: it was never initialised, it was
 * initialised with another configuration, or another job already moved the epoch past the one
 * this job expected to move. Context: {@code campaign} and the values that disagree.
 */
public final class CampaignSetupException extends FrontierException {

    private static final long serialVersionUID = 1L;

    public CampaignSetupException(String message) {
        super(message);
    }
}
