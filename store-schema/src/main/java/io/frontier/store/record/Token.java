package io.frontier.store.record;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;
import java.security.SecureRandom;

/**
 * A fencing token: 128 random bits, written as 32 lowercase hexadecimal characters. Each grant
 * of a lease gets a new one, so a token names exactly one holder of one item; a token is never
 * empty.
 */
public record Token(String hex) {

    private static final int BYTES = 16;
    private static final SecureRandom RANDOM = new SecureRandom();

    public Token {
        if (hex == null || hex.isEmpty()) {
            throw new InvalidInputException("token is empty");
        }
        if (!Hex.isLowercase(hex, BYTES * 2)) {
            throw new InvalidInputException("token is not 32 lowercase hexadecimal characters")
                    .with("value", hex);
        }
    }

    @JsonCreator
    public static Token of(String hex) {
        return new Token(hex);
    }

    /** A fresh token; call it outside any transaction body so a retry keeps the same token. */
    public static Token random() {
        byte[] bytes = new byte[BYTES];
        RANDOM.nextBytes(bytes);
        return new Token(Hex.encode(bytes));
    }

    @JsonValue
    @Override
    public String toString() {
        return hex;
    }
}
