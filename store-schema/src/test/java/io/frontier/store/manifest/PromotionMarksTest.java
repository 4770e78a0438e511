package io.frontier.store.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.Digest;
import java.util.ArrayList;
import java.util.List;
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
        assertThat(PromotionMarks.marked(bitmap, 18)).isEqualTo(3);
        assertThat(PromotionMarks.marked(bitmap, 9)).isEqualTo(1);
        assertThat(PromotionMarks.missing(bitmap, children(18, ChildFate.FRONTIER))).isEqualTo(15);
        assertThat(PromotionMarks.missing(null, children(3, ChildFate.FINDING))).isEqualTo(3);
        assertThat(PromotionMarks.missing(null, List.of())).isZero();
    }

    @Test
    void aRedundantChildIsNeverMissing() {
        List<Child> children = new ArrayList<>(children(3, ChildFate.REDUNDANT));
        children.add(Child.triaged(Digest.parse("0f".repeat(32)), 1, ChildFate.FRONTIER, 2));
        assertThat(PromotionMarks.missing(null, children)).isEqualTo(1);
        assertThat(PromotionMarks.missing(PromotionMarks.operand(3, 4), children)).isZero();
    }

    private static List<Child> children(int count, ChildFate fate) {
        List<Child> children = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            children.add(Child.triaged(Digest.parse(String.format("%064x", i)), i, fate, 0));
        }
        return children;
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
