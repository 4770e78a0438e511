package io.frontier.store.record;

import com.fasterxml.jackson.annotation.JsonValue;

/** Where a job stands, as its last heartbeat says. */
public enum JobPhase {
    /** Its launcher moved the epoch and is starting the ranks; root has not beaten yet. */
    STARTING("starting"),
    /** Its root coordinator is beating. */
    RUNNING("running"),
    /** Its root finished its part of the job; no further beat will come. */
    ENDED("ended");

    private final String wireName;

    JobPhase(String wireName) {
        this.wireName = wireName;
    }

    /** The spelling in records and views. */
    @JsonValue
    public String wireName() {
        return wireName;
    }
}
