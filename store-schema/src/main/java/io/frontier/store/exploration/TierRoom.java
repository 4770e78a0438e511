package io.frontier.store.exploration;

/**
 * What the lower tiers may still take in one transaction: the campaign's cap less what they
 * held when the transaction read their counters, less what the transaction has given away since.
 * The counters are read by snapshot, so coordinators deciding at the same time do not conflict;
 * they may then overshoot the cap by what their concurrent transactions defer, a batch each.
 */
public final class TierRoom {

    private long items;
    private long bytes;

    /** Room under {@code policy}'s cap when tiers 1 and up hold {@code heldItems} and {@code heldBytes}. */
    public TierRoom(ExplorationPolicy policy, long heldItems, long heldBytes) {
        this.items = policy.capItems() - heldItems;
        this.bytes = policy.capBytes() - heldBytes;
    }

    /** Takes room for one input of {@code size} bytes, if there is room for all of it. */
    public boolean take(long size) {
        if (items < 1 || bytes < size) {
            return false;
        }
        items--;
        bytes -= size;
        return true;
    }
}
