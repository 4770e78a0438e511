/**
 * What a campaign does with the inputs it finds: the tiers work waits in, the cap on the lower
 * tiers, and the rounds that send a committed item back for more.
 *
 * <p>The rule: no unique child is thrown away without a record. A child that reached new coverage
 * waits in tier 0; one redundant on arrival waits in tier 1 while the lower tiers are under the
 * campaign's cap and is recorded as dropped once they are not; an execution that timed out goes
 * back in tier 2 with twice the time limit, up to the cap factor; an input of a repeatable
 * executor whose run found nothing new goes back in tier 3: for AFL++ with a longer run, for the
 * campaign's number of repeats; for SymCC once, run from an empty pruning map. Where AFL++ runs
 * beside SymCC, a first round on SymCC is followed by one on AFL++ in the same tier, and every
 * repeat is an AFL++ run ({@link Rounds#after}); the round before names the kind of each later
 * round in the work record; which kind runs a first round is {@link ExecutorRouting}'s rule. The
 * new tier-0 inputs whose first round such a follow-up waits for (an input AFL++ found, whose
 * SymCC round takes a fraction of a second) stand ahead of the rest of tier 0
 * ({@link ClaimOrder#GATE}). Inside tier 0, seeds and inputs kept without triage go first; of the
 * triaged inputs, one that reached more new edges is claimed first, then the smaller and
 * shallower, and one that reached only a new hit count of known edges last; inside the lower
 * tiers, the smaller and shallower ({@link Tier#rank}). Claims take tier 0 first, so the lower
 * tiers cost nothing while there is new coverage to follow; of the lower tiers, the retries and
 * repeats of inputs that reached new coverage go before the children redundant on arrival, and
 * the later rounds of those last ({@link ClaimOrder}). The campaign is quiescent only when every
 * tier is empty. Every round of an item is its own commit under its own lease, with the same
 * exactly-once and fencing rules as the first.
 */
package io.frontier.store.exploration;
