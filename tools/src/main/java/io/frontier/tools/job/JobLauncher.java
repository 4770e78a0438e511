package io.frontier.tools.job;

import io.frontier.coordinator.liveness.JobLiveness;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
import io.frontier.tools.campaign.Adoption;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.CampaignSettings;
import io.frontier.tools.campaign.JobSummary;
import io.frontier.tools.campaign.OpenCampaign;
import io.frontier.tools.campaign.TriageScratch;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.link.MpiJobLauncher;
import io.frontier.worker.link.MpiJobSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** Runs one job of a campaign under mpirun, in the epoch its command fenced the previous job with. */
final class JobLauncher {

    /**
     * How long the launcher waits for mpirun once root has written the job's summary, its last
     * act: the other ranks then only finalise MPI and exit, which takes seconds. A node that does
     * not answer (cut off, stopped) keeps mpirun waiting for ever; past this bound the launcher
     * kills the job's process tree and exits with root's verdict.
     */
    static final Duration AFTER_VERDICT = Duration.ofSeconds(30);
    /** How often the launcher looks for root's summary while mpirun runs. */
    private static final Duration VERDICT_POLL = Duration.ofMillis(500);

    private JobLauncher() {
    }

    /** This machine's host name in printable ASCII, as heartbeats and job ids carry it. */
    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName().replaceAll("[^!-~]", "_");
        } catch (IOException e) {
            return "unknown-host";
        }
    }

    /**
     * The settings of an existing campaign for its next job ({@code run} or {@code resume}):
     * upgraded in place if an older Frontier wrote them, and refused before anything is fenced
     * if its triage cannot work in its scratch directory ({@link TriageScratch}) or its seed
     * directory is gone (root scans it in every job; a configuration error, exit 2, that says
     * how to name another).
     */
    static CampaignSettings settingsForNextJob(CampaignDirectory directory, PrintWriter err) {
        CampaignSettings settings = Adoption.upgradeIfLegacy(directory, directory.read(), err);
        TriageScratch.require(settings.worker());
        Path seeds = Path.of(settings.seeds());
        if (!Files.isDirectory(seeds)) {
            throw new FrontierException("the campaign's seed directory does not exist or is not a directory, and root"
                    + " scans it in every job: restore it, or name another with `frontier campaign set "
                    + directory.path() + " --seeds DIR` (seeds already admitted stay in the corpus)")
                    .with("seeds", seeds).with("file", directory.settingsFile());
        }
        return settings;
    }

    /**
     * Writes the starting beat of the job that {@code epoch} names, from this launcher, so that
     * until root beats the job counts as starting rather than silent (see {@link JobLiveness}).
     * Refused like any beat once a newer job has moved the epoch again.
     */
    static void markStarting(CampaignStore store, EpochRecord epoch, int workers, JobOptions options) {
        store.beat(epoch.epoch(), JobHeartbeat.starting(epoch.epoch(), epoch.job(), hostName(),
                ProcessHandle.current().pid(), workers, options.heartbeatMillis, System.currentTimeMillis() / 1000.0));
    }

    /**
     * Starts the coordinator and worker ranks of the job of {@code epoch} with mpirun and waits
     * for them; returns the job's exit code. mpirun's own status is passed on when it is one of
     * the job verdicts (status 1 only when root's summary gives it, see {@link #reportedVerdict});
     * any other (a rank killed or failing, mpirun failing) becomes
     * {@link ExitCodes#CONTROL_FAILURE}, with a line saying how to resume. A job killed at
     * {@code --max-time} ends with {@link ExitCodes#STOPPED}. Once root has written the job's
     * summary, mpirun gets {@link #AFTER_VERDICT} to end; past it the job's process tree here is
     * killed and the launcher exits with root's verdict. While the job runs, SIGINT and
     * SIGTERM stop it as {@link StopSignals} says: the first drains it
     * ({@link ExitCodes#STOPPED}), the second ends it at once ({@link ExitCodes#ENDED_AT_ONCE}).
     *
     * <p>Whenever it returns or throws, the launcher knows that no process of the job runs any
     * more, and it marks the job ended in its heartbeat unless root did: {@code frontier status}
     * then stops calling it running and {@code frontier resume} need not wait for its silence.
     */
    static int run(MpiJobLauncher launcher, CampaignDirectory directory, CampaignSettings settings, long epoch,
                   int workers, JobOptions options, PrintWriter err) throws InterruptedException {
        try {
            return runToEnd(launcher, directory, settings, epoch, workers, options, err);
        } finally {
            markEnded(directory, settings, epoch, err);
        }
    }

    private static int runToEnd(MpiJobLauncher launcher, CampaignDirectory directory, CampaignSettings settings,
                                long epoch, int workers, JobOptions options, PrintWriter err)
            throws InterruptedException {
        List<String> arguments = new ArrayList<>(List.of("rank", directory.path().toString(), "--epoch",
                Long.toString(epoch), "--heartbeat-interval", Long.toString(options.heartbeatMillis),
                RankCommand.STOPPED_IN_SUMMARY));
        arguments.addAll(options.budget.arguments());
        arguments.addAll(options.audit.arguments());
        MpiJobSpec job = new MpiJobSpec(settings.coordinators() + workers, System.getProperty("java.class.path"),
                options.rankJvmOptions(), FrontierCommand.class.getName(), arguments,
                options.faults == null ? Map.of() : Map.of(FaultPlan.ENVIRONMENT_VARIABLE, options.faults));
        int status;
        // A summary of this epoch already there is an earlier job's (a store restored from an older copy).
        Set<Path> earlierSummaries = Set.copyOf(JobSummary.all(directory));
        try (StopSignals stop = StopSignals.install(directory.path(), epoch, err)) {
            Process mpirun = launcher.startInForeground(job, directory.path());
            stop.attach(mpirun);
            long started = System.nanoTime();
            long verdictSeen = 0;
            int verdict = -1;
            while (!mpirun.waitFor(VERDICT_POLL.toMillis(), TimeUnit.MILLISECONDS)) {
                long now = System.nanoTime();
                if (options.maxSeconds != null && now - started >= TimeUnit.SECONDS.toNanos(options.maxSeconds)) {
                    JobTreeKill.kill(mpirun.toHandle());
                    err.printf("frontier: the job of epoch %d exceeded --max-time (%d s) and was killed; frontier"
                            + " resume %s replays what was in flight and carries on%n", epoch, options.maxSeconds,
                            directory.path());
                    return ExitCodes.STOPPED;
                }
                if (verdict < 0) {
                    verdict = newVerdict(directory, epoch, earlierSummaries);
                    verdictSeen = now;
                } else if (now - verdictSeen >= AFTER_VERDICT.toNanos()) {
                    JobTreeKill.kill(mpirun.toHandle());
                    err.printf("frontier: root ended the job of epoch %d with exit code %d, but mpirun had not ended %d s"
                            + " later (a node that does not answer); the job's processes on this node were killed%s%n",
                            epoch, verdict, AFTER_VERDICT.toSeconds(), verdict == ExitCodes.OK ? ""
                                    : "; frontier resume " + directory.path() + " carries on");
                    return verdict;
                }
            }
            status = mpirun.exitValue();
            if (status == ExitCodes.OK && newVerdict(directory, epoch, earlierSummaries) == ExitCodes.STOPPED) {
                // The ranks exit 0 on a drained job (see RankCommand.STOPPED_IN_SUMMARY); root's summary says 75.
                status = ExitCodes.STOPPED;
            }
            if (stop.endedAtOnce()) {
                err.printf("frontier: the job of epoch %d was ended at once on the second signal; frontier resume %s"
                        + " replays what was in flight and carries on%n", epoch, directory.path());
                return ExitCodes.ENDED_AT_ONCE;
            }
            if (stop.firstSignal() != null && status == ExitCodes.STOPPED) {
                err.printf("frontier: the job of epoch %d drained on %s and ended; frontier resume %s carries on%n",
                        epoch, stop.firstSignal(), directory.path());
            }
        }
        if (status == ExitCodes.INVALID_RESULTS && reportedVerdict(directory, epoch) != status) {
            err.printf("frontier: the job of epoch %d ended with exit status %d, but root's summary %s does not give"
                    + " that verdict: a rank failed before the job ended (a JVM that could not start, or an"
                    + " unexpected error; the ranks' output is above); frontier resume %s continues the campaign%n",
                    epoch, status, JobSummary.file(directory, epoch), directory.path());
            return ExitCodes.CONTROL_FAILURE;
        }
        if (status == ExitCodes.OK || status == ExitCodes.INVALID_RESULTS || status == ExitCodes.USAGE
                || status == ExitCodes.CONTROL_FAILURE || status == ExitCodes.STOPPED) {
            return status;
        }
        err.printf("frontier: the job of epoch %d ended abnormally (mpirun exit status %d): a rank died or was"
                + " killed; frontier resume %s continues the campaign%n", epoch, status, directory.path());
        return ExitCodes.CONTROL_FAILURE;
    }

    /**
     * The exit code in a summary of the job of {@code epoch} that is not one of {@code earlier},
     * or -1 while root has written none that can be read.
     */
    private static int newVerdict(CampaignDirectory directory, long epoch, Set<Path> earlier) {
        Optional<Path> file = JobSummary.latestOf(directory, epoch).filter(latest -> !earlier.contains(latest));
        if (file.isEmpty()) {
            return -1;
        }
        try {
            return JobSummary.read(file.get()).exitCode();
        } catch (FrontierException e) {
            // Being written still: a later look reads it whole.
            return -1;
        }
    }

    /**
     * The exit code root wrote in the summary of the job of {@code epoch}, or -1 if it wrote none
     * that can be read. Exit status 1 is both the verdict "some worker results were invalid" and
     * what a JVM that cannot start, or a Java program that ends on an uncaught exception, exits
     * with; only the summary, written by root as the job's last act, tells them apart.
     */
    private static int reportedVerdict(CampaignDirectory directory, long epoch) {
        Optional<Path> file = JobSummary.latestOf(directory, epoch);
        if (file.isEmpty()) {
            return -1;
        }
        try {
            return JobSummary.read(file.get()).exitCode();
        } catch (FrontierException e) {
            return -1;
        }
    }

    /**
     * Marks the job of {@code epoch}, whose processes are all gone, ended in its heartbeat, so
     * that {@code frontier resume} need not wait for its silence. A beat that says so already,
     * or a newer job's beat, is left alone; a job fenced off meanwhile cannot beat any more.
     */
    static void markEnded(CampaignDirectory directory, CampaignSettings settings, long epoch, PrintWriter err) {
        try (KeyValueStore kv = OpenCampaign.openStore(directory, settings)) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign(settings.name()));
            JobHeartbeat last = store.heartbeat();
            if (last != null && last.epoch() == epoch && !last.ended()) {
                store.beat(epoch, last.endedAt(System.currentTimeMillis() / 1000.0));
            }
        } catch (RuntimeException e) {
            err.printf("frontier: the job of epoch %d is not marked ended (%s); frontier resume waits until its"
                    + " heartbeat is silent, or takes --force%n", epoch, e.getMessage());
        }
    }

    /** Says which epoch the job runs in and which job it fenced off. */
    static void announce(PrintWriter err, CampaignSettings settings, JobFence.Fenced fenced, int workers) {
        err.printf("frontier: campaign %s, epoch %d: %d coordinators, %d workers; fenced off %s%n", settings.name(),
                fenced.epoch().epoch(), settings.coordinators(), workers, fenced.previous().describe());
    }
}
