package io.frontier.store.record;

import java.util.HexFormat;

/** Lowercase hexadecimal, the only spelling of ids and tokens this package accepts. */
final class Hex {

    private static final HexFormat LOWER = HexFormat.of();

    private Hex() {
    }

    /** True if {@code text} is exactly {@code length} characters of {@code [0-9a-f]}. */
    static boolean isLowercase(String text, int length) {
        if (text == null || text.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    static byte[] decode(String text) {
        return LOWER.parseHex(text);
    }

    static String encode(byte[] bytes) {
        return LOWER.formatHex(bytes);
    }
}
