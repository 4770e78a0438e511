/**
 * How inputs enter a campaign: external seeds published into the corpus by content and admitted
 * as pending work, and the public corpus audited at a job's start as far as its
 * {@link io.frontier.coordinator.admission.AuditScope} says.
 *
 * <p>Rule: nothing is admitted unless its bytes were hashed and match its name, and nothing runs
 * unless the worker's copy of it was (the audit only finds a bad object sooner); a corpus object
 * under a valid name with other bytes is a control failure, never work.
 */
package io.frontier.coordinator.admission;
