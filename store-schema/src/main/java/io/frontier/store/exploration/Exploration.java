package io.frontier.store.exploration;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;
import java.util.Arrays;

/** How a campaign treats a child that reached no new coverage. */
public enum Exploration {
    /** Every unique child joins tier 0, whatever it reached: the naive closure. */
    CLOSURE("closure"),
    /** A child that reached nothing new is recorded as redundant and not kept. */
    NOVELTY("novelty"),
    /** A child that reached nothing new waits in tier 1, under the campaign's cap. */
    TIERS("tiers");

    private final String wireName;

    Exploration(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    @JsonCreator
    public static Exploration of(String name) {
        return Arrays.stream(values()).filter(mode -> mode.wireName.equals(name)).findFirst()
                .orElseThrow(() -> new InvalidInputException("exploration mode is not closure, novelty or tiers")
                        .with("exploration", name));
    }
}
