package io.frontier.store.pruning;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;
import java.util.Arrays;

/** Whose runs a SymCC pruning map gathers. */
public enum PruningSharing {
    /**
     * One map for the whole campaign: every run starts from the union of what every earlier run
     * of every worker had merged when it was assigned, so no worker solves a branch another
     * already solved.
     */
    SHARED("shared"),
    /** One map per worker and job, in its scratch directory: a worker skips only what it solved itself. */
    WORKER("worker");

    private final String wireName;

    PruningSharing(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    @JsonCreator
    public static PruningSharing of(String name) {
        return Arrays.stream(values()).filter(sharing -> sharing.wireName.equals(name)).findFirst()
                .orElseThrow(() -> new InvalidInputException("pruning map sharing is not shared or worker")
                        .with("pruningMap", name));
    }
}
