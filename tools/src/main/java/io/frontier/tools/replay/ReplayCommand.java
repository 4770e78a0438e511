package io.frontier.tools.replay;

import io.frontier.coordinator.commit.Checkpoints;
import io.frontier.coordinator.commit.EntryFinisher;
import io.frontier.coordinator.control.ControlFailure;
import io.frontier.coordinator.replay.JanitorReport;
import io.frontier.coordinator.replay.Replay;
import io.frontier.coordinator.replay.ReplayReport;
import io.frontier.coordinator.replay.StageJanitor;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.EpochRecord;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.JsonOption;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.JobName;
import io.frontier.tools.campaign.JobSummary;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code frontier replay}: the replay a job runs at its start, without the job. */
@Command(name = "replay", header = "Finish the commits that jobs of earlier epochs left open, without running a job.",
        description = "Does what every job does before it dispatches anything, and nothing else: each committing"
                + " entry of an epoch before the current one is completed from the manifest (intact staged children"
                + " promoted and marked, the work done, new children enqueued) or, where staged bytes are gone or"
                + " corrupt, abandoned with the reason and its work requeued; then stage trees of earlier epochs that"
                + " nothing references are removed. The epoch is not moved, so entries of the current epoch are left"
                + " to `frontier resume`, which fences the current job first. Refuses while the current epoch's job"
                + " may still be running (it has left no summary in reports/) unless --force. Exits 70 if replay met"
                + " a corrupt object or an unreadable entry; those stay committing for an operator.",
        mixinStandardHelpOptions = true)
public final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--force",
            description = "Replay although the current epoch's job left no summary: you have made sure none of its"
                    + " processes is alive.")
    boolean force;

    @Override
    public Integer call() {
        ReplayOutput output;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            EpochRecord epoch = open.store().epoch();
            refuseWhileJobMayRun(open.directory(), epoch);
            CorpusLayout layout = open.directory().layout();
            DurableFiles files = new DurableFiles(new Fsync());
            Replay replay = new Replay(open.store(), new EntryFinisher(open.store(), layout, files, Checkpoints.NONE));
            ReplayReport report = replay.run(epoch.epoch(), work -> true, System.currentTimeMillis() / 1000.0);
            JanitorReport sweep = new StageJanitor(open.store(), layout, files).sweepUpTo(epoch.epoch() - 1);
            output = output(epoch.epoch(), report, sweep);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, output);
        } else {
            print(out, output);
        }
        if (!output.controlFailures().isEmpty()) {
            return ExitCodes.CONTROL_FAILURE;
        }
        if (output.fenced()) {
            throw new FrontierException("a newer job moved the epoch while replay ran; that job replays the rest")
                    .with("epoch", output.epoch()).with("campaign", campaign.toAbsolutePath().normalize());
        }
        return ExitCodes.OK;
    }

    /**
     * Refuses unless no process of the current epoch's job can be alive: it left its summary as it
     * ended, or the epoch was set by {@code frontier init}, which runs no job.
     */
    private void refuseWhileJobMayRun(CampaignDirectory directory, EpochRecord epoch) {
        Path summary = JobSummary.file(directory, epoch.epoch());
        if (force || JobName.isInit(epoch.job()) || Files.isRegularFile(summary)) {
            return;
        }
        throw new FrontierException("the current epoch's job may still be running: it has left no summary;"
                + " make sure it is gone and pass --force, or fence it with `frontier resume`")
                .with("epoch", epoch.epoch()).with("job", epoch.job()).with("summary", summary);
    }

    private static ReplayOutput output(long epoch, ReplayReport report, JanitorReport sweep) {
        List<ReplayOutput.Completed> completed = report.completed().stream()
                .map(done -> new ReplayOutput.Completed(done.work().hex(), done.result().hex(), done.promoted().size(),
                        done.alreadyPresent().size(), done.enqueued().size()))
                .toList();
        List<ReplayOutput.Abandoned> abandoned = report.abandoned().stream()
                .map(lost -> new ReplayOutput.Abandoned(lost.work().hex(), lost.result().hex(), lost.reason(),
                        lost.forGood()))
                .toList();
        // The stopping failure is also the first blocked entry when there are any; list each once.
        LinkedHashSet<String> failures = new LinkedHashSet<>();
        if (report.controlFailure() != null) {
            failures.add(report.controlFailure().toString());
        }
        report.blocked().stream().map(ControlFailure::toString).forEach(failures::add);
        return new ReplayOutput(epoch, completed, abandoned, report.leftToCurrentEpoch(), new ArrayList<>(failures),
                report.fenced(), new ReplayOutput.Sweep(sweep.removed(), sweep.kept(), sweep.failures(), sweep.skipped()));
    }

    private static void print(PrintWriter out, ReplayOutput output) {
        out.printf("replay in epoch %d: %d entries completed, %d abandoned%n", output.epoch(), output.completed().size(),
                output.abandoned().size());
        for (ReplayOutput.Completed done : output.completed()) {
            out.printf("  done       %s  result %s: %d promoted, %d already present, %d enqueued%n", done.work(),
                    done.result(), done.promoted(), done.alreadyPresent(), done.enqueued());
        }
        for (ReplayOutput.Abandoned lost : output.abandoned()) {
            out.printf("  abandoned  %s  result %s%s: %s%n", lost.work(), lost.result(),
                    lost.forGood() ? " (given up for good)" : " (requeued)", lost.reason());
        }
        for (String failure : output.controlFailures()) {
            out.printf("  CONTROL FAILURE  %s%n", failure);
        }
        if (output.leftToCurrentEpoch() > 0) {
            out.printf("%d committing entries belong to the current epoch %d: `frontier resume` fences its job and"
                    + " replays them%n", output.leftToCurrentEpoch(), output.epoch());
        }
        ReplayOutput.Sweep sweep = output.sweep();
        if (sweep.skipped() != null) {
            out.printf("stage sweep skipped: %s%n", sweep.skipped());
        } else {
            out.printf("stage trees removed for epochs %s, kept for %s%n", sweep.removed(), sweep.kept());
        }
        sweep.failures().forEach(failure -> out.printf("  not removed: %s%n", failure));
        out.flush();
    }
}
