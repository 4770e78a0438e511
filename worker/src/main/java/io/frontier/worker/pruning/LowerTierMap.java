package io.frontier.worker.pruning;

import io.frontier.store.pruning.PruningMap;

/**
 * The pruning map of one executor's runs of lower-tier inputs (tiers 1 to 3), kept apart from
 * the map file that its tier-0 runs read and write.
 *
 * <p>Why apart: a lower-tier input reached nothing new, and a run of it marks as seen the
 * branches it passed in its own context; in the shared file, SymCC would then skip those
 * branches for every later input of new coverage, also for one that would have taken them
 * somewhere new. So between runs the file holds only what tier-0 runs saw (and the campaign's
 * map, if shared), and this map what the lower-tier runs saw on top of it.
 *
 * <p>Used by the worker's execution thread only, around one run at a time: {@link #swapIn} before
 * the run, {@link #swapOut} after it, whatever the run did.
 */
public final class LowerTierMap {

    private final PruningFile file;
    private PruningMap seen = PruningMap.empty();

    public LowerTierMap(PruningFile file) {
        this.file = file;
    }

    /**
     * Puts the map a lower-tier run starts from into the file and returns the tier-0 map it
     * replaced, for {@link #swapOut}: the tier-0 map and what earlier lower-tier runs saw, or
     * the empty map if {@code fromEmpty} (a repeat round, whose earlier run skipped every branch
     * the map had seen).
     *
     * @throws PruningFileException if the file cannot be read or written; it is then unchanged
     *     or holds the run's start map, and the run may go on either way
     */
    public PruningMap swapIn(boolean fromEmpty) {
        PruningMap tierZero = file.read();
        file.write(fromEmpty ? PruningMap.empty() : tierZero.or(seen));
        return tierZero;
    }

    /**
     * After the run: keeps what the file holds in this map and puts {@code tierZero}, the map
     * {@link #swapIn} returned, back in the file, exactly as it was.
     *
     * @throws PruningFileException if the file cannot be read or written; the run's bits are
     *     then lost to later lower-tier runs, or the file still holds them
     */
    public void swapOut(PruningMap tierZero) {
        try {
            seen = seen.or(file.read());
        } finally {
            file.write(tierZero);
        }
    }
}
