/**
 * Fuzzing sessions as the coordinator runs them: which of its workers fuzz and which run inputs,
 * which session each fuzzing worker holds, and what of the campaign's feed each session's fuzzer
 * has been handed.
 *
 * <p>Rule: a session slice is an assignment like any other. It runs under the lease of the
 * session's work item, its RESULT is validated and committed by the same chain, and nothing here
 * writes the store except through {@link io.frontier.store.campaign.CampaignStore}'s session
 * claim. What this package keeps (fuzzer instances, feed positions, the split's figures) lives in
 * the coordinator's memory for one job only: a new job starts every instance afresh from the
 * feed, so losing it loses no result.
 */
package io.frontier.coordinator.session;
