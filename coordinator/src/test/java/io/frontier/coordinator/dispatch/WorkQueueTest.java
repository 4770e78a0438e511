package io.frontier.coordinator.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.store.campaign.Lease;
import io.frontier.store.record.WorkRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkQueueTest {

    @TempDir
    Path directory;

    @Test
    void aRetriedItemGoesBeforeEverythingQueuedAndKeepsItsToken() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            WorkRecord first = campaign.seedAndClaim("first");
            WorkRecord second = campaign.seedAndClaim("second");
            WorkRecord rejected = campaign.seedAndClaim("rejected");
            WorkQueue queue = new WorkQueue();
            queue.add(first);
            queue.add(second);

            queue.retryFirst(rejected);

            assertThat(queue.peek()).contains(rejected);
            assertThat(queue.next()).contains(rejected);
            assertThat(queue.peek()).contains(first);
            assertThat(queue.next()).contains(first);
            assertThat(queue.next()).contains(second);
            assertThat(queue.peek()).isEmpty();
            assertThat(queue.next()).isEmpty();
        }
    }

    @Test
    void aLostLeaseLeavesTheQueueOnlyForItsExactToken() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            WorkRecord item = campaign.seedAndClaim("item");
            WorkRecord other = campaign.seedAndClaim("other");
            WorkQueue queue = new WorkQueue();
            queue.add(item);
            queue.add(other);

            assertThat(queue.drop(new Lease(item.id(), other.token()))).isFalse();
            assertThat(queue.drop(new Lease(item.id(), item.token()))).isTrue();

            assertThat(queue.leases()).containsExactly(new Lease(other.id(), other.token()));
            assertThat(queue.size()).isEqualTo(1);
        }
    }

    @Test
    void aLostLeaseOfARetriedItemLeavesTheQueueToo() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            WorkRecord rejected = campaign.seedAndClaim("rejected");
            WorkQueue queue = new WorkQueue();
            queue.retryFirst(rejected);

            assertThat(queue.leases()).containsExactly(new Lease(rejected.id(), rejected.token()));
            assertThat(queue.drop(new Lease(rejected.id(), rejected.token()))).isTrue();
            assertThat(queue.isEmpty()).isTrue();
        }
    }

    @Test
    void takeWhereLeavesRetriedItemsAndTheRestInOrder() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            WorkRecord first = campaign.seedAndClaim("first");
            WorkRecord second = campaign.seedAndClaim("second");
            WorkRecord third = campaign.seedAndClaim("third");
            WorkRecord rejected = campaign.seedAndClaim("rejected");
            WorkQueue queue = new WorkQueue();
            queue.add(first);
            queue.add(second);
            queue.add(third);
            queue.retryFirst(rejected);

            List<Lease> taken = queue.takeWhere(item -> !item.equals(second));

            assertThat(taken).containsExactly(new Lease(first.id(), first.token()), new Lease(third.id(), third.token()));
            assertThat(queue.next()).contains(rejected);
            assertThat(queue.next()).contains(second);
            assertThat(queue.next()).isEmpty();
        }
    }
}
