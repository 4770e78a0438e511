package io.frontier.coordinator.stop;

import io.frontier.store.error.FrontierException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Looks for a {@link StopRequest} for one job in its campaign directory, at most once per
 * {@link #READ_INTERVAL_NANOS} (a stat of one file), so a coordinator may ask on every turn of
 * its loop. Once it has seen a request it keeps saying so.
 */
public final class StopRequestWatch implements StopRequests {

    static final long READ_INTERVAL_NANOS = 250_000_000L;

    private final Path campaign;
    private final long epoch;
    private boolean read;
    private long nextRead;
    private String reason;

    /** Watches {@code campaign} for a request to stop the job of {@code epoch}. */
    public StopRequestWatch(Path campaign, long epoch) {
        this.campaign = campaign;
        this.epoch = epoch;
    }

    @Override
    public Optional<String> requested(long nowNanos) {
        if (reason == null && (!read || nowNanos - nextRead >= 0)) {
            read = true;
            nextRead = nowNanos + READ_INTERVAL_NANOS;
            reason = look();
        }
        return Optional.ofNullable(reason);
    }

    private String look() {
        try {
            return StopRequest.readFrom(campaign).filter(request -> request.epoch() == epoch)
                    .map(StopRequest::reason).orElse(null);
        } catch (FrontierException unreadable) {
            // Someone put something else there meaning to stop the job; draining loses nothing.
            return "an unreadable stop request: " + unreadable.getMessage();
        }
    }
}
