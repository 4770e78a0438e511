/**
 * Import of external seeds: files a user drops into a directory, published into the public
 * corpus by content.
 *
 * <p>Rule: a seed counts as imported only once its bytes are durably in the corpus. A seed is a
 * regular file, or a symbolic link that leads to one: the link is resolved to the file it ends
 * at, and only a regular file is ever opened, without following links, so a FIFO or device is
 * never opened and a link swapped meanwhile is refused. A file that cannot be read now is
 * reported and tried again on the next scan; an entry that is no seed (directory, FIFO, device,
 * dangling link, link to anything but a regular file) is skipped and reported with the reason,
 * and examined again by the next scan. What was imported is remembered by the scanner for its
 * lifetime and returned to the caller; recording it durably is the caller's business, so this
 * package needs no store.
 */
package io.frontier.store.corpus.seed;
