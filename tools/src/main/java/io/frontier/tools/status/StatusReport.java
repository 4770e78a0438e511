package io.frontier.tools.status;

import io.frontier.store.campaign.Counts;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.view.ExecutorTallies;
import io.frontier.store.view.ExecutorTally;
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
 * @param findings findings recorded (inputs that crashed or hung the target), from the store's
 *     counter: one per input and signature
 * @param load executions committed per coordinator, in every epoch
 * @param executors what the committed executions amount to per executor kind, with the
 *     redundant-child ratio
 * @param lastJob the summary of the latest job that left one, or null
 * @param notes what an operator should know about these figures, e.g. that the current epoch's
 *     job has not left a summary yet
 */
public record StatusReport(String campaign, String directory, String store, Epoch epoch, Heartbeat heartbeat,
                           States states, Tiers tiers,
                           Results results, Progress progress, long corpusObjects, Edges edges, long findings,
                           Load load, Executors executors, LastJob lastJob, List<String> notes) {

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

    /** Work items per state, from the store's counters. */
    public record States(long pending, long leased, long committing, long done, long abandoned) {
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
            List<ExecutorFigures> kinds = tallies.byExecutor().entrySet().stream()
                    .map(kind -> ExecutorFigures.of(kind.getKey(), kind.getValue())).toList();
            return new Executors(kinds, ExecutorFigures.of("all", tallies.total()));
        }
    }

    /**
     * The committed executions of one executor kind.
     *
     * @param executionMillis their wall time, summed, as the workers measured it
     * @param children children their results declared, each distinct within its result
     * @param redundant of those, children that reached no (edge, hit-count bucket) the campaign's
     *     edge map lacked, whatever the exploration mode made of them
     * @param untriaged of those, children without coverage, which nothing judges redundant
     * @param newEdges edges of the campaign's map the children reached first
     * @param redundantRatio {@code redundant} out of the children that carried coverage
     *     ({@code children - untriaged}), from 0 to 1; null when none did
     */
    public record ExecutorFigures(String executor, long executions, long executionMillis, long children, long redundant,
                                  long untriaged, long newEdges, Double redundantRatio) {

        static ExecutorFigures of(String executor, ExecutorTally tally) {
            return new ExecutorFigures(executor, tally.executions(), tally.executionMillis(), tally.children(),
                    tally.redundant(), tally.untriaged(), tally.newEdges(), tally.redundantRatio());
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
