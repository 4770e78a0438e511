package io.frontier.coordinator.commit;

import io.frontier.store.campaign.CampaignStore;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Splits the items of a commit batch into groups that each fit one store transaction: at most
 * {@link CampaignStore#MAX_BATCH} items and at most
 * {@link CampaignStore#MAX_CHILDREN_PER_TRANSACTION} children. Groups keep the items' order;
 * an item is never split: one with more children than that is a group of its own, which the
 * store takes in several transactions of its own (chunks written ahead of a decision, a
 * completion in parts, marks in slices). Stateless.
 */
final class TransactionGroups {

    private TransactionGroups() {
    }

    /**
     * {@code items}, grouped in order.
     *
     * @param children the number of children an item brings into the transaction
     */
    static <T> List<List<T>> of(List<T> items, ToIntFunction<T> children) {
        List<List<T>> groups = new ArrayList<>();
        List<T> group = new ArrayList<>();
        int room = CampaignStore.MAX_CHILDREN_PER_TRANSACTION;
        for (T item : items) {
            int needed = children.applyAsInt(item);
            if (!group.isEmpty() && (group.size() == CampaignStore.MAX_BATCH || needed > room)) {
                groups.add(group);
                group = new ArrayList<>();
                room = CampaignStore.MAX_CHILDREN_PER_TRANSACTION;
            }
            group.add(item);
            room -= needed;
        }
        if (!group.isEmpty()) {
            groups.add(group);
        }
        return groups;
    }
}
