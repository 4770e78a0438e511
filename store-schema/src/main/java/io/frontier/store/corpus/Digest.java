package io.frontier.store.corpus;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.HexFormat;

/**
 * A SHA-256 digest in its only accepted spelling: 64 lowercase hexadecimal characters, which is
 * also the name of the object it identifies and, for an input that became work, the work item's
 * id (the same value names the corpus object, the work key and the payload hash).
 *
 * <p>Immutable. Parsing rejects upper case, any other length and any non-hex character, so two
 * spellings of one digest can never name two files.
 */
public final class Digest implements Comparable<Digest> {

    /** Bytes of a SHA-256 digest. */
    public static final int BYTES = 32;
    /** Characters of its hex spelling. */
    public static final int HEX_LENGTH = 2 * BYTES;

    private final String hex;

    private Digest(String hex) {
        this.hex = hex;
    }

    /** The digest spelled {@code text}, which must be 64 lowercase hex characters. */
    @JsonCreator
    public static Digest parse(String text) {
        if (!isValid(text)) {
            throw MalformedDigestException.of(text);
        }
        return new Digest(text);
    }

    /** The digest whose 32 raw bytes are {@code sha256}. */
    public static Digest of(byte[] sha256) {
        if (sha256.length != BYTES) {
            throw new IllegalArgumentException("a SHA-256 digest has 32 bytes, not " + sha256.length);
        }
        return new Digest(HexFormat.of().formatHex(sha256));
    }

    /** Whether {@code text} is a digest spelled correctly: 64 characters of {@code [0-9a-f]}. */
    public static boolean isValid(String text) {
        if (text == null || text.length() != HEX_LENGTH) {
            return false;
        }
        for (int i = 0; i < HEX_LENGTH; i++) {
            char c = text.charAt(i);
            boolean hexDigit = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
            if (!hexDigit) {
                return false;
            }
        }
        return true;
    }

    /** The 64-character lowercase hex spelling, which is also the object's file name. */
    @JsonValue
    public String hex() {
        return hex;
    }

    /** The 32 raw digest bytes, as keys store them. */
    public byte[] bytes() {
        return HexFormat.of().parseHex(hex);
    }

    @Override
    public int compareTo(Digest other) {
        return hex.compareTo(other.hex);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Digest digest && hex.equals(digest.hex);
    }

    @Override
    public int hashCode() {
        return hex.hashCode();
    }

    @Override
    public String toString() {
        return hex;
    }
}
