package io.frontier.store.corpus.fsck;

/**
 * Told after each entry a {@link CorpusCheck} has examined, so a long check can show progress.
 * Called on the checking thread; a slow callback slows the check.
 */
@FunctionalInterface
public interface CheckProgress {

    /** Reports nothing. */
    CheckProgress NONE = (entries, bytes) -> { };

    /**
     * @param entries entries examined so far
     * @param bytes object bytes hashed so far
     */
    void checked(long entries, long bytes);
}
