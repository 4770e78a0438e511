package io.frontier.store.pruning;

import io.frontier.store.error.InvalidInputException;

/**
 * Whether a campaign's SymCC runs share one pruning map, written with its configuration when it
 * is created and never changed.
 *
 * @param schema {@link #SCHEMA}
 * @param sharing whose runs one map gathers
 */
public record PruningPolicy(int schema, PruningSharing sharing) {

    public static final int SCHEMA = 1;

    /** One map for the whole campaign, merged from every run. */
    public static final PruningPolicy SHARED = new PruningPolicy(SCHEMA, PruningSharing.SHARED);
    /** What a campaign created before shared maps had, and so still has: a map per worker. */
    public static final PruningPolicy BEFORE_SHARING = new PruningPolicy(SCHEMA, PruningSharing.WORKER);
    /**
     * What a new campaign gets unless told otherwise: a map per worker. On the exploration
     * benchmark's parsers a shared map made SymCC skip branches whose other contexts still had
     * inputs to give, and the campaigns reached fewer edges (docs/design/decisions/0004).
     */
    public static final PruningPolicy DEFAULT = BEFORE_SHARING;

    public PruningPolicy {
        if (schema != SCHEMA) {
            throw new InvalidInputException("pruning policy schema is not supported").with("schema", schema);
        }
        if (sharing == null) {
            throw new InvalidInputException("pruning policy lacks its sharing");
        }
    }

    public static PruningPolicy of(PruningSharing sharing) {
        return new PruningPolicy(SCHEMA, sharing);
    }

    /** True if the campaign's runs share one map. */
    public boolean shared() {
        return sharing == PruningSharing.SHARED;
    }
}
