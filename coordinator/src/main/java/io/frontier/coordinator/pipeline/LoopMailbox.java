package io.frontier.coordinator.pipeline;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What tasks off the loop hand back to it: each a piece of code that applies a task's outcome to
 * the coordinator's state, run by the loop thread in the order posted. Thread-safe to post to;
 * run by one thread only.
 */
public final class LoopMailbox {

    private final Queue<Runnable> posted = new ConcurrentLinkedQueue<>();

    /** Hands {@code onLoop} to the loop, from any thread. */
    public void post(Runnable onLoop) {
        posted.add(onLoop);
    }

    /**
     * Runs everything posted so far, in order, on the calling thread (the loop); returns how many
     * ran. What those post meanwhile waits for the next call.
     */
    public int run() {
        int pending = posted.size();
        for (int i = 0; i < pending; i++) {
            Runnable next = posted.poll();
            if (next == null) {
                return i;
            }
            next.run();
        }
        return pending;
    }

    public boolean isEmpty() {
        return posted.isEmpty();
    }
}
