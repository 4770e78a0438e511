package io.frontier.store.record;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The states of one work item. Only {@code leased} expires; {@code committing} is the
 * irreversible commit decision and leaves only through completion or abandonment;
 * {@code done} and {@code abandoned} are terminal.
 */
public enum WorkState {
    /** Known and waiting; in the ready index; no holder. */
    PENDING("pending"),
    /** Granted to one holder under one token until its lease expires or the epoch moves. */
    LEASED("leased"),
    /** Its result was accepted; the manifest entry exists; never recovered by time. */
    COMMITTING("committing"),
    /** Every child of its result was promoted and enqueued. */
    DONE("done"),
    /** Given up after too many attempts. */
    ABANDONED("abandoned");

    private final String wireName;

    WorkState(String wireName) {
        this.wireName = wireName;
    }

    /** The spelling in records and views. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** True for states no transition leaves. */
    public boolean terminal() {
        return this == DONE || this == ABANDONED;
    }
}
