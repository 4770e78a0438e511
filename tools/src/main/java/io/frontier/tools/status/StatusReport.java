package io.frontier.tools.status;

import io.frontier.store.campaign.Counts;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.view.ExecutorTallies;
import io.frontier.store.view.ExecutorTally;
import io.frontier.store.wire.Result;
import io.frontier.tools.campaign.WorkersBusy;
import java.util.List;
import java.util.Map;

/**
 * What {@code frontier status} reports, also its {@code --json} output.
 *
 * @param campaign the campaign's name
 * @param heartbeat the last heartbeat of the current epoch's job, or null if it never beat
 * @param corpusObjects entries of the public corpus named as objects (not verified; see
 *     {@code frontier corpus fsck})
 * @param edges what the inputs kept as work have reached, from the campaign's edge map
 * @param children the children of committed results and how many were redundant, every executor
 *     kind together ({@code executors} has them per kind)
 * @param leftOut the entries committed executions left in their output directories that did not
 *     become children, by why
 * @param pruning whether SymCC runs share one pruning map, and how full the shared one is
 * @param findings findings recorded (inputs that crashed or hung the target), from the store's
 *     counter: one per input and signature
 * @param load executions committed per coordinator, in every epoch
 * @param executors what the committed executions amount to per executor kind, their children
 *     with the redundant-child ratio included
 * @param lastJob the summary of the latest job that left one, or null
 * @param notes what an operator should know about these figures, e.g. that the current epoch's
 *     job has not left a summary yet
 */
public record StatusReport(String campaign, String directory, String store, Epoch epoch, Heartbeat heartbeat,
                           States states, Tiers tiers,
                           Results results, Progress progress, long corpusObjects, Edges edges, Children children,
                           LeftOut leftOut, Pruning pruning, long findings, Load load, Executors executors, LastJob lastJob,
                           List<String> notes) {

    /**
     * The current epoch and the job that set it.
     *
     * @param changedAt when it was set, as an ISO-8601 UTC instant
     */
    public record Epoch(long number, String job, String changedAt) {
    }

    /**
     * The last sign of life of the current epoch's job, judged when status read it.
     *
     * @param phase STARTING, RUNNING or ENDED, as the job wrote it
     * @param at when it beat, as an ISO-8601 UTC instant
     * @param ageSeconds how long before this status it beat, by this machine's clock
     * @param judgement {@code running} (may still be alive), {@code presumed dead} (silent for
     *     three intervals, or one minute while starting) or {@code ended}
     */
    public record Heartbeat(String job, String host, long pid, int workers, String phase, String at,
                            double ageSeconds, long intervalMillis, String judgement) {
    }

    /**
     * The pending items of each tier, and what the campaign does with a child that reached
     * nothing new.
     *
     * @param exploration {@code tiers}, {@code novelty} or {@code closure}
     * @param lowerTierBytes input bytes pending in tiers 1 and up, which the campaign's cap bounds
     */
    public record Tiers(String exploration, long newCoverage, long redundant, long retry, long repeat,
                        long lowerTierBytes) {

        /** The figures of {@code counts} under {@code policy}. */
        public static Tiers of(Counts counts,
                               ExplorationPolicy policy) {
            long lower = counts.get(Counter.PENDING_TIER_1) + counts.get(Counter.PENDING_TIER_2)
                    + counts.get(Counter.PENDING_TIER_3);
            return new Tiers(policy.mode().wireName(), counts.get(Counter.PENDING) - lower,
                    counts.get(Counter.PENDING_TIER_1), counts.get(Counter.PENDING_TIER_2),
                    counts.get(Counter.PENDING_TIER_3), counts.get(Counter.TIERED_BYTES));
        }
    }

    /**
     * Outputs of committed executions that did not become children, from the store's counters.
     *
     * @param links symbolic links, never followed
     * @param special FIFOs, sockets and devices, never read
     * @param overLimit regular files beyond the most one execution yields
     */
    public record LeftOut(long links, long special, long overLimit) {

        /** The figures of {@code counts}. */
        public static LeftOut of(Counts counts) {
            return new LeftOut(counts.get(Counter.LEFT_OUT_LINKS), counts.get(Counter.LEFT_OUT_SPECIAL),
                    counts.get(Counter.LEFT_OUT_OVER_LIMIT));
        }

        public long total() {
            return links + special + overLimit;
        }

        /** In words, e.g. "2 symbolic links (not followed), 0 special files, 0 over the limit". */
        public String describe() {
            return links + " symbolic link" + (links == 1 ? "" : "s") + " (not followed), " + special
                    + " special file" + (special == 1 ? "" : "s") + " (FIFO, socket, device), " + overLimit
                    + " over the limit of " + Result.MAX_CHILDREN + " outputs per execution";
        }
    }

    /**
     * Work items per state, from the store's counters: inputs only, since fuzzing sessions never
     * end and are counted apart.
     *
     * @param sessions the campaign's fuzzing session items
     * @param inputsRun false in a campaign whose only executors are fuzzing sessions: its pending
     *     items are its seeds, which no executor runs one at a time and its fuzzers import
     */
    public record States(long pending, long leased, long committing, long done, long abandoned, long sessions,
                         boolean inputsRun) {

        /** The states of a campaign without fuzzing sessions. */
        public States(long pending, long leased, long committing, long done, long abandoned) {
            this(pending, leased, committing, done, abandoned, 0, true);
        }
    }

    /**
     * Worker results judged invalid.
     *
     * @param rejected invalid results whose work its holder kept and ran again under the same token
     * @param invalid every invalid result, each counted once, whether its work was kept or not; a
     *     campaign with any ends with exit code 1
     */
    public record Results(long rejected, long invalid) {
    }

    /**
     * How far the campaign is.
     *
     * @param known every work item the campaign knows, in any state
     * @param percentDone {@code done} out of {@code known}, in percent (0 when nothing is known)
     */
    public record Progress(long done, long known, double percentDone) {
    }

    /**
     * The campaign's edge map: it grows as triaged children join the frontier, and stays empty
     * in a campaign whose children carry no coverage.
     *
     * @param edges edges some kept input reached
     * @param tuples (edge, hit-count bucket) pairs reached
     */
    public record Edges(long edges, long tuples) {
    }

    /**
     * The children that committed results declared, and how many of them were redundant: what
     * triage and a shared SymCC pruning map are meant to lower. From the commit decisions' counts
     * per executor kind, which decisions taken before Frontier counted them are not in.
     *
     * @param declared children declared by results whose commit decision was taken
     * @param reachedNothingNew of those, children whose coverage reached no (edge, hit-count
     *     bucket) the campaign's edge map lacked, whatever the exploration mode made of them
     * @param knownBefore of those, children that joined the frontier on their own (new coverage, or
     *     none to judge) but were copies of known work, which completion does not enqueue again;
     *     none of them counted in {@code reachedNothingNew}
     * @param untriaged of those, children without coverage, which only {@code knownBefore} can judge
     * @param redundantPercent {@code reachedNothingNew + knownBefore} out of {@code declared}, in
     *     percent; null when nothing was declared. Without triage a lower bound
     */
    public record Children(long declared, long reachedNothingNew, long knownBefore, long untriaged,
                           Double redundantPercent) {

        /** The figures of {@code tally}. */
        public static Children of(ExecutorTally tally) {
            Double ratio = tally.redundantRatio();
            return new Children(tally.children(), tally.redundant(), tally.knownBefore(), tally.untriaged(),
                    ratio == null ? null : 100 * ratio);
        }
    }

    /**
     * The campaign's SymCC pruning map.
     *
     * @param sharing {@code shared} (one map for the whole campaign) or {@code worker} (one per
     *     worker and job, in the workers' scratch directories)
     * @param bits bits set in the shared map; 0 with a map per worker
     */
    public record Pruning(String sharing, long bits) {
    }

    /**
     * Who has done the campaign's executions.
     *
     * @param executions commit decisions taken, one per execution, by every coordinator together
     * @param coordinators one per coordinator rank of every job that committed, in owner name order
     */
    public record Load(long executions, List<CoordinatorLoad> coordinators) {
    }

    /**
     * The executions one coordinator committed.
     *
     * @param owner the coordinator as it holds leases ({@code epoch-2/rank-1})
     */
    public record CoordinatorLoad(String owner, long executions) {
    }

    /**
     * What the committed executions of every job amount to, per executor kind, as their commit
     * decisions counted them (decisions taken before Frontier counted them are not in it).
     *
     * @param kinds one per executor kind, by name
     * @param all every kind together, under the executor name {@code all}
     */
    public record Executors(List<ExecutorFigures> kinds, ExecutorFigures all) {

        /** The figures of {@code tallies}. */
        public static Executors of(ExecutorTallies tallies) {
            long totalMillis = tallies.total().executionMillis();
            List<ExecutorFigures> kinds = tallies.byExecutor().entrySet().stream()
                    .map(kind -> ExecutorFigures.of(kind.getKey(), kind.getValue(), totalMillis)).toList();
            return new Executors(kinds, ExecutorFigures.of("all", tallies.total(), totalMillis));
        }
    }

    /**
     * The committed executions of one executor kind.
     *
     * @param executionMillis their wall time, summed, as the workers measured it
     * @param newEdges edges of the campaign's map their children reached first
     * @param children the children their results declared, and how many were redundant
     * @param timePercent their share of the workers' time spent executing, in percent: in a campaign
     *     with fuzzing sessions, how the workers were split between fuzzing and running inputs
     * @param newEdgesPerSecond what they yielded: new edges per second of worker time
     */
    public record ExecutorFigures(String executor, long executions, long executionMillis, long newEdges,
                                  Children children, double timePercent, double newEdgesPerSecond) {

        static ExecutorFigures of(String executor, ExecutorTally tally, long totalMillis) {
            long millis = tally.executionMillis();
            return new ExecutorFigures(executor, tally.executions(), millis, tally.newEdges(), Children.of(tally),
                    totalMillis == 0 ? 0 : 100.0 * millis / totalMillis,
                    millis == 0 ? 0 : tally.newEdges() * 1000.0 / millis);
        }
    }

    /**
     * The summary a job left as it ended.
     *
     * @param wallMillis how long the job ran, as root measured it
     * @param coordinators each coordinator's figures, by rank
     * @param totals the figures summed over the coordinators
     * @param busy the workers' busy fractions; null in a summary of a Frontier that did not record them
     */
    public record LastJob(long epoch, String file, long wallMillis, String ending, int exitCode, String reason,
                          Map<Integer, Map<String, Long>> coordinators, Map<String, Long> totals, WorkersBusy busy) {
    }
}
