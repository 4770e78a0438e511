package io.frontier.store.campaign;

import io.frontier.store.error.FrontierException;

/**
 * A completion would enqueue more children than one transaction takes: the campaign store then
 * completes the entry in parts ({@link CampaignStore#complete(long, java.util.List, double)}).
 * Never reaches a caller of the store.
 */
final class PartsRequiredException extends FrontierException {

    private static final long serialVersionUID = 1L;

    PartsRequiredException() {
        super("entry enqueues more children than one transaction takes");
    }

    @Override
    public PartsRequiredException with(String key, Object value) {
        super.with(key, value);
        return this;
    }
}
