package io.frontier.tools.manifest;

import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.HumanFormat;
import io.frontier.tools.JsonOption;
import io.frontier.tools.ProgressLine;
import io.frontier.tools.TextTable;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code frontier manifest verify}: the manifest checked against the store and the public corpus. */
@Command(name = "verify", header = "Check every promoted object and every completion mark against the corpus.",
        description = "For every entry in commit order: each kept child (frontier or finding) marked promoted"
                + " must be in the public corpus with bytes that hash to its name; an entry that ended done must"
                + " have every kept child marked and every frontier child known as work; a redundant child is"
                + " never required in the corpus and must carry no mark; every finding child must have its"
                + " finding record; the parent work must agree with the outcome. Exits 0 when all agree and 70"
                + " when anything is wrong (a corrupt or missing object, a contradicting mark or record)."
                + " Shows progress on a terminal. Safe while a job runs.",
        mixinStandardHelpOptions = true)
public final class ManifestVerifyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        VerifyReport report;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            ObjectDirectory corpus = new ObjectDirectory(open.directory().layout().corpus(), new DurableFiles(new Fsync()));
            report = new ManifestVerifier(open.manifest(), open.findings(), open.store(), corpus,
                    ProgressLine.of(err, json)).run();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, report);
        } else {
            print(out, report);
        }
        return report.clean() ? ExitCodes.OK : ExitCodes.CONTROL_FAILURE;
    }

    private static void print(PrintWriter out, VerifyReport report) {
        out.printf("%d entries (%d done, %d abandoned, %d open); %d promoted objects verified, %d bytes%n",
                report.entries(), report.done(), report.abandoned(), report.open(), report.objectsVerified(),
                report.bytesVerified());
        if (report.clean()) {
            out.println("clean: every promoted object is intact and every mark agrees with its outcome");
        } else {
            out.printf("problems: %d%n", report.problems().size());
            TextTable table = new TextTable("KIND", "ENTRY", "CHILD", "DIGEST", "DETAIL");
            for (VerifyProblem problem : report.problems()) {
                table.row(problem.kind(), problem.entry(), problem.child(),
                        HumanFormat.prefix(problem.digest(), HumanFormat.ID), problem.detail());
            }
            table.print(out);
        }
        out.flush();
    }
}
