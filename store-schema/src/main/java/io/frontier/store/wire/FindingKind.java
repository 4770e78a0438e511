package io.frontier.store.wire;

import com.fasterxml.jackson.annotation.JsonValue;

/** How an input made the target misbehave. */
public enum FindingKind {
    /** The target ended on a signal (a sanitizer abort included). */
    CRASH("crash"),
    /** The target ran past its time limit and was killed. */
    HANG("hang");

    private final String wireName;

    FindingKind(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }
}
