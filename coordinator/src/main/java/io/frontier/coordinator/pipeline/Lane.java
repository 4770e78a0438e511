package io.frontier.coordinator.pipeline;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Threads that run one kind of the coordinator's work off its loop (validation, commits, claims),
 * each task's outcome handed back to the loop through the {@link LoopMailbox}. The loop counts
 * what it has handed to a lane and not yet got back, so it knows when the lane is idle: the count
 * is read and written on the loop only.
 *
 * <p>A task that throws hands its exception to the loop instead of an outcome, where it is dealt
 * with as it would have been had the loop run the task itself.
 */
public final class Lane implements AutoCloseable {

    private final ExecutorService threads;
    private final LoopMailbox mailbox;
    /** Tasks handed to the lane whose outcome the loop has not run yet; the loop's own. */
    private int inFlight;

    /**
     * @param name what the lane's threads are called, for thread dumps
     * @param threads how many tasks run at once: 1 keeps the lane's tasks in the order given
     */
    public Lane(String name, int threads, LoopMailbox mailbox) {
        if (threads < 1) {
            throw new IllegalArgumentException("a lane has at least one thread, got " + threads);
        }
        this.mailbox = mailbox;
        this.threads = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "frontier-coordinator-" + name);
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Runs {@code task} on the lane; then, on the loop, {@code onLoop} with its outcome, or
     * {@code onFailure} with what it threw. Called on the loop.
     */
    public <T> void submit(Supplier<T> task, Consumer<T> onLoop, Consumer<RuntimeException> onFailure) {
        inFlight++;
        threads.execute(() -> {
            T outcome;
            try {
                outcome = task.get();
            } catch (RuntimeException e) {
                mailbox.post(() -> {
                    inFlight--;
                    onFailure.accept(e);
                });
                return;
            }
            mailbox.post(() -> {
                inFlight--;
                onLoop.accept(outcome);
            });
        });
    }

    /** Whether every task handed to the lane has had its outcome run on the loop. Called on the loop. */
    public boolean idle() {
        return inFlight == 0;
    }

    /** Tasks handed to the lane and not yet back on the loop. Called on the loop. */
    public int inFlight() {
        return inFlight;
    }

    /**
     * Stops taking tasks and waits a little for those running: the job is over, and what a task
     * left unfinished in the store is for the next job's replay and recovery.
     */
    @Override
    public void close() {
        threads.shutdown();
        try {
            threads.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        threads.shutdownNow();
    }
}
