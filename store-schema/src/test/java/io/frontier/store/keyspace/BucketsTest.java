package io.frontier.store.keyspace;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.Digest;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BucketsTest {

    @Test
    void bucketFollowsFromTheLeadingDigestBytes() {
        Digest id = Digest.parse("00000105" + "f".repeat(56));
        assertThat(Buckets.of(id, 1000)).isEqualTo(0x105 % 1000);
        assertThat(Buckets.of(Digest.parse("ff".repeat(32)), 7)).isEqualTo((int) (0xffffffffL % 7));
    }

    @Test
    void everyBucketHasExactlyOneOwner() {
        List<String> coordinators = List.of("rank-0", "rank-1", "rank-2");
        Set<Integer> seen = new HashSet<>();
        for (String coordinator : coordinators) {
            for (int bucket : Buckets.ownedBy(coordinator, coordinators, 64)) {
                assertThat(seen.add(bucket)).isTrue();
            }
        }
        assertThat(seen).hasSize(64);
    }

    @Test
    void removingOneCoordinatorMovesOnlyItsBuckets() {
        List<String> three = List.of("rank-0", "rank-1", "rank-2");
        List<String> two = List.of("rank-0", "rank-1");
        for (int bucket = 0; bucket < 256; bucket++) {
            String before = Buckets.owner(bucket, three);
            if (!before.equals("rank-2")) {
                assertThat(Buckets.owner(bucket, two)).isEqualTo(before);
            }
        }
        assertThat(Buckets.ownedBy("rank-2", three, 256)).isNotEmpty();
    }
}
