package io.frontier.store.record;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;
import java.security.SecureRandom;

/**
 * The identity of one RESULT a worker produced for one execution: 128 random bits, 32 lowercase
 * hexadecimal characters. It names the stage directory and the manifest entry, and is how a
 * retried {@code beginCommit} recognises its own earlier effect.
 */
public record ResultId(String hex) {

    static final int BYTES = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    public ResultId {
        if (!Hex.isLowercase(hex, BYTES * 2)) {
            throw new InvalidInputException("result id is not 32 lowercase hexadecimal characters")
                    .with("value", hex);
        }
    }

    @JsonCreator
    public static ResultId of(String hex) {
        return new ResultId(hex);
    }

    /** The id whose bytes are {@code bytes} (exactly 16), as stored in keys. */
    public static ResultId fromBytes(byte[] bytes) {
        if (bytes == null || bytes.length != BYTES) {
            throw new InvalidInputException("result id is not 16 bytes")
                    .with("length", bytes == null ? "null" : bytes.length);
        }
        return new ResultId(Hex.encode(bytes));
    }

    /** A fresh id; generate it once per RESULT, outside any transaction body. */
    public static ResultId random() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return new ResultId(Hex.encode(bytes));
    }

    public byte[] bytes() {
        return Hex.decode(hex);
    }

    @JsonValue
    @Override
    public String toString() {
        return hex;
    }
}
