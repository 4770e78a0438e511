package io.frontier.store.record;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;

/**
 * The identity of a work item: the lowercase hexadecimal SHA-256 of its input bytes (64
 * characters). The same value names the corpus object, the work key and the payload hash.
 *
 * <p>Kept local to the campaign store for now; the corpus module's {@code Digest} spells the same
 * thing and the two are meant to be unified.
 */
public record WorkId(String hex) implements Comparable<WorkId> {

    /** Bytes of a SHA-256 digest. */
    public static final int BYTES = 32;

    public WorkId {
        if (!Hex.isLowercase(hex, BYTES * 2)) {
            throw new InvalidInputException("work id is not 64 lowercase hexadecimal characters")
                    .with("value", hex);
        }
    }

    @JsonCreator
    public static WorkId of(String hex) {
        return new WorkId(hex);
    }

    /** The id whose digest bytes are {@code digest} (exactly 32 bytes). */
    public static WorkId fromBytes(byte[] digest) {
        if (digest == null || digest.length != BYTES) {
            throw new InvalidInputException("work id is not 32 bytes")
                    .with("length", digest == null ? "null" : digest.length);
        }
        return new WorkId(Hex.encode(digest));
    }

    /** The 32 digest bytes, as stored in keys. */
    public byte[] bytes() {
        return Hex.decode(hex);
    }

    @JsonValue
    @Override
    public String toString() {
        return hex;
    }

    @Override
    public int compareTo(WorkId other) {
        return hex.compareTo(other.hex);
    }
}
