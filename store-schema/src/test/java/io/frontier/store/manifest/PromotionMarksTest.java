package io.frontier.store.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PromotionMarksTest {

    @Test
    void operandsCombinedByOrMarkExactlyTheirChildren() {
        byte[] bitmap = new byte[0];
        for (int child : new int[] {0, 9, 17}) {
            bitmap = or(bitmap, PromotionMarks.operand(child));
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

    private static byte[] or(byte[] a, byte[] b) {
        byte[] out = new byte[Math.max(a.length, b.length)];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((i < a.length ? a[i] : 0) | (i < b.length ? b[i] : 0));
        }
        return out;
    }
}
