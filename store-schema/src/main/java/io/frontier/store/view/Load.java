package io.frontier.store.view;

import io.frontier.store.record.Owner;

/**
 * The executions one coordinator has committed.
 *
 * @param owner the coordinator, as it holds leases ({@code epoch-2/rank-1})
 * @param executions its commit decisions, one per execution
 */
public record Load(Owner owner, long executions) {
}
