/**
 * Read-only views of a campaign for operators and checks: the result manifest in commit order,
 * one entry by its id or its result, and the work items of one state with their holders.
 *
 * <p>Rule: a view only reads, through {@link io.frontier.store.kv.KeyValueStore#read}, a snapshot
 * that neither conflicts with nor blocks the campaign's writers, so it is safe on a running
 * campaign; it never writes and never reads serializably. Every call is one bounded transaction
 * (a page), and a page hands back a cursor for the next. Stored values that cannot be read, or
 * that disagree with their index, are reported as {@link io.frontier.store.campaign.Blocked}
 * and the view goes on with the others.
 */
package io.frontier.store.view;
