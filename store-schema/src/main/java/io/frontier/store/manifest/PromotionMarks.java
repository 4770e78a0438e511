package io.frontier.store.manifest;

import java.util.List;

/**
 * The promotion marks of one manifest entry as one bitmap value, set with BIT_OR so that marking
 * a child never reads the value and never conflicts with another mark. Bit {@code i} (byte
 * {@code i / 8}, bit {@code i % 8} counted from the least significant) is child {@code i}. Only
 * children whose {@linkplain ChildFate#kept() fate keeps them} are promoted, so only their bits
 * are ever set; a redundant child's bit stays clear for good.
 */
public final class PromotionMarks {

    private PromotionMarks() {
    }

    /** The operand that sets child {@code index}'s mark in the bitmap of {@code children}. */
    public static byte[] operand(int index, int children) {
        if (index < 0 || index >= children) {
            throw new IllegalArgumentException("child index outside the entry");
        }
        byte[] bits = new byte[width(children)];
        bits[index / 8] = (byte) (1 << (index % 8));
        return bits;
    }

    /** Bytes of the bitmap of an entry with {@code children} children. */
    public static int width(int children) {
        return (children + 7) / 8;
    }

    /** True if child {@code index} is marked in {@code bitmap} (null means none are). */
    public static boolean isMarked(byte[] bitmap, int index) {
        return bitmap != null && index / 8 < bitmap.length && (bitmap[index / 8] & (1 << (index % 8))) != 0;
    }

    /** How many of {@code children}, an entry's children in order, are kept and not marked. */
    public static int missing(byte[] bitmap, List<Child> children) {
        int missing = 0;
        for (int i = 0; i < children.size(); i++) {
            if (children.get(i).fate().kept() && !isMarked(bitmap, i)) {
                missing++;
            }
        }
        return missing;
    }

    /** How many of children {@code 0 .. children-1} are marked. */
    public static int marked(byte[] bitmap, int children) {
        int marked = 0;
        for (int i = 0; i < children; i++) {
            if (isMarked(bitmap, i)) {
                marked++;
            }
        }
        return marked;
    }
}
