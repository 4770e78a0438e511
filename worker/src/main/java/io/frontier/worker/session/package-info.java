/**
 * Fuzzing sessions: one long-lived {@code afl-fuzz} per session, run in slices and harvested at
 * the end of each ({@link io.frontier.worker.session.AflSession}), fed the campaign's new inputs
 * through AFL++'s own sync directory. A session lives as long as its owner keeps it (a lease, a
 * whole job); what it found lives in its directory until a harvest copies it out.
 *
 * <p>Rule: the worker owns a session's directory and its process. Nothing else writes into the
 * directory, and only harvested entries leave it, and only through the output directory the
 * caller names for each harvest ({@link io.frontier.worker.session.SessionHarvest}). Between two
 * slices the instance is stopped, so a harvest reads files nobody is writing; an entry AFL++ may
 * still have been writing when it was stopped is taken at a later harvest, never skipped.
 */
package io.frontier.worker.session;
