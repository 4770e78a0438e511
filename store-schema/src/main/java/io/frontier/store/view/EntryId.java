package io.frontier.store.view;

import com.apple.foundationdb.tuple.Versionstamp;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The id of a manifest entry as operators see it: the versionstamp under which the commit
 * decision was written, as 24 lowercase hexadecimal characters (10 bytes of commit version, 2 of
 * order within that transaction). Ids sort as the entries were committed.
 */
public record EntryId(Versionstamp versionstamp) implements Comparable<EntryId> {

    /** Characters of the spelling: a versionstamp has 12 bytes. */
    public static final int HEX_LENGTH = 24;

    private static final HexFormat HEX = HexFormat.of();

    public EntryId {
        Objects.requireNonNull(versionstamp, "versionstamp");
        if (!versionstamp.isComplete()) {
            throw new InvalidInputException("manifest entry id needs a complete versionstamp");
        }
    }

    /**
     * The id spelled {@code text}.
     *
     * @throws InvalidInputException if {@code text} is not 24 lowercase hexadecimal characters
     */
    public static EntryId parse(String text) {
        if (!isSpelling(text)) {
            throw new InvalidInputException("manifest entry id is not 24 lowercase hexadecimal characters")
                    .with("value", text);
        }
        return new EntryId(Versionstamp.fromBytes(HEX.parseHex(text)));
    }

    /** True if {@code text} is spelled as an entry id. */
    public static boolean isSpelling(String text) {
        if (text == null || text.length() != HEX_LENGTH) {
            return false;
        }
        for (int i = 0; i < HEX_LENGTH; i++) {
            char c = text.charAt(i);
            if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
                return false;
            }
        }
        return true;
    }

    /** The 24-character spelling. */
    @JsonValue
    public String hex() {
        return HEX.formatHex(versionstamp.getBytes());
    }

    @Override
    public int compareTo(EntryId other) {
        return versionstamp.compareTo(other.versionstamp);
    }

    @Override
    public String toString() {
        return hex();
    }
}
