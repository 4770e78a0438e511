/**
 * {@code frontier status}: where a campaign stands, in one screen.
 *
 * <p>Rule: status only reads, with snapshot reads of the store's counters, records, edge map and
 * per-coordinator loads and a listing of the corpus directory, so it is safe to run at any time,
 * as often as wanted, while a job runs; its figures may be a moment old but never disturb the job.
 */
package io.frontier.tools.status;
