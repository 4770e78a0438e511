/**
 * Import of external seeds: files a user drops into a directory, published into the public
 * corpus by content.
 *
 * <p>Rule: a seed counts as imported only once its bytes are durably in the corpus. A file that
 * cannot be read now is reported and tried again on the next scan; an entry that is not a
 * regular file (directory, symbolic link, FIFO, ...) is skipped and reported, never followed or
 * opened. What was imported is remembered by the scanner for its lifetime and returned to the
 * caller; recording it durably is the caller's business, so this package needs no store.
 */
package io.frontier.store.corpus.seed;
