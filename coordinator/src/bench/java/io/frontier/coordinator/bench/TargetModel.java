package io.frontier.coordinator.bench;

import io.frontier.store.coverage.Coverage;
import java.util.Arrays;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The coverage of a made-up target, as afl-showmap would report it: a 64 Ki-edge map of which
 * {@link #BASE_EDGES} edges are reached by ordinary inputs, each in one of the hit-count buckets 0
 * to 3. A {@linkplain #primer primer} input reaches every such tuple, so once it is committed any
 * input drawn from them reaches nothing new. New coverage is one tuple handed out once from the
 * rest of the map (the base edges' buckets 4 to 7 and the edges no ordinary input reaches), in a
 * fixed shuffled order, so an input given one is new whenever it is triaged.
 *
 * <p>Thread-safe: the fresh tuples come from one atomic cursor; everything else is fixed at
 * construction.
 */
final class TargetModel {

    static final int MAP_EDGES = 1 << 16;
    static final int BASE_EDGES = 6_000;
    private static final int BASE_BUCKETS = 4;

    private final int[] baseEdges;
    private final int[] freshTuples;
    private final AtomicInteger nextFresh = new AtomicInteger();

    TargetModel(long seed) {
        Random random = new Random(seed);
        boolean[] base = new boolean[MAP_EDGES];
        int chosen = 0;
        while (chosen < BASE_EDGES) {
            int edge = random.nextInt(MAP_EDGES);
            if (!base[edge]) {
                base[edge] = true;
                chosen++;
            }
        }
        baseEdges = new int[BASE_EDGES];
        int[] fresh = new int[MAP_EDGES * Coverage.BUCKETS - BASE_EDGES * BASE_BUCKETS];
        int b = 0;
        int f = 0;
        for (int edge = 0; edge < MAP_EDGES; edge++) {
            if (base[edge]) {
                baseEdges[b++] = edge;
            }
            for (int bucket = base[edge] ? BASE_BUCKETS : 0; bucket < Coverage.BUCKETS; bucket++) {
                fresh[f++] = edge << 3 | bucket;
            }
        }
        for (int i = fresh.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = fresh[i];
            fresh[i] = fresh[j];
            fresh[j] = swap;
        }
        freshTuples = fresh;
    }

    /** Every tuple an ordinary input can reach: what the campaign's map must hold before measuring. */
    Coverage primer() {
        int[] tuples = new int[BASE_EDGES * BASE_BUCKETS];
        for (int i = 0; i < BASE_EDGES; i++) {
            for (int bucket = 0; bucket < BASE_BUCKETS; bucket++) {
                tuples[i * BASE_BUCKETS + bucket] = baseEdges[i] << 3 | bucket;
            }
        }
        return Coverage.of(tuples);
    }

    /**
     * An ordinary input's coverage: {@code edges} distinct base edges (selection sampling, so the
     * same random state gives the same coverage), each in a bucket of 0 to 3.
     */
    Coverage ordinary(SplittableRandom random, int edges) {
        int[] tuples = new int[edges];
        int needed = edges;
        for (int i = 0; i < BASE_EDGES && needed > 0; i++) {
            if (random.nextInt(BASE_EDGES - i) < needed) {
                tuples[edges - needed] = baseEdges[i] << 3 | random.nextInt(BASE_BUCKETS);
                needed--;
            }
        }
        return Coverage.of(tuples);
    }

    /** An ordinary coverage of {@code edges} base edges plus one tuple never handed out before. */
    Coverage novel(SplittableRandom random, int edges) {
        int index = nextFresh.getAndIncrement();
        if (index >= freshTuples.length) {
            throw new IllegalStateException("the model target has no new tuple left (" + freshTuples.length
                    + " handed out): run fewer executions");
        }
        int[] tuples = Arrays.copyOf(ordinary(random, edges).tuples(), edges + 1);
        tuples[edges] = freshTuples[index];
        return Coverage.of(tuples);
    }
}
