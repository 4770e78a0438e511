/**
 * How a listing reads a store too large for one transaction: one bounded page per read-only
 * transaction, each page ending early once it has read about a mebibyte or run about a second
 * ({@link io.frontier.store.paging.PageBudget}), and a page that timed out anyway read again,
 * smaller ({@link io.frontier.store.paging.ShrinkingPages}).
 *
 * <p>Rule: FoundationDB refuses a transaction older than 5 s ({@code transaction_too_old}) and
 * answers large reads slowly, so no listing may read an amount that grows with the campaign in
 * one transaction. A page holds whole items only and always at least one, so a listing that
 * follows its cursors always moves on.
 */
package io.frontier.store.paging;
