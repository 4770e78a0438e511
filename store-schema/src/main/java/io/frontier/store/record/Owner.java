package io.frontier.store.record;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;

/**
 * Who holds a lease: a coordinator's name, e.g. {@code job-7/rank-2}. One to 128 printable ASCII
 * characters. The owner is informational (for leases views and receipts); the token, not the
 * owner, is what fences.
 */
public record Owner(String name) {

    private static final int MAX_LENGTH = 128;

    public Owner {
        if (name == null || name.isEmpty() || name.length() > MAX_LENGTH) {
            throw new InvalidInputException("owner is empty or longer than 128 characters")
                    .with("value", name);
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x21 || c > 0x7e) {
                throw new InvalidInputException("owner holds a character that is not printable ASCII")
                        .with("value", name);
            }
        }
    }

    @JsonCreator
    public static Owner of(String name) {
        return new Owner(name);
    }

    @JsonValue
    @Override
    public String toString() {
        return name;
    }
}
