package io.frontier.coordinator.admission;

import java.util.Arrays;
import java.util.Optional;

/**
 * How much of the corpus a job checks at its start, before it dispatches anything. Whatever the
 * scope, every input is hashed by the worker that copies it and a mismatch stops the job before
 * that input runs, replay verifies every staged child it promotes, and {@code frontier corpus
 * fsck} checks everything on demand: the scope only decides what else the start pays for.
 */
public enum AuditScope {

    /**
     * The full audit while the campaign is small ({@link CorpusAudit#AUTO_LIMIT} work records
     * and manifest entries at most, about a second of work), none above: a start then costs the
     * same after a day as after a minute.
     */
    AUTO("auto"),
    /** The full audit at every start, however large the campaign: hours for tens of millions of records. */
    FULL("full"),
    /** No audit at the start. */
    OFF("off");

    private final String wireName;

    AuditScope(String wireName) {
        this.wireName = wireName;
    }

    /** The name the command line and the logs use. */
    public String wireName() {
        return wireName;
    }

    /** The scope named {@code name} ({@code auto}, {@code full} or {@code off}), or empty. */
    public static Optional<AuditScope> named(String name) {
        return Arrays.stream(values()).filter(scope -> scope.wireName.equals(name)).findFirst();
    }
}
