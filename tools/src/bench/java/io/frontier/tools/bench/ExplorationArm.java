package io.frontier.tools.bench;

import java.util.List;

/**
 * One way of running a campaign that the exploration benchmark compares: which executors, with
 * or without coverage triage, and what becomes of a child that reached nothing new; or, for
 * {@link #AFL_PLAIN} alone, no Frontier campaign but plain AFL++ on the same cores.
 *
 * @param executors the executor kinds in the order of {@code --executor}: {@code symcc},
 *     {@code afl}, {@code afl_session}, or {@code main} for the target's SymCC build when it has
 *     one, else its AFL++ build
 * @param triage whether children are triaged on the AFL++ build
 * @param exploration the {@code --exploration} mode (meaningful only with triage)
 * @param options further creation options
 */
record ExplorationArm(String name, List<String> executors, boolean triage, String exploration, List<String> options) {

    /** Every child queued, no triage, SymCC never repeated: the naive closure the predecessor ran. */
    static final ExplorationArm CLOSURE = new ExplorationArm("closure", List.of("main"), false, "closure",
            List.of("--repeatable", "afl"));
    /** Only children that reached new coverage are kept, SymCC never repeated: Frontier's triage before tiers. */
    static final ExplorationArm NOVELTY = new ExplorationArm("novelty", List.of("main"), true, "novelty",
            List.of("--repeatable", "afl"));
    /** The default policy: tiers, retries of time-outs, repeats of repeatable executors. */
    static final ExplorationArm TIERS = new ExplorationArm("tiers", List.of("main"), true, "tiers", List.of());
    /** AFL++ alone under the default policy, the baseline of a hybrid campaign. */
    static final ExplorationArm AFL = new ExplorationArm("afl", List.of("afl"), true, "tiers", List.of());
    /** SymCC and AFL++ together under the default policy. */
    static final ExplorationArm HYBRID = new ExplorationArm("hybrid", List.of("symcc", "afl"), true, "tiers", List.of());

    /** SymCC and AFL++ together, only AFL++'s runs repeated. */
    static final ExplorationArm HYBRID_NO_SYMCC_REPEAT = new ExplorationArm("hybrid-no-symcc-repeat",
            List.of("symcc", "afl"), true, "tiers", List.of("--repeatable", "afl"));

    /** AFL++ and SymCC together, AFL++ listed first: seeds run on AFL++, as in a campaign of AFL++ alone. */
    static final ExplorationArm HYBRID_AFL_FIRST = new ExplorationArm("hybrid-afl-first", List.of("afl", "symcc"), true,
            "tiers", List.of());

    /** The default policy with one SymCC pruning map for the campaign instead of one per worker. */
    static final ExplorationArm SHARED_MAP = new ExplorationArm("shared-map", List.of("symcc"), true, "tiers",
            List.of("--pruning-map", "shared"));

    /** The default policy without SymCC's repeat from an empty pruning map. */
    static final ExplorationArm NO_SYMCC_REPEAT = new ExplorationArm("no-symcc-repeat", List.of("symcc"), true, "tiers",
            List.of("--repeatable", "afl"));

    /**
     * The default policy with the lower tiers capped at no items, so every redundant child is
     * recorded as dropped instead of stored: what keeping them costs the tier-0 phase.
     */
    static final ExplorationArm TIERS_CAP_0 = new ExplorationArm("tiers-cap-0", List.of("main"), true, "tiers",
            List.of("--tier-cap-items", "0"));

    /**
     * AFL++ alone as one long-lived fuzzing session per worker, synced through the campaign,
     * under the default policy.
     */
    static final ExplorationArm AFL_SESSION = new ExplorationArm("afl-session", List.of("afl_session"), true, "tiers",
            List.of());

    /** SymCC and long-lived AFL++ sessions together, SymCC listed first as in {@link #HYBRID}. */
    static final ExplorationArm HYBRID_SESSION = new ExplorationArm("hybrid-session", List.of("symcc", "afl_session"),
            true, "tiers", List.of());

    /**
     * Plain AFL++ in parallel mode, {@code afl-fuzz -M main} and {@code -S s1...}, one instance
     * per worker, outside Frontier: the tool a user would otherwise pick ({@link PlainAflRun}).
     */
    static final ExplorationArm AFL_PLAIN = new ExplorationArm("afl-plain", List.of(PlainAflRun.KIND), false, "",
            List.of());

    static final List<ExplorationArm> ALL = List.of(CLOSURE, NOVELTY, TIERS, TIERS_CAP_0, SHARED_MAP, NO_SYMCC_REPEAT,
            AFL, HYBRID, HYBRID_NO_SYMCC_REPEAT, HYBRID_AFL_FIRST, AFL_SESSION, HYBRID_SESSION, AFL_PLAIN);

    /** Whether the arm runs plain AFL++ instead of a {@code frontier run}. */
    boolean outsideFrontier() {
        return executors.contains(PlainAflRun.KIND);
    }

    /** Whether the arm can run on {@code target}: a SymCC arm needs a SymCC build. */
    boolean runsOn(BenchTarget target) {
        return target.symcc().isPresent() || !executors.contains("symcc");
    }

    /** The executor kinds this arm runs on {@code target}, {@code main} resolved. */
    List<String> kinds(BenchTarget target) {
        return executors.stream().map(kind -> kind.equals("main") ? (target.symcc().isPresent() ? "symcc" : "afl") : kind)
                .toList();
    }
}
