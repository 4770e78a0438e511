package io.frontier.store.campaign;

import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.record.ResultId;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What the attempts of one completion call wrote, so that its next attempt knows its own work.
 * A store whose commit outcome can be unknown (FoundationDB's {@code commit_unknown_result})
 * runs the transaction body again; when the first attempt did commit, the second finds the entry
 * already ended and would report the call as {@code repeated}, with no children enqueued, although
 * this very call enqueued them. An outcome carries the caller's {@code now}, so an outcome equal
 * to one this call wrote is this call's own. Lives for one call; used by the thread running it.
 */
final class CompletionMemory {

    /** What the attempts before the running one wrote, the latest per result. */
    private final Map<ResultId, Completion> earlier = new HashMap<>();
    /** What the running attempt wrote so far. */
    private final Map<ResultId, Completion> running = new HashMap<>();

    /**
     * Starts an attempt: what the one before wrote becomes earlier work. A result named twice in
     * one attempt is thus still a repeated call the second time.
     */
    void beginAttempt() {
        earlier.putAll(running);
        running.clear();
    }

    /** Notes a completion the running attempt wrote. */
    void wrote(ResultId result, Completion completion) {
        running.put(result, completion);
    }

    /** The completion an earlier attempt of this call wrote for {@code result}, if {@code stored} is its outcome. */
    Optional<Completion> ownEarlierAttempt(ResultId result, ResultOutcome stored) {
        Completion mine = earlier.get(result);
        return mine != null && mine.outcome().equals(stored) ? Optional.of(mine) : Optional.empty();
    }
}
