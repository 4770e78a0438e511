package io.frontier.store.pruning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.error.InvalidInputException;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Random;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class PruningMapTest {

    /** A map with {@code bits} set. */
    static PruningMap withBits(int... bits) {
        byte[] file = new byte[PruningMap.BYTES];
        for (int bit : bits) {
            file[bit >>> 3] |= (byte) (1 << (bit & 7));
        }
        return PruningMap.of(file);
    }

    @Test
    void aMapSurvivesItsWireFormExactly() {
        Random random = new Random(12);
        byte[] file = new byte[PruningMap.BYTES];
        for (int i = 0; i < 3000; i++) {
            file[random.nextInt(PruningMap.BYTES)] |= (byte) (1 << random.nextInt(8));
        }
        PruningMap map = PruningMap.of(file);

        PruningMap decoded = PruningMap.decode(map.encoded());

        assertThat(decoded).isEqualTo(map);
        assertThat(decoded.bytes()).isEqualTo(file);
        assertThat(PruningMap.decode(PruningMap.empty().encoded()).isEmpty()).isTrue();
    }

    @Test
    void aShortFileReadsZeroPaddedAsSymccReadsIt() {
        PruningMap map = PruningMap.of(new byte[] {0, 0b101});

        assertThat(map.isSet(8)).isTrue();
        assertThat(map.isSet(10)).isTrue();
        assertThat(map.bitCount()).isEqualTo(2);
        assertThat(map.bytes()).hasSize(PruningMap.BYTES);
        assertThat(PruningMap.of(new byte[0])).isEqualTo(PruningMap.empty());
    }

    @Test
    void aFileLongerThanSymccsMapIsRefused() {
        assertThatThrownBy(() -> PruningMap.of(new byte[PruningMap.BYTES + 1]))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("pruning map is longer than SymCC's map");
        assertThatThrownBy(() -> PruningMap.decode(deflated(new byte[PruningMap.BYTES + 1])))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("pruning map is longer than SymCC's map");
    }

    @Test
    void mergingIsIdempotentCommutativeAndKeepsEveryBit() {
        PruningMap a = withBits(0, 9, 70_000);
        PruningMap b = withBits(9, 1_048_575);

        PruningMap merged = a.or(b);

        assertThat(merged).isEqualTo(withBits(0, 9, 70_000, 1_048_575));
        assertThat(merged.or(b)).isEqualTo(merged);
        assertThat(merged.or(a).or(b)).isEqualTo(merged);
        assertThat(b.or(a)).isEqualTo(merged);
        assertThat(merged.or(PruningMap.empty())).isSameAs(merged);
    }

    @Test
    void withoutKeepsOnlyTheBitsTheOtherMapLacks() {
        PruningMap run = withBits(3, 4, 5000);
        PruningMap handed = withBits(4, 6);

        assertThat(run.without(handed)).isEqualTo(withBits(3, 5000));
        assertThat(handed.without(handed.or(run)).isEmpty()).isTrue();
    }

    @Test
    void shardsHoldOnlyTheShardsWithBitsEachAtFullWidth() {
        int lastBit = PruningMap.BYTES * 8 - 1;
        PruningMap map = withBits(1, lastBit);

        Map<Integer, byte[]> shards = map.shards();

        assertThat(shards).containsOnlyKeys(0, PruningMap.SHARDS - 1);
        assertThat(shards.values()).allSatisfy(shard -> assertThat(shard).hasSize(PruningMap.SHARD_BYTES));
        assertThat(PruningMap.ofShards(shards)).isEqualTo(map);
        assertThat(PruningMap.empty().shards()).isEmpty();
        assertThatThrownBy(() -> PruningMap.ofShards(Map.of(0, new byte[10])))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> PruningMap.ofShards(Map.of(PruningMap.SHARDS, new byte[PruningMap.SHARD_BYTES])))
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void anEncodingThatIsNotOneCompleteStreamOfAMapIsRefused() {
        String good = withBits(77).encoded();
        byte[] compressed = Base64.getDecoder().decode(good);
        String truncated = Base64.getEncoder().encodeToString(Arrays.copyOf(compressed, compressed.length - 3));
        byte[] longer = Arrays.copyOf(compressed, compressed.length + 1);
        String trailing = Base64.getEncoder().encodeToString(longer);

        assertThatThrownBy(() -> PruningMap.decode("not base64!")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("not base64");
        assertThatThrownBy(() -> PruningMap.decode(Base64.getEncoder().encodeToString(new byte[] {1, 2, 3})))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> PruningMap.decode(truncated)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("incomplete");
        assertThatThrownBy(() -> PruningMap.decode(trailing)).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("bytes after its zlib stream");
    }

    @Test
    void theWireFormOfAnEmptyMapIsSmall() {
        assertThat(PruningMap.empty().encoded().length()).isLessThan(1024);
    }

    private static String deflated(byte[] bytes) {
        Deflater deflater = new Deflater();
        deflater.setInput(bytes);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }
}
