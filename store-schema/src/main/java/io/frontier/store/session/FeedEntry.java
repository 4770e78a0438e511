package io.frontier.store.session;

import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.error.InvalidInputException;
import java.util.List;
import java.util.Objects;

/**
 * One part of one transaction's additions to the feed: up to {@link #MAX_INPUTS} inputs that
 * reached new coverage, in the order they were admitted.
 *
 * @param schema record layout version, {@link #SCHEMA}
 */
public record FeedEntry(int schema, List<FeedInput> inputs) {

    public static final int SCHEMA = 1;
    /** Inputs one entry holds: about 60 KiB of JSON, well under a store value's 100 KB. */
    public static final int MAX_INPUTS = 512;

    public FeedEntry {
        if (schema != SCHEMA) {
            throw new InvalidInputException("feed entry schema is not supported").with("schema", schema);
        }
        if (inputs == null || inputs.isEmpty() || inputs.size() > MAX_INPUTS || inputs.stream().anyMatch(Objects::isNull)) {
            throw new InvalidInputException("feed entry holds no inputs, too many, or a null one")
                    .with("inputs", inputs == null ? "null" : inputs.size()).with("max", MAX_INPUTS);
        }
        inputs = List.copyOf(inputs);
    }

    /**
     * A position in the feed: the versionstamp of the transaction that wrote an entry and the
     * entry's part in it. Reading the feed after a position returns every entry written later.
     */
    public record Position(Versionstamp stamp, int part) {

        public Position {
            if (stamp == null || !stamp.isComplete() || part < 0) {
                throw new InvalidInputException("feed position lacks a complete versionstamp or has a negative part");
            }
        }
    }

    /** An entry read back, with where it stands in the feed. */
    public record Read(Position position, FeedEntry entry) {
    }
}
