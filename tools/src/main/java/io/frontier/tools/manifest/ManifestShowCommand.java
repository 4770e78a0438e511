package io.frontier.tools.manifest;

import io.frontier.store.view.ManifestRecord;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.LeftOut;
import io.frontier.tools.JsonOption;
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

/** {@code frontier manifest show}: one entry with all its children, their fates and completion marks. */
@Command(name = "show", header = "Show one manifest entry: its children, their fates and completion marks.",
        description = "ENTRY is an entry id as `manifest list` shows it (24 hexadecimal characters) or the result"
                + " id the entry recorded (32, the name of its stage directory). Each child shows its fate"
                + " (frontier: promoted and queued; redundant: reached nothing new, neither promoted nor queued;"
                + " finding: crashed or hung the target, promoted, not queued) and the edges it reached first.",
        mixinStandardHelpOptions = true)
public final class ManifestShowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Parameters(index = "1", paramLabel = "ENTRY", description = "The entry id or the result id.")
    String entry;

    @Override
    public Integer call() {
        EntryDetail detail;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            ManifestRecord record = EntryArgument.find(open.manifest(), entry, campaign);
            detail = EntryDetail.of(record, open.store().work(record.entry().work()));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, detail);
        } else {
            print(out, detail);
        }
        return 0;
    }

    private static void print(PrintWriter out, EntryDetail detail) {
        EntrySummary summary = detail.summary();
        out.printf("entry      %s%n", summary.entry());
        out.printf("result     %s%n", summary.result());
        out.printf("work       %s (%s now)%n", summary.work(), detail.workState());
        out.printf("token      %s%n", summary.token());
        out.printf("committed  %s by %s in epoch %d%n", summary.committedAt(), summary.owner(), summary.epoch());
        out.printf("stage      %s%n", summary.stage());
        Execution execution = detail.execution();
        out.printf("execution  %s, %s %d, %d ms%s%n", execution.exitKind(), execution.signaled() ? "signal" : "exit",
                execution.status(), execution.wallMillis(), execution.timedOut() ? ", timed out" : "");
        EntryDetail.OutcomeDetail outcome = detail.outcome();
        if (outcome == null) {
            out.println("outcome    open");
        } else {
            out.printf("outcome    %s at %s in epoch %d, %d children enqueued%s%n", outcome.outcome(), outcome.at(),
                    outcome.epoch(), outcome.enqueued(), outcome.reason() == null ? "" : ": " + outcome.reason());
        }
        out.printf("children   %d: %d frontier, %d redundant, %d finding%s; %d of %d kept promoted; %d new edges%n",
                summary.children(), summary.frontier(), summary.redundant(), summary.findings(),
                summary.findings() == 1 ? "" : "s", summary.promoted(), summary.kept(),
                detail.children().stream().mapToLong(EntryDetail.ChildDetail::newEdges).sum());
        LeftOut leftOut = detail.leftOut();
        if (leftOut.total() > 0) {
            out.printf("left out   %d outputs: %d symbolic links (not followed), %d special files, %d over the limit%n",
                    leftOut.total(), leftOut.links(), leftOut.special(), leftOut.overLimit());
        }
        if (!detail.children().isEmpty()) {
            TextTable table = new TextTable("  #", "DIGEST", "SIZE", "FATE", "NEW EDGES", "PROMOTED");
            for (EntryDetail.ChildDetail child : detail.children()) {
                table.row("  " + child.index(), child.digest(), child.size(), child.fate().wireName(), child.newEdges(),
                        promotedCell(child));
            }
            table.print(out);
        }
        out.flush();
    }

    /** "yes" or "no"; "-" for a child that is never promoted (redundant) and has no mark. */
    private static String promotedCell(EntryDetail.ChildDetail child) {
        if (child.promoted()) {
            return "yes";
        }
        return child.fate().kept() ? "no" : "-";
    }
}
