package io.frontier.tools.campaign;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.SettingsChange;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.JsonOption;
import io.frontier.tools.campaign.SettingsChangeReport.Outcome;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code frontier campaign set}: changes the settings of an existing campaign between jobs.
 *
 * <p>Contract: either every requested change is checked, recorded in the store as the next
 * {@link SettingsChange} and written into {@code campaign.json} atomically, or nothing changes
 * and the command exits 2 saying why. Refused while the campaign's job may still be running:
 * every rank reads {@code campaign.json} when it starts, and the ranks of one job must run
 * under the same settings. The changes apply from the next job.
 */
@Command(name = "set", header = "Change an existing campaign's settings between jobs.",
        description = "Offers the changes that keep a campaign's results comparable: a new seed directory"
                + " (--seeds; what was admitted stays, the new directory's files are admitted when the next job"
                + " starts), a rebuilt target at a new path (--executor with a file of a kind the campaign has),"
                + " a new triage program (--triage), a longer execution time limit (--time-limit), or the note that"
                + " a program was rebuilt in place (--rebuilt). Each change is recorded in the campaign's store"
                + " (with the SHA-256 of every program it names) and then written into campaign.json with an atomic,"
                + " durable rename. Refused while a job may be running (its heartbeat is younger than three"
                + " intervals): stop it or wait. Worker counts are job options (frontier run/resume --workers);"
                + " coordinators, buckets, max attempts, the store and executor kinds are fixed at creation.",
        mixinStandardHelpOptions = true)
public final class CampaignSetCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--seeds", paramLabel = "DIR",
            description = "Root scans this directory instead, from the next job on; seeds already admitted stay.")
    Path seeds;

    @Option(names = "--executor", paramLabel = "FILE",
            description = "Replaces the campaign's executor of this file's type (symcc, afl or command); repeatable.")
    List<Path> executors;

    @Option(names = "--triage", paramLabel = "FILE",
            description = "Replaces the triage program (only for a campaign created with --triage).")
    Path triage;

    @Option(names = "--time-limit", paramLabel = "MS",
            description = "Milliseconds one execution may take; only longer than now.")
    Long timeLimitMillis;

    @Option(names = "--rebuilt", paramLabel = "KIND",
            description = "The program of the executor of this kind, or `triage`, was rebuilt at the same path:"
                    + " record its new SHA-256. Repeatable.")
    List<String> rebuilt;

    @Option(names = "--workers", paramLabel = "N", description = "Refused: a job option; pass it to run or resume.")
    String workers;

    @Option(names = "--coordinators", paramLabel = "M", description = "Refused: fixed when the campaign is created.")
    String coordinators;

    @Option(names = "--buckets", paramLabel = "N", description = "Refused: fixed in the store when the campaign is created.")
    String buckets;

    @Option(names = "--max-attempts", paramLabel = "N",
            description = "Refused: fixed in the store when the campaign is created.")
    String maxAttempts;

    @Option(names = "--store", paramLabel = "URL", description = "Refused: the campaign's data lives in its store.")
    String store;

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        refuseFixed();
        if (seeds == null && executors == null && triage == null && timeLimitMillis == null && rebuilt == null) {
            throw new ParameterException(spec.commandLine(),
                    "nothing to change: give --seeds, --executor, --triage, --time-limit or --rebuilt");
        }
        CampaignDirectory directory = new CampaignDirectory(campaign);
        SettingsEdit edit = new SettingsEdit(directory.read());
        if (seeds != null) {
            edit.seeds(seeds);
        }
        if (executors != null) {
            executors.forEach(edit::executor);
        }
        if (triage != null) {
            edit.triage(triage);
        }
        if (timeLimitMillis != null) {
            edit.timeLimit(timeLimitMillis);
        }
        if (rebuilt != null) {
            rebuilt.forEach(edit::rebuilt);
        }
        SettingsChangeReport report = edit.changes().isEmpty()
                ? new SettingsChangeReport(edit.settings().name(), Outcome.UNCHANGED, 0, 0, List.of())
                : apply(directory, edit);
        print(report);
        return ExitCodes.OK;
    }

    /** Records the change in the store while no job runs, then writes the new campaign.json. */
    private SettingsChangeReport apply(CampaignDirectory directory, SettingsEdit edit) {
        byte[] encoded = directory.encode(edit.settings());
        String digest = ContentHasher.hash(encoded).digest().hex();
        double now = System.currentTimeMillis() / 1000.0;
        SettingsChange change;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            EpochRecord epoch = BetweenJobs.require(open.store(), "settings change", now);
            change = open.store().recordSettingsChange(epoch.epoch(), edit.changes(), digest, now);
        }
        try {
            directory.replace(encoded);
        } catch (FrontierException e) {
            throw new FrontierException("the store records settings change " + change.sequence() + " but "
                    + CampaignDirectory.SETTINGS + " could not be replaced: run the same command again", e)
                    .with("file", directory.settingsFile()).with("problem", e.getMessage());
        }
        return new SettingsChangeReport(edit.settings().name(), Outcome.CHANGED, change.sequence(), change.epoch(),
                change.changes());
    }

    private void refuseFixed() {
        if (workers != null) {
            throw SettingsEdit.refuse("--workers", "it is a job option, not a setting: pass it to frontier run or"
                    + " frontier resume");
        }
        if (coordinators != null) {
            throw SettingsEdit.refuse("--coordinators", "every job of a campaign has the number of coordinators it"
                    + " was created with, and run and resume check it");
        }
        if (buckets != null) {
            throw SettingsEdit.refuse("--buckets", "pending work is indexed by bucket in the store, whose"
                    + " configuration holds the number of buckets and is written once");
        }
        if (maxAttempts != null) {
            throw SettingsEdit.refuse("--max-attempts", "the store's configuration holds it, written once, and"
                    + " items already abandoned were counted against it");
        }
        if (store != null) {
            throw SettingsEdit.refuse("--store", "the campaign's work, manifest and findings live in its store;"
                    + " to move an embedded store, move the campaign directory with it");
        }
    }

    private void print(SettingsChangeReport report) {
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, report);
            return;
        }
        if (report.outcome() == Outcome.UNCHANGED) {
            out.printf("campaign %s: nothing changed (the settings already say so)%n", report.campaign());
        } else {
            out.printf("campaign %s: settings change %d recorded in epoch %d; it applies from the next job%n",
                    report.campaign(), report.sequence(), report.epoch());
            report.changes().forEach(line -> out.printf("  %s%n", line));
        }
        out.flush();
    }
}
