package io.frontier.tools.job;

import static io.frontier.tools.job.ResumeInvariants.assertFencedEpochWroteNothing;
import static io.frontier.tools.job.ResumeInvariants.assertFinishedExactlyOnce;
import static io.frontier.tools.job.ResumeInvariants.assertNothingDoneWasRedone;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.keyspace.Counter;
import io.frontier.store.corpus.Digest;
import io.frontier.tools.ExitCodes;
import io.frontier.worker.fault.StopPoint;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resume matrix's checks under random faults, for as long as one asks: each round builds a
 * random campaign (1 or 2 coordinators, derived or shared children, 3 to 8 seeds, slow or fast
 * target), injects one random fault (a coordinator stopped at any stop point, a worker or the
 * whole job killed at a random moment, or a coordinator stopped during the replay of such a
 * crash), resumes until the campaign ends, and checks {@link ResumeInvariants}. Not run by
 * default: {@code -Psoak} (see tools/pom.xml and docs/operations/recovery.md). Properties: {@code soak.minutes}
 * (default 20), {@code soak.rounds} (default unlimited within the minutes), {@code soak.seed}
 * (default random, printed; a failure names it and the round).
 */
@Tag("mpi")
class ResumeSoak {

    private static final String BEAT_MILLIS = "300";
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final int MAX_RESUMES = 4;

    @TempDir
    Path directory;

    @AfterEach
    void killLeftovers() throws InterruptedException {
        JobProcesses.killLeftovers();
    }

    @Test
    void everyRandomFaultIsResumedToAnExactlyOnceEnd() throws Exception {
        long seed = Long.getLong("soak.seed", System.nanoTime());
        long rounds = Long.getLong("soak.rounds", Long.MAX_VALUE);
        long deadline = System.nanoTime() + Duration.ofMinutes(Long.getLong("soak.minutes", 20)).toNanos();
        System.out.printf("resume soak: seed %d%n", seed);
        Random random = new Random(seed);
        for (long round = 1; round <= rounds && System.nanoTime() < deadline; round++) {
            String plan = "";
            try {
                plan = round(random, Files.createDirectories(directory.resolve("round-" + round)));
                System.out.printf("resume soak: round %d passed: %s%n", round, plan);
            } catch (AssertionError | Exception e) {
                throw new AssertionError("resume soak failed in round " + round + " (" + plan + "), seed " + seed, e);
            } finally {
                JobProcesses.killLeftovers();
            }
        }
    }

    /** One random campaign, fault and resume; returns what it did. */
    private static String round(Random random, Path root) throws Exception {
        int coordinators = 1 + random.nextInt(2);
        int workers = coordinators + random.nextInt(2);
        int seedCount = 3 + random.nextInt(6);
        boolean shared = random.nextInt(3) == 0;
        int fanout = 1 + random.nextInt(3);
        String sleep = Integer.toString(random.nextInt(4) * 100);
        List<String> options = shared
                ? List.of("--children", "same", "--sleep-ms", sleep)
                : List.of("--children", "derived", "--fanout", Integer.toString(fanout), "--sleep-ms", sleep);
        CampaignHarness campaign = new CampaignHarness(root, options);
        List<Digest> seeds = new ArrayList<>(campaign.addSeeds(seedCount));
        int items = shared ? seedCount + 1 : seedCount * (1 + fanout);
        if (!shared) {
            seeds.add(campaign.addSeed("twin", "frontier-child 1 0\nseed number 0\n"));
        }
        String plan = String.format("%d coordinators, %d workers, %d seeds, %s, sleep %s ms", coordinators, workers,
                seedCount, shared ? "shared child" : "fanout " + fanout, sleep);

        String replayFault = null;
        int kind = random.nextInt(5);
        if (kind <= 1) {
            StopPoint point = StopPoint.values()[random.nextInt(StopPoint.values().length)];
            String stop = stop(random.nextInt(coordinators), point, 1 + random.nextInt(3));
            plan += "; " + stop;
            campaign.run(coordinators, workers, "--heartbeat-interval", BEAT_MILLIS, "--faults", stop);
        } else if (kind == 2) {
            String stop = stop(random.nextInt(coordinators), StopPoint.AFTER_BEGIN_COMMIT, 1 + random.nextInt(2));
            StopPoint during = random.nextBoolean() ? StopPoint.BETWEEN_PROMOTIONS : StopPoint.AFTER_PROMOTION;
            replayFault = stop(0, during, 1);
            plan += "; " + stop + ", then during replay " + replayFault;
            campaign.run(coordinators, workers, "--heartbeat-interval", BEAT_MILLIS, "--faults", stop);
        } else {
            boolean wholeJob = kind == 3;
            long afterMillis = 500 + random.nextInt(4000);
            plan += wholeJob ? "; whole job killed after " + afterMillis + " ms"
                    : "; a worker killed after " + afterMillis + " ms";
            CompletableFuture<CampaignHarness.Run> job = campaign.startRun(coordinators, workers,
                    "--heartbeat-interval", BEAT_MILLIS);
            Thread.sleep(afterMillis);
            for (ProcessHandle mpirun : JobProcesses.mpiruns()) {
                if (wholeJob) {
                    JobProcesses.killJob(mpirun);
                } else {
                    JobProcesses.rank(mpirun, coordinators + random.nextInt(workers))
                            .ifPresent(ProcessHandle::destroyForcibly);
                }
            }
            job.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }

        CampaignLedger first = campaign.ledger();
        CampaignLedger last = first;
        for (int resumes = 1; ; resumes++) {
            assertThat(resumes).as("resumes needed").isLessThanOrEqualTo(MAX_RESUMES);
            campaign.awaitPresumedDead(WAIT);
            CampaignHarness.Run resumed = replayFault != null
                    ? campaign.resume("--heartbeat-interval", BEAT_MILLIS, "--faults", replayFault)
                    : campaign.resume("--heartbeat-interval", BEAT_MILLIS);
            replayFault = null;
            CampaignLedger now = campaign.ledger();
            assertNothingDoneWasRedone(last, now);
            for (long epoch = 1; epoch < now.epoch().epoch(); epoch++) {
                assertFencedEpochWroteNothing(last.footprintOf(epoch, campaign.keys()), now, epoch, campaign.keys());
            }
            last = now;
            if (resumed.exitCode() == ExitCodes.OK && now.counts().get(Counter.DONE) == items) {
                break;
            }
        }
        assertFinishedExactlyOnce(campaign, seeds, items);
        assertNothingDoneWasRedone(first, last);
        return plan;
    }

    private static String stop(int rank, StopPoint point, int occurrence) {
        return "coordinator.stop@" + rank + ":point=" + point.spelling() + ":on=" + occurrence;
    }
}
