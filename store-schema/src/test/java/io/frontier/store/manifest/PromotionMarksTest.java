package io.frontier.store.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromotionMarksTest {

    @Test
    void operandsCombinedByOrMarkExactlyTheirChildren() {
        byte[] bitmap = new byte[0];
        for (int child : new int[] {0, 9, 17}) {
            bitmap = cutOr(bitmap, PromotionMarks.operand(child, 18));
        }
        assertThat(PromotionMarks.isMarked(bitmap, 0)).isTrue();
        assertThat(PromotionMarks.isMarked(bitmap, 9)).isTrue();
        assertThat(PromotionMarks.isMarked(bitmap, 17)).isTrue();
        assertThat(PromotionMarks.isMarked(bitmap, 8)).isFalse();
        assertThat(PromotionMarks.isMarked(bitmap, 100)).isFalse();
        assertThat(PromotionMarks.missing(bitmap, 18)).isEqualTo(15);
        assertThat(PromotionMarks.missing(null, 3)).isEqualTo(3);
        assertThat(PromotionMarks.missing(null, 0)).isZero();
    }

    @Test
    void everyOperandHasTheFullWidthSoACuttingOrKeepsEarlierMarks() {
        assertThat(PromotionMarks.operand(0, 17)).hasSize(3);
        assertThat(PromotionMarks.operand(16, 17)).hasSize(3);
        byte[] high = cutOr(new byte[0], PromotionMarks.operand(16, 17));
        assertThat(PromotionMarks.isMarked(cutOr(high, PromotionMarks.operand(0, 17)), 16)).isTrue();
    }

    /** FoundationDB's BIT_OR: the stored value is padded or cut to the operand's length. */
    private static byte[] cutOr(byte[] stored, byte[] operand) {
        byte[] out = new byte[operand.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((i < stored.length ? stored[i] : 0) | operand[i]);
        }
        return out;
    }
}
