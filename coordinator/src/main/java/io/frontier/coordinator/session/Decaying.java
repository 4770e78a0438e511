package io.frontier.coordinator.session;

/**
 * A sum whose parts fade with a fixed half-life, so that it tells what happened recently: a part
 * added one half-life ago counts half. Not thread-safe; owned by the coordinator's loop.
 */
final class Decaying {

    private final double halfLifeSeconds;
    private double value;
    private double at = Double.NaN;

    Decaying(double halfLifeSeconds) {
        if (!(halfLifeSeconds > 0)) {
            throw new IllegalArgumentException("half-life must be positive, got " + halfLifeSeconds);
        }
        this.halfLifeSeconds = halfLifeSeconds;
    }

    /** Adds {@code amount} at {@code now} (seconds, never going back). */
    void add(double amount, double now) {
        value = value(now) + amount;
        at = now;
    }

    /** The sum as of {@code now}. */
    double value(double now) {
        if (Double.isNaN(at)) {
            return 0;
        }
        return value * Math.pow(0.5, Math.max(0, now - at) / halfLifeSeconds);
    }
}
