/**
 * {@code frontier manifest}: the append-only result manifest, entry by entry in commit order,
 * one entry with its children and their fates, and a check of every promoted object, every
 * completion mark and every finding child's record.
 *
 * <p>Rule: these commands only read (snapshot reads of the store, reads of the corpus), so they
 * are safe while a job runs; an entry that is still open may move on while it is read, and the
 * check allows for exactly that and nothing more.
 */
package io.frontier.tools.manifest;
