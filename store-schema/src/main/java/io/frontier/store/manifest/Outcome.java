package io.frontier.store.manifest;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a manifest entry ended. */
public enum Outcome {
    /** Every child was promoted; the work is done and its new children are pending. */
    DONE("done"),
    /** Replay found the entry cannot be finished (e.g. staged bytes lost); its work goes back. */
    ABANDONED("abandoned");

    private final String wireName;

    Outcome(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }
}
