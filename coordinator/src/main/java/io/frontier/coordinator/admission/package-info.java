/**
 * How inputs enter a campaign: external seeds published into the corpus by content and admitted
 * as pending work, and the public corpus verified when a job first sees it.
 *
 * <p>Rule: nothing is admitted or dispatched unless its bytes were hashed and match its name; a
 * corpus object under a valid name with other bytes is a control failure, never work.
 */
package io.frontier.coordinator.admission;
