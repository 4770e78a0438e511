package io.frontier.store.wire;

/**
 * Coordinator → each worker of its group ({@link Tags#SHUTDOWN}): stop after the current
 * execution and answer with exactly one {@link ShutdownAck}.
 */
public record Shutdown(int coordinator) {

    public Shutdown {
        if (coordinator < 0) {
            throw new IllegalArgumentException("a rank is never negative, got " + coordinator);
        }
    }
}
