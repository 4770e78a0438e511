/**
 * What happens to an invalid RESULT: its stage is removed, the parent's corpus object is
 * verified again, the worker is quarantined, and the work goes back to the head of the holder's
 * queue under the same token, or is dropped if the token is no longer held.
 *
 * <p>Rule: an invalid result never loses its work and never takes work from anyone. The store
 * keeps the lease under the exact token in one transaction that also checks the token is still
 * held ({@code CampaignStore.requeue}), so a retry can never run under a token another holder
 * was granted meanwhile, and a corrupt parent object stops the job instead of wearing out
 * workers. Every invalid result is also counted in the store, once per result id, so a campaign
 * that had one cannot end as if it had none, even after a crash and a resume.
 */
package io.frontier.coordinator.rejection;
