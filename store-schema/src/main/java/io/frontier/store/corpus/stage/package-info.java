/**
 * Stages: the private directory where a worker leaves the children of one result, and the
 * coordinator's inspection, promotion and removal of it.
 *
 * <p>Rule: a stage reaches the public corpus only whole and verified. The coordinator accepts a
 * stage only if its entries are exactly the declared children (no extra, missing, non-regular,
 * symbolically linked or badly named entry) and every child hashes to its name; otherwise the
 * stage is rejected as a whole and the corpus is not touched. Promotion re-verifies what it
 * renames and what it finds already in the corpus, and is harmless to repeat, because the replay
 * of a crashed coordinator runs it again on a stage that may be partly promoted or removed.
 */
package io.frontier.store.corpus.stage;
