/**
 * Filesystem steps of the corpus, each of which either completes or fails loudly.
 *
 * <p>Rule: a name is published only for bytes already forced to disk (temporary file in the
 * target directory, write, fsync, rename, fsync of the directory), and a publish that fails at
 * any step leaves no temporary file behind. Every {@link java.io.IOException} becomes a
 * {@link io.frontier.store.corpus.fs.CorpusIoException} whose fixed message names the step and
 * whose context names the path. Every fsync goes through one {@link
 * io.frontier.store.corpus.fs.Fsync}, which counts them.
 *
 * <p>This package knows nothing of digests, stages or the store.
 */
package io.frontier.store.corpus.fs;
