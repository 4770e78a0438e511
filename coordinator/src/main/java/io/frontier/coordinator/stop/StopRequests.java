package io.frontier.coordinator.stop;

import java.util.Optional;

/** Tells a coordinator whether its job was asked to stop, and why. */
@FunctionalInterface
public interface StopRequests {

    /** Never asks a job to stop: for coordinators whose job cannot be stopped from outside. */
    StopRequests NONE = nowNanos -> Optional.empty();

    /** Why the job was asked to stop, as of {@code nowNanos} ({@link System#nanoTime()}), or empty. */
    Optional<String> requested(long nowNanos);
}
