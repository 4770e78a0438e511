package io.frontier.tools.corpus;

import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.fsck.CheckFinding;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import io.frontier.store.corpus.fsck.ReferenceCheck;
import io.frontier.store.corpus.fsck.ReferenceCheckReport;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.JsonOption;
import io.frontier.tools.ProgressLine;
import io.frontier.tools.TextTable;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code frontier corpus fsck}: every object of the public corpus verified against its name, and
 * every object the store requires looked up.
 */
@Command(name = "fsck", header = "Verify the public corpus against its names and against the store.",
        description = "Hashes every file in <campaign>/corpus and lists the bad entries with the expected and the"
                + " actual digest; then reads every work record and manifest entry of the store and looks up each"
                + " object it requires (the input of every item that is pending, leased, committing or done, and"
                + " every promoted child), listing the missing ones with the record that requires them. Exits 70 if"
                + " any object is corrupt (other bytes, not a regular file, unreadable) or missing, or a store record"
                + " cannot be read; 0 otherwise. Temporary files (a publish in progress, or left by a crash) and"
                + " foreign names are listed but are not objects. Only reads, so it is safe while a job runs. Shows"
                + " progress on a terminal.",
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
        ProgressLine progress = ProgressLine.of(spec.commandLine().getErr(), json);
        CorpusCheckReport check;
        ReferenceCheckReport references;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            Path corpus = open.directory().layout().corpus();
            check = new CorpusCheck(corpus).run((entries, bytes) ->
                    progress.update("corpus fsck: " + entries + " entries, " + bytes / MIB + " MiB hashed"));
            long entries = check.entries();
            references = new ReferenceCheck(corpus, open.kv(), open.store().keys(), (records, objects) ->
                    progress.update("corpus fsck: " + entries + " entries hashed; store: " + records
                            + " records read, " + objects + " objects looked up")).run();
        }
        progress.clear();
        long corrupt = check.findings().stream().filter(finding -> Digest.isValid(finding.name())).count()
                + references.count(CheckFinding.Kind.UNREADABLE);
        List<CheckFinding> findings = new ArrayList<>(check.findings());
        findings.addAll(references.findings());
        FsckReport report = new FsckReport(check.directory().toString(), check.entries(), check.objectsVerified(),
                check.bytesHashed(), references.workRecords(), references.manifestEntries(),
                references.objectsRequired(), corrupt, references.missing(),
                references.count(CheckFinding.Kind.UNREADABLE_RECORD), findings);
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, report);
        } else {
            print(out, report);
        }
        return report.failed() ? ExitCodes.CONTROL_FAILURE : ExitCodes.OK;
    }

    private static void print(PrintWriter out, FsckReport report) {
        out.printf("%s: %d entries, %d objects intact, %d bytes hashed%n", report.corpus(), report.entries(),
                report.objectsVerified(), report.bytesHashed());
        out.printf("store: %d work records and %d manifest entries read, %d required objects looked up%n",
                report.workRecords(), report.manifestEntries(), report.objectsRequired());
        if (report.clean()) {
            out.println("clean");
        } else {
            out.printf("findings: %d, of them corrupt objects: %d, missing objects: %d, unreadable records: %d%n",
                    report.findings().size(), report.corrupt(), report.missing(), report.unreadableRecords());
            TextTable table = new TextTable("KIND", "NAME", "EXPECTED", "ACTUAL", "REFERENCED BY", "DETAIL");
            for (CheckFinding finding : report.findings()) {
                table.row(finding.kind(), finding.name(), finding.expected(), finding.actual(), finding.referencedBy(),
                        finding.detail());
            }
            table.print(out);
        }
        out.flush();
    }
}
