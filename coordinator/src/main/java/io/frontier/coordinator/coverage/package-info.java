/**
 * The campaign's edge map as this coordinator knows it, and what of it each worker has been sent,
 * so that workers judge children redundant before they stage or send them.
 *
 * <p>Rule: the copy only ever gains bits that the store's map holds, so it never covers a tuple
 * the campaign has not reached: a child it covers can reach nothing new, whatever the worker's
 * copy lags. Lag only sends more children to be triaged by the commit decision, never fewer.
 */
package io.frontier.coordinator.coverage;
