package io.frontier.store.coverage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EdgeMapTest {

    private final Map<Integer, byte[]> stored = new HashMap<>();
    private final Map<Integer, Integer> reads = new HashMap<>();
    private final EdgeMap map = new EdgeMap(shard -> {
        reads.merge(shard, 1, Integer::sum);
        return stored.get(shard);
    });

    private static Coverage coverage(int... tuples) {
        return Coverage.of(tuples);
    }

    @Test
    void newEdgesAreThoseWithNoBucketSetBeforeAndNewTuplesEveryBitNotSet() {
        byte[] shard = new byte[EdgeMap.SHARD_BYTES];
        shard[10] = 0b1;
        stored.put(0, shard);
        Novelty novelty = map.admit(coverage(Coverage.tuple(10, 1), Coverage.tuple(10, 2), Coverage.tuple(11, 1),
                Coverage.tuple(11, 300)));
        assertThat(novelty).isEqualTo(new Novelty(3, 1));
        assertThat(novelty.any()).isTrue();
    }

    @Test
    void whatWasAdmittedIsKnownToTheNextCoverageAndReturnedAsFullWidthOperands() {
        assertThat(map.admit(coverage(Coverage.tuple(5, 1)))).isEqualTo(new Novelty(1, 1));
        assertThat(map.admit(coverage(Coverage.tuple(5, 1)))).isEqualTo(new Novelty(0, 0));
        assertThat(map.admit(coverage(Coverage.tuple(5, 1))).any()).isFalse();
        assertThat(map.admit(coverage(Coverage.tuple(5, 4)))).isEqualTo(new Novelty(1, 0));
        int far = 3 * EdgeMap.SHARD_BYTES + 7;
        map.admit(coverage(Coverage.tuple(far, 128)));
        Map<Integer, byte[]> additions = map.additions();
        assertThat(additions).containsOnlyKeys(0, 3);
        assertThat(additions.get(0)).hasSize(EdgeMap.SHARD_BYTES);
        assertThat(additions.get(0)[5]).isEqualTo((byte) 0b1001);
        assertThat(additions.get(3)[7]).isEqualTo((byte) 0b1000_0000);
        assertThat(reads).as("each shard is read once").containsEntry(0, 1).containsEntry(3, 1);
    }

    @Test
    void additionsHoldOnlyTheBitsThisMapSetNotTheStoredOnes() {
        byte[] shard = new byte[EdgeMap.SHARD_BYTES];
        shard[2] = 0b10;
        stored.put(0, shard);
        map.admit(coverage(Coverage.tuple(2, 1), Coverage.tuple(2, 2)));
        assertThat(map.additions().get(0)[2]).isEqualTo((byte) 0b01);
        assertThat(map.admit(coverage(Coverage.tuple(2, 2)))).isEqualTo(new Novelty(0, 0));
    }

    @Test
    void aStoredShardOfAnotherWidthIsReadPaddedOrCut() {
        stored.put(0, new byte[] {0, 0b1});
        stored.put(1, new byte[EdgeMap.SHARD_BYTES + 3]);
        assertThat(map.admit(coverage(Coverage.tuple(1, 1), Coverage.tuple(100, 1)))).isEqualTo(new Novelty(1, 1));
        assertThat(map.admit(coverage(Coverage.tuple(EdgeMap.SHARD_BYTES, 1)))).isEqualTo(new Novelty(1, 1));
    }

    @Test
    void anEmptyCoverageAddsNothing() {
        assertThat(map.admit(Coverage.empty())).isEqualTo(new Novelty(0, 0));
        assertThat(map.additions()).isEmpty();
    }

    @Test
    void shardsGainingAreThoseWhereTheCoverageHasATupleTheMapLacksAndNothingIsAdmitted() {
        byte[] shard = new byte[EdgeMap.SHARD_BYTES];
        shard[4] = 0b1;
        stored.put(0, shard);
        int inShardTwo = 2 * EdgeMap.SHARD_BYTES + 9;
        Coverage coverage = coverage(Coverage.tuple(4, 1), Coverage.tuple(inShardTwo, 1), Coverage.tuple(inShardTwo + 1, 3));
        assertThat(EdgeMap.shardsOf(coverage)).containsExactly(0, 2);
        assertThat(map.shardsGaining(coverage)).containsExactly(2);
        assertThat(map.shardsAdded()).isEmpty();
        map.admit(coverage);
        assertThat(map.shardsAdded()).containsExactly(2);
        assertThat(map.shardsGaining(coverage)).isEmpty();
        assertThat(map.shardsGaining(coverage(Coverage.tuple(4, 2)))).containsExactly(0);
    }
}
