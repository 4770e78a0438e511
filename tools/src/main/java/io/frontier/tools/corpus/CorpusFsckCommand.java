package io.frontier.tools.corpus;

import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.fsck.CheckFinding;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.JsonOption;
import io.frontier.tools.ProgressLine;
import io.frontier.tools.TextTable;
import io.frontier.tools.campaign.CampaignDirectory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code frontier corpus fsck}: every object of the public corpus verified against its name. */
@Command(name = "fsck", header = "Verify every object of the public corpus against its name.",
        description = "Hashes every file in <campaign>/corpus and lists the bad entries with the expected and the"
                + " actual digest. Exits 70 if any object is corrupt (other bytes, not a regular file, unreadable),"
                + " 0 otherwise; temporary files (a publish in progress, or left by a crash) and foreign names are"
                + " listed but are not objects. Only reads, so it is safe while a job runs. Shows progress on a"
                + " terminal.",
        mixinStandardHelpOptions = true)
public final class CorpusFsckCommand implements Callable<Integer> {

    private static final long MIB = 1024 * 1024;

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Override
    public Integer call() {
        CampaignDirectory directory = new CampaignDirectory(campaign);
        directory.read();
        ProgressLine progress = ProgressLine.of(spec.commandLine().getErr(), json);
        CorpusCheckReport check = new CorpusCheck(directory.layout().corpus())
                .run((entries, bytes) -> progress.update("corpus fsck: " + entries + " entries, " + bytes / MIB + " MiB hashed"));
        progress.clear();
        long corrupt = check.findings().stream().filter(finding -> Digest.isValid(finding.name())).count();
        FsckReport report = new FsckReport(check.directory().toString(), check.entries(), check.objectsVerified(),
                check.bytesHashed(), corrupt, check.findings());
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, report);
        } else {
            print(out, report);
        }
        return corrupt > 0 ? ExitCodes.CONTROL_FAILURE : ExitCodes.OK;
    }

    private static void print(PrintWriter out, FsckReport report) {
        out.printf("%s: %d entries, %d objects intact, %d bytes hashed%n", report.corpus(), report.entries(),
                report.objectsVerified(), report.bytesHashed());
        if (report.clean()) {
            out.println("clean");
        } else {
            out.printf("findings: %d, of them corrupt objects: %d%n", report.findings().size(), report.corrupt());
            TextTable table = new TextTable("KIND", "NAME", "EXPECTED", "ACTUAL", "DETAIL");
            for (CheckFinding finding : report.findings()) {
                table.row(finding.kind(), finding.name(), finding.expected(), finding.actual(), finding.detail());
            }
            table.print(out);
        }
        out.flush();
    }
}
