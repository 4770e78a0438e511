package io.frontier.store.coverage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.wire.WireCodec;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CoverageWireTest {

    @Test
    void coverageTravelsAsItsTuplesPackedAndComesBackEqual() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            int[] tuples = new int[random.nextInt(300)];
            for (int i = 0; i < tuples.length; i++) {
                tuples[i] = random.nextInt(Coverage.MAX_EDGES * Coverage.BUCKETS);
            }
            Coverage coverage = Coverage.of(tuples);
            assertThat(Coverage.unpack(coverage.packed())).isEqualTo(coverage);
            assertThat(WireCodec.decode(WireCodec.encode(coverage), Coverage.class)).isEqualTo(coverage);
        }
    }

    @Test
    void smallGapsTakeOneByteEach() {
        Coverage coverage = Coverage.of(new int[] {0, 1, 2, 100, 227});
        assertThat(Base64.getDecoder().decode(coverage.packed())).hasSize(5);
        assertThat(Coverage.unpack("").size()).isZero();
    }

    @Test
    void aPackedFormThatIsNotStrictlyAscendingInRangeOrWholeIsRefused() {
        String repeated = Base64.getEncoder().encodeToString(new byte[] {5, 0});
        String cutShort = Base64.getEncoder().encodeToString(new byte[] {5, (byte) 0x80});
        String tooLarge = Base64.getEncoder().encodeToString(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff,
                (byte) 0xff, 0x0f});
        for (String packed : new String[] {repeated, cutShort, tooLarge, "not base64!"}) {
            assertThatThrownBy(() -> Coverage.unpack(packed)).as(packed).isInstanceOf(InvalidInputException.class);
        }
        assertThat(Coverage.unpack(Base64.getEncoder().encodeToString(new byte[] {0, 1})).tuples())
                .as("a first tuple of 0 is no repeat").containsExactly(0, 1);
    }
}
