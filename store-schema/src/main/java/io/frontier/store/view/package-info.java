/**
 * Read-only views of a campaign for operators and checks: the result manifest in commit order,
 * one entry by its id or its result, the work items of one state with their holders, every
 * work record in id order, the findings grouped by signature, the edge map's totals, the shared
 * SymCC pruning map, each coordinator's committed executions, and what they amount to per
 * executor kind.
 *
 * <p>Rule: a view only reads, through {@link io.frontier.store.kv.KeyValueStore#read}, a snapshot
 * that neither conflicts with nor blocks the campaign's writers, so it is safe on a running
 * campaign; it never writes and never reads serializably. Every transaction reads one bounded
 * page: a call returns one page and the cursor for the next, or (the findings, every work
 * record, the edge map) reads page after page, each in a snapshot of its own, or reads a small
 * range whole (the pruning map has a fixed number of shards; there is one load, and a few
 * executor counts per executor kind, per coordinator of every job). The one view that keeps
 * state, {@link io.frontier.store.view.EdgeMapTally}, answers a caller that asks again and again
 * from what it read before, re-reading one page per call. Stored values that cannot be read, or
 * that disagree with their key or index, are reported as
 * {@link io.frontier.store.campaign.Blocked} and the view goes on with the others.
 */
package io.frontier.store.view;
