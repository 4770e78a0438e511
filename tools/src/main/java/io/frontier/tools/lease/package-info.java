/**
 * {@code frontier leases}: the items coordinators hold (leased, committing) or could take
 * (pending), with holder, token, epoch, expiry and age.
 *
 * <p>Rule: read-only, through the store's indexes with snapshot reads; a lease shown as expired
 * is only a hint that its holder may be gone, never a reason to act by hand: recovery of leases
 * is the store's and the coordinators' job.
 */
package io.frontier.tools.lease;
