package io.frontier.store.campaign;

import io.frontier.store.record.ResultId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the attempts of one store call wrote per result, so that its next attempt knows its own
 * work. A store whose commit outcome can be unknown (FoundationDB's {@code commit_unknown_result})
 * runs the transaction body again; when the first attempt did commit, the second finds the item
 * moved on (an entry already ended, an item done or back in the queue) and would report the call
 * as repeated, or refuse it, although this very call did the work. The caller checks that what it
 * finds in the store is what the earlier attempt wrote before it takes the remembered value. Lives
 * for one call; used by the thread running it.
 *
 * @param <T> what an attempt reports for a result
 */
final class AttemptMemory<T> {

    /** What the attempts before the running one wrote, the latest per result. */
    private final Map<ResultId, T> earlier = new HashMap<>();
    /** What the running attempt wrote so far. */
    private final Map<ResultId, T> running = new HashMap<>();

    /**
     * Starts an attempt: what the one before wrote becomes earlier work. A result named twice in
     * one attempt is thus still a repeated call the second time.
     */
    void beginAttempt() {
        earlier.putAll(running);
        running.clear();
    }

    /** Notes what the running attempt wrote for {@code result}. */
    void wrote(ResultId result, T value) {
        running.put(result, value);
    }

    /** What an earlier attempt of this call wrote for {@code result}, if any. */
    Optional<T> earlier(ResultId result) {
        return Optional.ofNullable(earlier.get(result));
    }
}
