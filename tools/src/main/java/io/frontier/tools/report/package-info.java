/**
 * {@code frontier report}: one self-contained HTML page about a campaign (coverage, executions,
 * frontier depth and coordinator load over time, pending items per tier, executions, new edges
 * and the redundant-child ratio per executor kind, findings, job summaries with the workers'
 * busy fractions), or the same figures as JSON.
 *
 * <p>Rule: the report only reads, with snapshot reads of the store, page by page; it streams the
 * manifest into fixed-size aggregates (time series of at most {@link
 * io.frontier.tools.report.TimeBuckets#MAX_BUCKETS} points, per executor kind of at most {@link
 * io.frontier.tools.report.ExecutorSeries#MAX_BUCKETS}, a depth per input that has joined the
 * frontier and not yet run), so its memory does not grow with the number of entries. The
 * page needs nothing from the network: styles and plots (SVG drawn here) are inline, and every
 * text taken from the campaign is escaped.
 */
package io.frontier.tools.report;
