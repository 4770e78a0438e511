package io.frontier.coordinator.termination;

import io.frontier.store.error.FrontierException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One coordinator's work for the tests: inputs published in its external directory, admitted
 * by a rescan into its queue and the shared store, executed one per loop turn. Inputs may be
 * published from other threads at any time, or by a hook at the start of a given refresh.
 * Thread-safe.
 */
final class FakeFrontier implements LocalFrontier, CoordinatorFigures {

    private final int rank;
    private final FakeStore store;
    private final Deque<String> external = new ArrayDeque<>();
    private final Deque<String> queue = new ArrayDeque<>();
    private final Map<Integer, Runnable> refreshHooks = new HashMap<>();
    private final List<String> corrupt = new ArrayList<>();
    private final Map<Integer, String> writtenOff = new HashMap<>();
    private boolean periodicRescan = true;
    private int refreshes;
    private long executions;
    private long invalidResults;

    FakeFrontier(int rank, FakeStore store) {
        this.rank = rank;
        this.store = store;
    }

    /** Writes {@code worker} off for the rest of the job, as a coordinator does with a worker that is overdue. */
    synchronized void writeOff(int worker, String why) {
        writtenOff.put(worker, why);
    }

    @Override
    public synchronized Map<Integer, String> writtenOff() {
        return Map.copyOf(writtenOff);
    }

    /** Puts an input into the external directory; only a rescan admits it. */
    synchronized void publish(String input) {
        external.add(input);
    }

    /**
     * From now on only {@link #refresh()} looks at the external directory, as if every input
     * published from here on came after the loop's last periodic rescan.
     */
    synchronized void rescanOnlyInRefresh() {
        periodicRescan = false;
    }

    /** Runs {@code hook} at the start of refresh number {@code refresh} (1 = the first). */
    synchronized void onRefresh(int refresh, Runnable hook) {
        refreshHooks.put(refresh, hook);
    }

    /** Executing {@code input} fails as a corrupt corpus object would. */
    synchronized void corrupt(String input) {
        corrupt.add(input);
    }

    synchronized void reportInvalidResults(long count) {
        invalidResults = count;
    }

    synchronized int refreshes() {
        return refreshes;
    }

    @Override
    public synchronized boolean idle() {
        return queue.isEmpty();
    }

    @Override
    public boolean refresh() {
        Runnable hook;
        synchronized (this) {
            refreshes++;
            hook = refreshHooks.remove(refreshes);
        }
        // Outside the lock: a hook may publish here or at another coordinator.
        if (hook != null) {
            hook.run();
        }
        synchronized (this) {
            rescan();
            return queue.isEmpty();
        }
    }

    /** One turn of a running coordinator: rescan (if periodic), then execute the oldest queued input. */
    synchronized void step() {
        if (periodicRescan) {
            rescan();
        }
        String input = queue.poll();
        if (input == null) {
            return;
        }
        if (corrupt.contains(input)) {
            throw new FrontierException("corpus object does not match its name").with("input", input);
        }
        executions++;
        store.executed(rank, input);
    }

    @Override
    public synchronized long invalidResults() {
        return invalidResults;
    }

    @Override
    public synchronized Map<String, Long> counts() {
        return Map.of("executions", executions);
    }

    private void rescan() {
        for (String input; (input = external.poll()) != null; ) {
            store.admit(input);
            queue.add(input);
        }
    }
}
