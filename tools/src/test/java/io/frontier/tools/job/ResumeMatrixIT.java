package io.frontier.tools.job;

import static io.frontier.tools.job.ResumeInvariants.assertEveryRoundFinishedExactlyOnce;
import static io.frontier.tools.job.ResumeInvariants.assertEverySliceCommittedOnce;
import static io.frontier.tools.job.ResumeInvariants.assertFencedEpochWroteNothing;
import static io.frontier.tools.job.ResumeInvariants.assertFinishedExactlyOnce;
import static io.frontier.tools.job.ResumeInvariants.assertNothingDoneWasRedone;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.StoreUrl;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.record.Owner;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.tools.AflBuild;
import io.frontier.tools.ExitCodes;
import io.frontier.worker.fault.StopPoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault-injection matrix of {@code frontier resume}, with real mpirun jobs: a coordinator
 * killed at each named point of the commit chain and during replay, a coordinator paused past
 * its lease while a second job runs, a worker killed mid-execution, the whole job killed. After
 * each, resume runs the campaign to its end and the store, corpus and directory must show every
 * item executed and completed exactly once, nothing that was done redone, no stage left, and no
 * write by the fenced job after the fence.
 *
 * <p>A coordinator commits the RESULTs it received together as one batch, so a crash inside the
 * commit chain may leave several entries committing: the one at the named point, and others of
 * its batch, each at a point of its own. The checks of the crash state therefore look at the
 * entries committing, and resume must finish every one of them without executing it again.
 */
@Tag("mpi")
@Timeout(300)
class ResumeMatrixIT {

    /** Root beats this often in these jobs, so a dead job is presumed dead after 1.2 s. */
    private static final String BEAT_MILLIS = "400";
    private static final Duration PRESUMED_DEAD = Duration.ofSeconds(20);
    private static final Duration JOB_END = Duration.ofSeconds(120);

    @TempDir
    Path directory;

    @AfterEach
    void killLeftovers() throws InterruptedException {
        JobProcesses.killLeftovers();
    }

    @Test
    void coordinatorKilledAfterClaimLeavesLeasesTheNextJobTakesBackAtOnce() throws Exception {
        Campaign campaign = derived(2, 4);

        CampaignHarness.Run crashed = campaign.harness.run(1, 2, "--heartbeat-interval", BEAT_MILLIS, "--lease", "120000",
                "--faults", stop(0, StopPoint.AFTER_CLAIM, 2));

        assertKilledByFault(crashed);
        CampaignLedger atCrash = campaign.harness.ledger();
        assertThat(atCrash.works().values()).as("leases the dead job held")
                .anyMatch(work -> work.state() == WorkState.LEASED);
        CampaignHarness.Run resumed = campaign.resumeWhenPresumedDead(atCrash);
        // A job that waited the dead job's leases out would take their whole 120 s, however fast the machine.
        assertThat(resumed.millis()).as("leases of the fenced epoch are not waited out (120 s)").isLessThan(120_000);
    }

    @Test
    void nonRootCoordinatorKilledAfterBeginCommitIsReplayedByTheNextRoot() throws Exception {
        // The root starts dispatching first and takes items of other buckets when its own run out:
        // with fast executions and large claims it could finish the campaign before rank 1 commits
        // anything. Slow executions and claims of one item leave rank 1 most of the work.
        // Only a decision that keeps a child leaves its entry committing: two generations of
        // children make most items such.
        Campaign campaign = twoGenerations(2, 4, "--sleep-ms", "300");

        CampaignHarness.Run crashed = campaign.harness.run(2, 2, "--heartbeat-interval", BEAT_MILLIS,
                "--claim-batch", "1", "--faults", stop(1, StopPoint.AFTER_BEGIN_COMMIT, 1));

        assertKilledByFault(crashed);
        CampaignLedger atCrash = campaign.harness.ledger();
        List<WorkRecord> decided = committing(atCrash).stream()
                .filter(work -> work.owner().equals(Owner.of("epoch-1/rank-1"))).toList();
        assertThat(decided).as("entries the killed coordinator decided").isNotEmpty();
        assertThat(campaign.harness.corpusObjects()).filteredOn(newChildrenOf(campaign, atCrash, decided)::contains)
                .as("no child promoted before the crash").isEmpty();
        campaign.resumeWhenPresumedDead(atCrash);
        assertReplayedNotExecutedAgain(campaign, decided);
    }

    /**
     * A stop inside a commit group: the fault plan holds the coordinator's results until two
     * are valid, so its first group certainly decides two entries in one transaction before the
     * stop, and neither is promoted. The first group holds seeds only, and every seed keeps
     * children, so neither entry ends in its decision. Replay must finish each of them without
     * executing it again.
     */
    @Test
    void coordinatorKilledInsideACommitGroupOfTwoIsReplayedEntryByEntry() throws Exception {
        Campaign campaign = twoGenerations(2, 4);

        CampaignHarness.Run crashed = campaign.harness.run(1, 2, "--heartbeat-interval", BEAT_MILLIS,
                "--faults", "coordinator.commit-group@0:size=2," + stop(0, StopPoint.AFTER_BEGIN_COMMIT, 1));

        assertKilledByFault(crashed);
        CampaignLedger atCrash = campaign.harness.ledger();
        List<WorkRecord> committing = committing(atCrash);
        assertThat(committing).as("the first group's decisions, taken together").hasSizeGreaterThanOrEqualTo(2);
        assertThat(atCrash.counts().get(Counter.DONE)).as("nothing completed before the first group").isZero();
        assertThat(campaign.harness.corpusObjects()).filteredOn(newChildrenOf(campaign, atCrash, committing)::contains)
                .as("no child promoted before the crash").isEmpty();
        campaign.resumeWhenPresumedDead(atCrash);
        assertReplayedNotExecutedAgain(campaign, committing);
    }

    /**
     * A result that keeps no child is decided and completed in one transaction, so a stop right
     * after it finds its item done, nothing committing, and only its stage on disk. Resume must
     * not run the item again, and its stage must go.
     */
    @Test
    void coordinatorKilledRightAfterADecisionThatKeptNothingLeavesItDoneForResume() throws Exception {
        CampaignHarness harness = new CampaignHarness(directory, List.of("--children", "none", "--sleep-ms", "100"));
        List<Digest> seeds = harness.addSeeds(6);
        Campaign campaign = new Campaign(harness, seeds, seeds.size());

        CampaignHarness.Run crashed = harness.run(1, 2, "--heartbeat-interval", BEAT_MILLIS,
                "--faults", stop(0, StopPoint.AFTER_COMPLETE, 1));

        assertKilledByFault(crashed);
        CampaignLedger atCrash = harness.ledger();
        assertThat(atCrash.counts().get(Counter.DONE)).as("the first result's item, done by its decision").isPositive();
        assertThat(atCrash.works().values()).extracting(WorkRecord::state).as("nothing for replay to finish")
                .doesNotContain(WorkState.COMMITTING);
        List<WorkRecord> done = atCrash.works().values().stream()
                .filter(work -> work.state() == WorkState.DONE).toList();
        campaign.resumeWhenPresumedDead(atCrash);
        assertReplayedNotExecutedAgain(campaign, done);
    }

    @Test
    void coordinatorKilledBetweenTwoPromotionsIsReplayed() throws Exception {
        Campaign campaign = derived(3, 3);

        CampaignHarness.Run crashed = campaign.harness.run(1, 2, "--heartbeat-interval", BEAT_MILLIS,
                "--faults", stop(0, StopPoint.BETWEEN_PROMOTIONS, 1));

        assertKilledByFault(crashed);
        CampaignLedger atCrash = campaign.harness.ledger();
        List<WorkRecord> committing = committing(atCrash);
        // The crash came after the first rename of the job: the entries of its batch before it
        // renamed nothing, those after it were not promoted yet.
        assertThat(campaign.harness.corpusObjects()).filteredOn(newChildrenOf(campaign, atCrash, committing)::contains)
                .as("exactly one child promoted before the crash").hasSize(1);
        campaign.resumeWhenPresumedDead(atCrash);
        assertReplayedNotExecutedAgain(campaign, committing);
    }

    @Test
    void coordinatorKilledAfterPromotionBeforeCompleteIsReplayed() throws Exception {
        Campaign campaign = derived(2, 4);

        CampaignHarness.Run crashed = campaign.harness.run(1, 2, "--heartbeat-interval", BEAT_MILLIS,
                "--faults", stop(0, StopPoint.AFTER_PROMOTION, 2));

        assertKilledByFault(crashed);
        CampaignLedger atCrash = campaign.harness.ledger();
        List<WorkRecord> committing = committing(atCrash);
        assertThat(committing).as("an entry whose every child was promoted before the crash")
                .anySatisfy(work -> assertThat(campaign.harness.corpusObjects())
                        .containsAll(newChildrenOf(campaign, atCrash, List.of(work))));
        campaign.resumeWhenPresumedDead(atCrash);
        assertReplayedNotExecutedAgain(campaign, committing);
    }

    @Test
    void coordinatorKilledDuringReplayIsReplayedAgain() throws Exception {
        // Claims pick pending items at random, so the second commit decision may be any item
        // enqueued by then: seeds and their children. Two generations with children make sure
        // it has children for replay to promote, and so a point between two promotions.
        Campaign campaign = twoGenerations(3, 3);
        CampaignHarness.Run crashed = campaign.harness.run(1, 2, "--heartbeat-interval", BEAT_MILLIS,
                "--faults", stop(0, StopPoint.AFTER_BEGIN_COMMIT, 2));
        assertKilledByFault(crashed);
        CampaignLedger atCrash = campaign.harness.ledger();
        List<WorkRecord> committing = committing(atCrash);
        campaign.harness.awaitPresumedDead(PRESUMED_DEAD);

        CampaignHarness.Run replayCrashed = campaign.harness.resume("--heartbeat-interval", BEAT_MILLIS,
                "--faults", stop(0, StopPoint.BETWEEN_PROMOTIONS, 1));

        assertKilledByFault(replayCrashed);
        CampaignLedger duringReplay = campaign.harness.ledger();
        assertThat(duringReplay.epoch().epoch()).isEqualTo(2);
        List<WorkRecord> stillCommitting = committing(duringReplay);
        assertThat(stillCommitting).extracting(WorkRecord::result).as("entries of the first crash, still committing")
                .isSubsetOf(committing.stream().map(WorkRecord::result).toList());
        // Replay ends entries in work id order: those it ended before it was killed are done,
        // and nothing else is, since nothing is dispatched before replay.
        assertThat(duringReplay.counts().get(Counter.DONE)).as("nothing dispatched before replay")
                .isEqualTo(atCrash.counts().get(Counter.DONE) + committing.size() - stillCommitting.size());
        assertThat(campaign.harness.corpusObjects())
                .filteredOn(newChildrenOf(campaign, atCrash, stillCommitting)::contains)
                .as("replay promoted one child before it was killed").hasSize(1);
        campaign.resumeWhenPresumedDead(atCrash, duringReplay, 2);
        assertReplayedNotExecutedAgain(campaign, committing);
    }

    @Test
    void pausedCoordinatorIsFencedOffByASecondJobAndCannotWriteWhenItContinues() throws Exception {
        // Executions of a second: after the third item, the rest of the campaign takes several
        // seconds on two workers, so the job is paused mid-campaign even on a loaded machine (with
        // 300 ms it sometimes reached quiescence before the pause, and then rightly ended with 0).
        Campaign campaign = derived(1, 6, "--sleep-ms", "1000");
        // Beats 30 s apart: a paused job is presumed dead after three missed beats, 90 s, far beyond
        // the few seconds until the refused resume below, however slowly that resume starts.
        CompletableFuture<CampaignHarness.Run> paused = campaign.harness.startRun(1, 2, "--lease", "2000",
                "--heartbeat-interval", "30000");
        campaign.harness.await("three items done", JOB_END, () -> campaign.harness.counts().get(Counter.DONE) >= 3);
        JobHeartbeat first = campaign.harness.heartbeat();
        long root = first.pid();
        pauseOutsideAnyTransaction(campaign.harness, root);
        try {
            Thread.sleep(3000);

            CampaignHarness.Run refused = campaign.harness.resume();
            assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCodes.USAGE);
            assertThat(refused.err()).contains("the previous job may still be alive", "pid=" + root,
                    "host=" + first.host(), "--force");

            CompletableFuture<CampaignHarness.Run> second = campaign.harness.startResume("--force",
                    "--heartbeat-interval", BEAT_MILLIS, "--faults", "worker.stall@1:ms=4000");
            campaign.harness.await("the second job's epoch", JOB_END, () -> campaign.harness.ledger().epoch().epoch() == 2);
            Map<String, String> fencedFootprint = campaign.harness.ledger().footprintOf(1, campaign.harness.keys());
            campaign.harness.await("the second job's root beating", JOB_END,
                    () -> campaign.harness.heartbeat().epoch() == 2);
            JobProcesses.signal(root, "CONT");

            CampaignHarness.Run fenced = paused.get(JOB_END.toSeconds(), TimeUnit.SECONDS);
            assertThat(fenced.exitCode()).as("the fenced job stops").isEqualTo(ExitCodes.CONTROL_FAILURE);
            JsonNode summary = campaign.harness.summary(1);
            // The fence refuses the paused job's next store call: either as a stale epoch, or as a
            // commit left for replay whose refusal names both epochs; which one depends on where
            // the job was paused.
            assertThat(summary.get("failures").toString()).satisfiesAnyOf(
                    failures -> assertThat(failures).contains("caller's epoch is not the campaign's current epoch"),
                    failures -> assertThat(failures).contains("LeftForReplay").contains("presentedEpoch=1, currentEpoch=2"));
            CampaignHarness.Run resumed = second.get(JOB_END.toSeconds(), TimeUnit.SECONDS);
            assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.OK);
            assertThat(resumed.err()).contains("fenced off job").contains("pid " + root);

            CampaignLedger end = campaign.harness.ledger();
            assertFencedEpochWroteNothing(fencedFootprint, end, 1, campaign.harness.keys());
            assertFinishedExactlyOnce(campaign.harness, campaign.seeds, campaign.items);
        } finally {
            JobProcesses.continueIfAlive(root);
        }
    }

    @Test
    void workerKilledMidExecutionEndsTheJobAndResumeRunsItsItemAgain() throws Exception {
        Campaign campaign = derived(1, 4);
        CompletableFuture<CampaignHarness.Run> job = campaign.harness.startRun(1, 2, "--heartbeat-interval", BEAT_MILLIS,
                "--faults", "worker.stall@1:on=2:ms=600000");
        // A worker holds two assignments: worker 1 stalls answering its second item and holds
        // its third, which it executed meanwhile.
        campaign.harness.await("worker 1 stalled on its second item with everything else done", JOB_END, () -> {
            CampaignLedger now = campaign.harness.ledger();
            return now.counts().get(Counter.LEASED) == 2 && now.counts().get(Counter.PENDING) == 0
                    && now.counts().get(Counter.COMMITTING) == 0 && now.counts().get(Counter.DONE) >= 4;
        });
        JobHeartbeat alive = campaign.harness.heartbeat();

        CampaignHarness.Run refused = campaign.harness.resume();

        assertThat(refused.exitCode()).as(refused.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(refused.err()).contains("the previous job may still be alive", "pid=" + alive.pid());
        ProcessHandle mpirun = JobProcesses.mpiruns().get(0);
        ProcessHandle worker = JobProcesses.rank(mpirun, 1).orElseThrow();
        worker.destroyForcibly();
        CampaignHarness.Run killed = job.get(JOB_END.toSeconds(), TimeUnit.SECONDS);
        assertThat(killed.exitCode()).as(killed.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        CampaignLedger atCrash = campaign.harness.ledger();
        List<WorkRecord> held = atCrash.works().values().stream().filter(work -> work.state() == WorkState.LEASED)
                .toList();
        assertThat(held).hasSize(2);
        campaign.resumeWhenPresumedDead(atCrash);
        for (WorkRecord item : held) {
            assertThat(campaign.harness.work(item.id()).attempts()).as("the killed worker's items ran again")
                    .isEqualTo(2);
        }
    }

    @Test
    void wholeJobKilledMidCampaignIsResumed() throws Exception {
        CampaignHarness harness = new CampaignHarness(directory, List.of("--children", "same", "--sleep-ms", "200"));
        List<Digest> seeds = harness.addSeeds(6);
        Campaign campaign = new Campaign(harness, seeds, seeds.size() + 1);
        CompletableFuture<CampaignHarness.Run> job = harness.startRun(1, 2, "--heartbeat-interval", BEAT_MILLIS);
        harness.await("three items done", JOB_END, () -> harness.counts().get(Counter.DONE) >= 3);

        JobProcesses.killJob(JobProcesses.mpiruns().get(0));

        CampaignHarness.Run killed = job.get(JOB_END.toSeconds(), TimeUnit.SECONDS);
        assertThat(killed.exitCode()).as(killed.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(killed.err()).contains("ended abnormally", "frontier resume");
        campaign.resumeWhenPresumedDead(harness.ledger());
    }

    /**
     * Items in every tier: one seed with eight children that all reach the same coverage on the
     * triage build, so the first is new (tier 0) and the seven others are redundant (tier 1); a
     * seed that hangs, retried once with twice the time limit (tier 2); and the command executor
     * made repeatable, so every child, having no children of its own, runs a second round (tier
     * 3). That is 19 rounds of 10 items, of which at most 3 are tier-0 rounds (the two seeds'
     * first and the new child's first). Every round but the seed's first keeps no child, so its
     * decision completes it too; the coordinator is killed right after its 8th completion, when at
     * least 5 rounds of a lower tier have been decided and completed. Resume must finish the
     * campaign with every round committed exactly once and no stage left.
     */
    @Test
    void coordinatorKilledWhileLowerTiersRunIsResumedWithEveryRoundCommittedOnce() throws Exception {
        Path triage = AflBuild.compile(Files.writeString(directory.resolve("constant.c"),
                "#include <stdio.h>\nint main(int argc, char **argv) { return fopen(argv[1], \"rb\") == NULL ? 2 : 0; }\n"),
                directory.resolve("constant"));
        Path triageFile = Files.writeString(directory.resolve("triage.json"),
                "{\"program\": \"" + triage + "\", \"arguments\": [\"@@\"], \"timeoutMillis\": 1000}");
        CampaignHarness harness = new CampaignHarness(directory,
                List.of("--children", "derived", "--fanout", "8", "--hang-on", "stuck"));
        Digest seed = harness.addSeed("seed", "seed number 0\n");
        Digest hang = harness.addSeed("hang", "stuck seed\n");
        List<String> tiers = List.of("--triage", triageFile.toString(), "--exploration", "tiers", "--repeatable",
                "command", "--repeats", "1", "--time-limit", "1500", "--time-limit-cap", "2");

        CampaignHarness.Run crashed = harness.run(1, 2, with(tiers, "--heartbeat-interval", BEAT_MILLIS,
                "--faults", stop(0, StopPoint.AFTER_COMPLETE, 8)));

        assertKilledByFault(crashed);
        CampaignLedger atCrash = harness.ledger();
        assertThat(atCrash.manifest()).as("a round of a lower tier decided before the kill")
                .anyMatch(entry -> entry.head().round() > 0 || atCrash.works().get(entry.head().work()).tier() > 0);
        harness.awaitPresumedDead(PRESUMED_DEAD);
        CampaignHarness.Run resumed = harness.resume("--heartbeat-interval", BEAT_MILLIS);

        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.OK);
        CampaignLedger end = harness.ledger();
        Map<Digest, Integer> rounds = new HashMap<>();
        end.works().keySet().forEach(work -> rounds.put(work, 2));
        rounds.put(seed, 1);
        assertThat(rounds).as("two seeds and eight children").hasSize(10);
        assertEveryRoundFinishedExactlyOnce(harness, rounds);
        assertThat(end.entriesOf(hang)).as("the hanging seed's rounds")
                .allSatisfy(entry -> assertThat(entry.head().execution().timedOut()).isTrue())
                .extracting(entry -> entry.head().limitFactor()).containsExactlyInAnyOrder(1, 2);
        assertThat(end.manifest()).flatExtracting(CampaignLedger.Entry::children).extracting(Child::fate)
                .as("children kept in tier 1").contains(ChildFate.DEFERRED);
        assertThat(end.manifest()).extracting(CampaignLedger.Entry::head).as("entries decided before the kill")
                .containsAll(atCrash.manifest().stream().map(CampaignLedger.Entry::head).toList());
        assertFencedEpochWroteNothing(atCrash.footprintOf(1, harness.keys()), end, 1, harness.keys());
    }

    /**
     * A campaign of AFL++ fuzzing sessions alone, one per worker, on a small afl-cc target in
     * 2-s slices. A worker killed by SIGKILL while it fuzzes takes its fuzzer with it (the
     * watchdog of its session's process group), and the job ends as after any lost rank. Resume
     * starts every session afresh from the campaign's feed, which holds what the slices committed
     * before the kill found: a fuzzer restarted elsewhere does not start from zero. Every slice of
     * either job is committed exactly once, no stage is left and the corpus holds every kept find.
     */
    @Test
    void workerKilledWhileItFuzzesIsResumedFromTheFeedWithEverySliceCommittedOnce() throws Exception {
        CampaignHarness harness = new CampaignHarness(directory, List.of());
        Path target = AflBuild.compile(Files.writeString(directory.resolve("branches.c"), BRANCHES),
                directory.resolve("branches"));
        Files.writeString(harness.executor, "{\"type\": \"afl_session\", \"target\": \"" + target + "\","
                + " \"arguments\": [\"@@\"], \"checkpointSeconds\": 2, \"execTimeoutMillis\": 1000,"
                + " \"memoryLimitMiB\": 0, \"dictionary\": null, \"environment\": {},"
                + " \"limits\": {\"addressSpaceMiB\": 0, \"cpuSeconds\": 0, \"fileSizeMiB\": 64}}");
        List<Digest> seeds = harness.addSeeds(5);
        CompletableFuture<CampaignHarness.Run> job = harness.startRun(1, 2, "--heartbeat-interval", BEAT_MILLIS,
                "--budget-time", "200");
        harness.await("three slices of each session committed", JOB_END, () -> slices(harness.ledger()) >= 6);
        ProcessHandle worker = JobProcesses.rank(JobProcesses.mpiruns().get(0), 1).orElseThrow();

        worker.destroyForcibly();

        CampaignHarness.Run killed = job.get(JOB_END.toSeconds(), TimeUnit.SECONDS);
        assertThat(killed.exitCode()).as(killed.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        harness.await("the killed worker's fuzzer ended with it", Duration.ofSeconds(30),
                () -> fuzzersOf(harness.root).isEmpty());
        CampaignLedger atCrash = harness.ledger();
        long fed = harness.store(store -> store.feed(null, 1000).stream()
                .mapToLong(read -> read.entry().inputs().size()).sum());
        harness.awaitPresumedDead(PRESUMED_DEAD);
        CampaignHarness.Run resumed = harness.resume("--heartbeat-interval", BEAT_MILLIS, "--budget-time", "10");

        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.STOPPED);
        JsonNode figures = harness.summary(2).get("totals");
        assertThat(figures.get("sessionStarts").asLong()).as("sessions of the resumed job started afresh")
                .isEqualTo(2);
        assertThat(figures.get("sessionSeeds").asLong()).as("inputs they started from: the whole feed, twice")
                .isGreaterThanOrEqualTo(2 * fed);
        assertThat(fed).as("the seeds and what the slices before the kill found").isGreaterThanOrEqualTo(seeds.size());
        assertEverySliceCommittedOnce(harness);
        assertNothingDoneWasRedone(atCrash, harness.ledger());
        assertThat(fuzzersOf(harness.root)).as("fuzzers left after the job").isEmpty();
    }

    /** A target with a few nested byte comparisons: AFL++ finds its paths within seconds. */
    private static final String BRANCHES = """
            #include <stdio.h>
            int main(int argc, char **argv) {
                FILE *f = fopen(argv[1], "rb");
                unsigned char b[8] = {0};
                if (f == NULL) return 2;
                size_t n = fread(b, 1, sizeof b, f);
                fclose(f);
                int depth = 0;
                if (n > 0 && b[0] == 'f') { depth++; if (b[1] == 'r') { depth++; if (b[2] == 'o') depth++; } }
                if (n > 3 && b[3] > 'm') depth += 2; else if (n > 3 && b[3] < 'c') depth += 3;
                if (n > 4 && (b[4] & 1)) depth *= 2;
                return depth > 100;
            }
            """;

    /** Manifest entries of session items: the slices committed so far. */
    private static long slices(CampaignLedger ledger) {
        return ledger.manifest().stream()
                .filter(entry -> ledger.works().get(entry.head().work()).session() != null).count();
    }

    /** The afl-fuzz processes of this test's campaign still alive, by their command lines. */
    private static List<ProcessHandle> fuzzersOf(Path root) {
        return ProcessHandle.allProcesses()
                .filter(process -> process.info().commandLine().orElse("").contains(root.toString())
                        && process.info().command().orElse("").endsWith("afl-fuzz"))
                .toList();
    }

    private static String[] with(List<String> options, String... more) {
        List<String> all = new ArrayList<>(options);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** A campaign of {@code seeds} seeds with {@code fanout} derived children each, plus a seed equal to a child. */
    private Campaign derived(int fanout, int seeds, String... targetOptions) throws Exception {
        List<String> options = new ArrayList<>(List.of("--children", "derived", "--fanout", Integer.toString(fanout)));
        options.addAll(List.of(targetOptions));
        CampaignHarness harness = new CampaignHarness(directory, options);
        List<Digest> ids = new ArrayList<>(harness.addSeeds(seeds));
        // The first child of seed 0, also given as a seed: known before it is produced, so it
        // must not be enqueued again.
        ids.add(harness.addSeed("twin", "frontier-child 1 0\nseed number 0\n"));
        return new Campaign(harness, ids, seeds * (1 + fanout));
    }

    /** Seeds whose children have {@code fanout} children too; no twin seed. */
    private Campaign twoGenerations(int fanout, int seeds, String... targetOptions) throws Exception {
        List<String> options = new ArrayList<>(
                List.of("--children", "derived", "--fanout", Integer.toString(fanout), "--depth", "2"));
        options.addAll(List.of(targetOptions));
        CampaignHarness harness = new CampaignHarness(directory, options);
        List<Digest> ids = new ArrayList<>(harness.addSeeds(seeds));
        return new Campaign(harness, ids, seeds * (1 + fanout + fanout * fanout));
    }

    /** A harness with its seeds and how many items the campaign has in the end. */
    private record Campaign(CampaignHarness harness, List<Digest> seeds, int items) {

        /** Resumes once the crashed job is presumed dead, and checks the campaign's end. */
        CampaignHarness.Run resumeWhenPresumedDead(CampaignLedger atCrash) throws Exception {
            return resumeWhenPresumedDead(atCrash, atCrash, 1);
        }

        /**
         * Resumes after {@code fenced}, the epoch of the crashed job whose state is
         * {@code lastCrash}; {@code firstCrash} is what the first crash left.
         */
        CampaignHarness.Run resumeWhenPresumedDead(CampaignLedger firstCrash, CampaignLedger lastCrash, long fenced)
                throws Exception {
            harness.awaitPresumedDead(PRESUMED_DEAD);
            CampaignHarness.Run resumed = harness.resume("--heartbeat-interval", BEAT_MILLIS);
            assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.OK);
            assertThat(resumed.err()).contains("epoch " + (fenced + 1), "fenced off job");
            CampaignLedger end = harness.ledger();
            assertFinishedExactlyOnce(harness, seeds, items);
            assertNothingDoneWasRedone(firstCrash, end);
            assertNothingDoneWasRedone(lastCrash, end);
            for (long epoch = 1; epoch <= fenced; epoch++) {
                assertFencedEpochWroteNothing(lastCrash.footprintOf(epoch, harness.keys()), end, epoch, harness.keys());
            }
            return resumed;
        }
    }

    private static String stop(int rank, StopPoint point, int occurrence) {
        return "coordinator.stop@" + rank + ":point=" + point.spelling() + ":on=" + occurrence;
    }

    private static void assertKilledByFault(CampaignHarness.Run run) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.err()).contains("ended abnormally");
    }

    /** The items committing in {@code ledger}; there is at least one. */
    private static List<WorkRecord> committing(CampaignLedger ledger) {
        List<WorkRecord> committing = ledger.works().values().stream()
                .filter(work -> work.state() == WorkState.COMMITTING).toList();
        assertThat(committing).as("items committing").isNotEmpty();
        return committing;
    }

    /** Each of {@code items}, committing at a crash, was finished by replay, not executed again. */
    private static void assertReplayedNotExecutedAgain(Campaign campaign, List<WorkRecord> items) throws Exception {
        for (WorkRecord item : items) {
            assertThat(campaign.harness().work(item.id()).attempts()).as("replayed, not executed again: %s", item.id())
                    .isEqualTo(1);
        }
    }

    /** The children of {@code work}'s entry that are not seeds, so not in the corpus before it. */
    /** The children, other than seeds, that the entries of {@code works} declare. */
    private List<String> newChildrenOf(Campaign campaign, CampaignLedger ledger, List<WorkRecord> works) {
        return works.stream().flatMap(work -> ledger.entriesOf(work.id()).get(0).children().stream())
                .map(Child::digest).filter(child -> !campaign.seeds().contains(child)).map(Digest::hex).toList();
    }

    /**
     * SIGSTOPs {@code pid} at a moment it holds no store transaction: a process stopped inside
     * one would keep SQLite's write lock, which no other job could take (FoundationDB would
     * simply expire the transaction). Tries again after a short continue when it does.
     */
    private static void pauseOutsideAnyTransaction(CampaignHarness harness, long pid) throws Exception {
        StoreOptions quick = StoreOptions.DEFAULT.withCallTimeout(Duration.ofMillis(500));
        for (int attempt = 0; attempt < 50; attempt++) {
            JobProcesses.signal(pid, "STOP");
            try (KeyValueStore kv = KeyValueStores.open(StoreUrl.parse(harness.storeUrl()), quick)) {
                kv.run(tx -> null);
                return;
            } catch (RuntimeException writeLockHeld) {
                JobProcesses.signal(pid, "CONT");
                Thread.sleep(30);
            }
        }
        throw new AssertionError("could not pause " + pid + " outside a store transaction");
    }
}
