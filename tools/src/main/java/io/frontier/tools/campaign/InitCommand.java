package io.frontier.tools.campaign;

import io.frontier.store.corpus.seed.SeedSurvey;
import io.frontier.store.record.EpochRecord;
import io.frontier.worker.triage.PersistentBuild;
import io.frontier.worker.triage.TriageConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code frontier init}: creates a campaign without starting a job, so that its settings are
 * checked, and can be inspected, before any rank runs.
 */
@Command(name = "init", header = "Create a campaign: its directory, settings, corpus and store.",
        description = "Checks everything first and writes nothing unless all is well: the seed directory exists"
                + " and holds at least one seed (a regular file, or a symbolic link to one; other entries are listed on"
                + " standard error),"
                + " the executor file (and the triage file, if given) decodes strictly and its program is executable here,"
                + " the store URL is usable"
                + " and its store holds no campaign of this name, and the directory holds no campaign yet."
                + " The campaign is named after its directory. Start jobs with `frontier run CAMPAIGN`.",
        mixinStandardHelpOptions = true)
public final class InitCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory to create (on the shared filesystem).")
    Path campaign;

    @Option(names = "--seeds", paramLabel = "DIR", required = true,
            description = "The directory whose files are the campaign's seeds; root rescans it during every job.")
    Path seeds;

    @Option(names = "--executor", paramLabel = "FILE", required = true,
            description = "A JSON file describing the executor (\"type\": \"symcc\", \"afl\" or \"command\"). Repeat it"
                    + " for a hybrid campaign: every worker holds every executor, seeds run on the first, and an input"
                    + " found by one kind runs on the first other kind.")
    List<Path> executors;

    @Mixin
    CreationOptions options;

    @Override
    public Integer call() {
        options.validate(spec);
        CampaignDirectory directory = new CampaignDirectory(campaign);
        CampaignSettings settings = CampaignCreation.create(directory, seeds, executors, options);
        EpochRecord epoch = CampaignCreation.initialiseStore(directory, settings, options, JobName.forInit(),
                System.currentTimeMillis() / 1000.0);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("created campaign %s in %s%n", settings.name(), directory.path());
        out.printf("  id            %s%n", settings.id());
        out.printf("  store         %s (epoch %d)%n", settings.store(), epoch.epoch());
        out.printf("  seeds         %s%n", settings.seeds());
        out.printf("  coordinators  %d per job; lease %d ms; execution time limit %d ms%n", settings.coordinators(),
                settings.leaseMillis(), settings.worker().timeLimitMillis());
        out.printf("  triage        %s%n", settings.worker().triageConfig().map(InitCommand::triage)
                .orElse("none (children are not triaged)"));
        out.printf("  pruning map   %s%n", options.pruning().shared()
                ? "shared: every SymCC run starts from the union of the campaign's earlier runs' maps"
                : "one per worker");
        out.printf("next: frontier run %s --workers N%n", directory.path());
        out.flush();
        SeedCheck.report(SeedSurvey.of(Path.of(settings.seeds())), spec.commandLine().getErr());
        return 0;
    }

    /** The triage line: the command, and whether the build runs many children per process. */
    private static String triage(TriageConfig triage) {
        String command = triage.program() + " " + String.join(" ", triage.arguments());
        return PersistentBuild.of(Path.of(triage.program()))
                ? command + " (persistent loop: many children per process)"
                : command + " (forks once per child; a build with __AFL_LOOP triages faster, see docs/guide/triage.md)";
    }
}
