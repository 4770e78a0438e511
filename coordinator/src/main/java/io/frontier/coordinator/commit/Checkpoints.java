package io.frontier.coordinator.commit;

import io.frontier.store.corpus.Digest;

/**
 * Told each time the commit chain or replay passes a {@link CommitPoint}. The coordinator runs
 * with {@link #NONE}; a fault-injection test supplies one that stops the process (or throws) at
 * the point it names, leaving exactly the durable state a crash there leaves, because nothing in
 * the chain cleans up on the way out.
 */
@FunctionalInterface
public interface Checkpoints {

    /** Does nothing at every point. */
    Checkpoints NONE = (point, work) -> { };

    /** The chain reached {@code point} while committing {@code work}. */
    void reached(CommitPoint point, Digest work);
}
