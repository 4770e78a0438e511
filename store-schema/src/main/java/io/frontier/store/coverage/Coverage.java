package io.frontier.store.coverage;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.error.InvalidInputException;
import java.util.Arrays;

/**
 * What one run of an AFL-instrumented target reached: the set of (edge, hit-count bucket) pairs,
 * as {@code afl-showmap} reports them, each packed into one int {@code edge << 3 | bucket}.
 *
 * <p>The bucket is AFL's hit-count class minus one: 0 for one hit, then 2, 3, 4-7, 8-15, 16-31,
 * 32-127 and 128 or more hits. A run that reaches the same edges with counts in the same classes
 * has the same coverage; that is what makes two inputs equivalent for triage. Held sorted and
 * without repeats, so equal sets are equal objects and a merge is one linear pass. In JSON it is
 * one string, the tuples packed ({@link PackedTuples}).
 */
public final class Coverage {

    /** Hit-count classes per edge: one bit of an edge's byte in the campaign's edge map each. */
    public static final int BUCKETS = 8;
    /** Edges an instrumented target may have: AFL++'s largest map size. */
    public static final int MAX_EDGES = 1 << 23;
    /** Tuples one input may reach; a run that reports more is malformed. */
    public static final int MAX_TUPLES = 1 << 16;

    private static final Coverage EMPTY = new Coverage(new int[0]);

    private final int[] tuples;

    private Coverage(int[] tuples) {
        this.tuples = tuples;
    }

    /** The coverage of these tuples, in any order; repeats count once. */
    public static Coverage of(int[] tuples) {
        if (tuples == null) {
            throw new InvalidInputException("coverage lacks its tuples");
        }
        int[] sorted = tuples.clone();
        Arrays.sort(sorted);
        int distinct = 0;
        for (int i = 0; i < sorted.length; i++) {
            int tuple = sorted[i];
            if (tuple < 0 || tuple >= MAX_EDGES * BUCKETS) {
                throw new InvalidInputException("coverage tuple out of range").with("tuple", tuple)
                        .with("maxEdges", MAX_EDGES);
            }
            if (distinct == 0 || sorted[distinct - 1] != tuple) {
                sorted[distinct++] = tuple;
            }
        }
        if (distinct > MAX_TUPLES) {
            throw new InvalidInputException("coverage has more tuples than allowed")
                    .with("tuples", distinct).with("max", MAX_TUPLES);
        }
        return new Coverage(Arrays.copyOf(sorted, distinct));
    }

    public static Coverage empty() {
        return EMPTY;
    }

    /** The tuple of {@code edge} hit {@code hits} times (at least 1). */
    public static int tuple(int edge, long hits) {
        if (edge < 0 || edge >= MAX_EDGES || hits < 1) {
            throw new InvalidInputException("edge or hit count out of range").with("edge", edge).with("hits", hits);
        }
        return edge << 3 | bucketOf(hits);
    }

    /** AFL's hit-count class of {@code hits} (at least 1), from 0 to 7. */
    public static int bucketOf(long hits) {
        if (hits <= 3) {
            return (int) hits - 1;
        }
        if (hits <= 7) {
            return 3;
        }
        if (hits <= 15) {
            return 4;
        }
        if (hits <= 31) {
            return 5;
        }
        return hits <= 127 ? 6 : 7;
    }

    public static int edgeOf(int tuple) {
        return tuple >>> 3;
    }

    public static int bucketOfTuple(int tuple) {
        return tuple & (BUCKETS - 1);
    }

    /**
     * The coverage whose tuples {@code packed} holds in its wire form ({@link PackedTuples}):
     * strictly ascending, each in range, at most {@link #MAX_TUPLES}.
     *
     * @throws InvalidInputException if {@code packed} is not such a form
     */
    @JsonCreator
    public static Coverage unpack(String packed) {
        if (packed == null) {
            throw new InvalidInputException("coverage lacks its tuples");
        }
        int[] tuples = PackedTuples.unpack(packed, MAX_TUPLES, MAX_EDGES * BUCKETS);
        return tuples.length == 0 ? EMPTY : new Coverage(tuples);
    }

    /** The wire form: the tuples packed ({@link PackedTuples}). */
    @JsonValue
    public String packed() {
        return PackedTuples.pack(tuples);
    }

    /** The tuples in ascending order; a copy. */
    public int[] tuples() {
        return tuples.clone();
    }

    public int size() {
        return tuples.length;
    }

    public int tupleAt(int index) {
        return tuples[index];
    }

    /** How many distinct edges the tuples touch. */
    public int edges() {
        int edges = 0;
        for (int i = 0; i < tuples.length; i++) {
            if (i == 0 || edgeOf(tuples[i]) != edgeOf(tuples[i - 1])) {
                edges++;
            }
        }
        return edges;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Coverage coverage && Arrays.equals(tuples, coverage.tuples);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(tuples);
    }

    @Override
    public String toString() {
        return "Coverage[tuples=" + tuples.length + ", edges=" + edges() + "]";
    }
}
