package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.coordinator.stop.StopRequest;
import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.Counter;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping a job as an operator does, with real processes and real signals: {@code frontier run}
 * runs in a process and session of its own, as at a terminal, and gets SIGINT or SIGTERM from
 * outside, to itself or to its whole process group (what Ctrl-C and timeout(1) send). The first
 * signal drains the job like a budget and it ends with exit code 75 (stopped, resumable); a second one ends it at once;
 * either way no process of the job is left, and resume finishes every input exactly once.
 */
@Tag("mpi")
class StopSignalsIT {

    private static final int WORKERS = 2;
    private static final Duration JOB = Duration.ofSeconds(180);

    @TempDir
    Path directory;

    @Test
    @Timeout(400)
    void aSigintToTheLauncherDrainsTheJobWhichEndsStoppedAndResumeCarriesOn() throws Exception {
        drainsOn("SIGINT", launcher -> launcher.signal("INT"));
    }

    @Test
    @Timeout(400)
    void aSigtermToTheWholeProcessGroupAsTimeoutSendsItDrainsTheJob() throws Exception {
        drainsOn("SIGTERM", launcher -> launcher.signalGroup("TERM"));
    }

    @Test
    @Timeout(400)
    void frontierStopFromAnotherShellDrainsTheJobAndRefusesOnceItHasEnded() throws Exception {
        drainsOn("frontier stop", launcher -> {
            Invocation stop = frontier("stop", directory.resolve("campaign").toString());
            assertThat(stop.exitCode()).as(stop.err()).isEqualTo(ExitCodes.OK);
            assertThat(stop.out()).contains("stop requested for job").contains("drains");
        });

        Invocation again = frontier("stop", directory.resolve("campaign").toString());
        assertThat(again.exitCode()).as("nothing to stop once the job ended").isEqualTo(ExitCodes.USAGE);
        assertThat(again.err()).contains("has ended already");
    }

    @Test
    @Timeout(400)
    void twoCtrlCsEndTheJobAtOnceAndResumeReplaysItExactlyOnce() throws Exception {
        // Executions long enough that the drain the first Ctrl-C begins cannot end before the second.
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none", "--sleep-ms", "8000"));
        List<Digest> seeds = campaign.addSeeds(6);
        LauncherProcess launcher = LauncherProcess.start(directory,
                campaign.runArguments(1, WORKERS));
        try {
            campaign.await("an execution to be running", JOB, () -> campaign.counts().get(Counter.LEASED) >= 1);

            launcher.signalGroup("INT");
            launcher.awaitErr("press Ctrl-C again", JOB);
            launcher.signalGroup("INT");
            int exitCode = launcher.exitCode(JOB);

            assertThat(exitCode).as(launcher.err()).isEqualTo(ExitCodes.ENDED_AT_ONCE);
            assertThat(launcher.err()).contains("SIGINT again: ending the job of epoch 1 at once")
                    .contains("was ended at once");
            assertThat(LauncherProcess.processesNaming(directory)).as("processes of the job left").isEmpty();
        } finally {
            launcher.kill();
        }

        CampaignHarness.Run resumed = campaign.resume();

        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.OK);
        assertThat(resumed.err()).as("the killed job was marked ended: no wait, no --force").contains("(epoch 1)").contains(": ended");
        ResumeInvariants.assertFinishedExactlyOnce(campaign, seeds, seeds.size());
    }

    /** A stop an operator sends the launcher or its job. */
    @FunctionalInterface
    private interface Stop {
        void send(LauncherProcess launcher) throws Exception;
    }

    /**
     * Starts a job of short executions, sends {@code stop} once one has committed, and checks that
     * the job drained ({@code reason} in its summary), left nothing running or claimed, and that
     * resume then finishes every input exactly once.
     */
    private void drainsOn(String reason, Stop stop) throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "none", "--sleep-ms", "1500"));
        List<Digest> seeds = campaign.addSeeds(16);
        LauncherProcess launcher = LauncherProcess.start(directory,
                campaign.runArguments(1, WORKERS));
        try {
            campaign.await("an execution to commit", JOB, () -> campaign.counts().get(Counter.DONE) >= 1);

            stop.send(launcher);
            int exitCode = launcher.exitCode(JOB);

            assertThat(exitCode).as("stopped, resumable: not quiescent; %s", launcher.err()).isEqualTo(ExitCodes.STOPPED);
            assertThat(LauncherProcess.processesNaming(directory)).as("processes of the job left").isEmpty();
        } finally {
            launcher.kill();
        }
        JsonNode summary = campaign.summary(1);
        assertThat(summary.get("ending").asText()).isEqualTo("COMMITTED");
        assertThat(summary.get("reason").asText()).contains("stopped on request").contains(reason)
                .contains("resume carries on");
        assertThat(summary.get("totals").get("stopRequests").asLong()).isEqualTo(1);
        assertThat(summary.get("totals").get("budgetStops").asLong()).isZero();
        long done = campaign.counts().get(Counter.DONE);
        assertThat(campaign.counts().get(Counter.LEASED) + campaign.counts().get(Counter.COMMITTING))
                .as("running work committed, claimed work given back").isZero();
        assertThat(campaign.counts().get(Counter.PENDING)).isEqualTo(seeds.size() - done);
        assertThat(campaign.stageDirectories()).isEmpty();
        if (!reason.equals("frontier stop")) {
            assertThat(launcher.err()).contains(reason + ": stopping: draining the job of epoch 1")
                    .contains("press Ctrl-C again").contains("drained on " + reason);
        }

        CampaignHarness.Run resumed = campaign.resume();

        assertThat(resumed.exitCode()).as(resumed.err()).isEqualTo(ExitCodes.OK);
        assertThat(campaign.summary(2).get("reason").asText()).as("the old request does not stop the new job")
                .contains("quiescence");
        assertThat(campaign.campaign.resolve(StopRequest.FILE)).exists();
        ResumeInvariants.assertFinishedExactlyOnce(campaign, seeds, seeds.size());
    }

    private record Invocation(int exitCode, String out, String err) {
    }

    private static Invocation frontier(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = FrontierCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new Invocation(exitCode, out.toString(), err.toString());
    }
}
