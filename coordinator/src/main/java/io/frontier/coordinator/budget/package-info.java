/**
 * Budgets: the limits at which a job stops taking new work (wall time of the job, executions and
 * corpus size of the campaign). A budget never cuts work short: running executions finish and
 * commit, work claimed but not started goes back to pending, and the campaign stays resumable.
 */
package io.frontier.coordinator.budget;
