/**
 * The content-addressed corpus: objects named by the SHA-256 of their bytes, the directories
 * that hold them, and the layout of a campaign directory on the shared POSIX filesystem.
 *
 * <p>Rule: an object's name is the lowercase hex SHA-256 of its bytes, and no name is trusted.
 * Every check point (publishing bytes whose name already exists, verified read, stage
 * inspection, promotion, fsck) hashes the bytes again, streaming through a fixed buffer, and a
 * mismatch is a control failure ({@link io.frontier.store.corpus.CorruptObjectException}): the
 * object is reported, never replaced, dispatched or promoted.
 *
 * <p>{@link io.frontier.store.corpus.CorpusLayout} is the only place that knows where things
 * live in a campaign directory. Nothing here depends on the store or on MPI.
 */
package io.frontier.store.corpus;
