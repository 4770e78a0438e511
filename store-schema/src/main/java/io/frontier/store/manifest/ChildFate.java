package io.frontier.store.manifest;

import com.fasterxml.jackson.annotation.JsonValue;

/** What the commit decision made of one child a result declared. */
public enum ChildFate {
    /** Promoted into the corpus and, unless known before, queued as new work. */
    FRONTIER("frontier"),
    /** Reached no (edge, hit-count bucket) the campaign had not seen: recorded, not kept. */
    REDUNDANT("redundant"),
    /** Made the target crash or hang: promoted into the corpus and listed as a finding, not queued. */
    FINDING("finding"),
    /**
     * Reached nothing new, in a campaign that keeps such children: promoted into the corpus and,
     * unless known before, queued in tier 1.
     */
    DEFERRED("deferred"),
    /** Reached nothing new and the lower tiers were at the campaign's cap: recorded, not kept. */
    DROPPED("dropped");

    private final String wireName;

    ChildFate(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** True if the child's bytes go into the public corpus. */
    public boolean kept() {
        return this != REDUNDANT && this != DROPPED;
    }

    /** True if the child becomes work (unless known before), in tier 0 or in tier 1. */
    public boolean queued() {
        return this == FRONTIER || this == DEFERRED;
    }
}
