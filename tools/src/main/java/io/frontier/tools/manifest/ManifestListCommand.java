package io.frontier.tools.manifest;

import io.frontier.store.view.EntryId;
import io.frontier.store.view.ManifestPage;
import io.frontier.store.view.ManifestView;
import io.frontier.tools.BlockedEntry;
import io.frontier.tools.HumanFormat;
import io.frontier.tools.JsonOption;
import io.frontier.tools.TextTable;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code frontier manifest list}: manifest entries in commit order, a page at a time. */
@Command(name = "list", header = "List manifest entries in commit order.",
        description = "Shows each entry's id, parent work, token, epoch, stage, how its execution ended, its"
                + " children by fate (frontier, redundant, finding), how many of the kept ones (frontier and"
                + " findings) are promoted, and its outcome. Lists at most --limit entries; to go on, pass the last id shown (or `next` of the JSON)"
                + " as --after.",
        mixinStandardHelpOptions = true)
public final class ManifestListCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "100",
            description = "Most entries to list, 1 to " + ManifestView.MAX_PAGE + " (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--after", paramLabel = "ENTRY", description = "List the entries committed after this entry id.")
    String after;

    @Override
    public Integer call() {
        if (limit < 1 || limit > ManifestView.MAX_PAGE) {
            throw new ParameterException(spec.commandLine(), "--limit must be 1 to " + ManifestView.MAX_PAGE);
        }
        EntryId cursor = after == null ? null : EntryId.parse(after);
        ManifestPage page;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            page = open.manifest().list(cursor, limit);
        }
        ManifestListing listing = new ManifestListing(page.records().stream().map(EntrySummary::of).toList(),
                page.blocked().stream().map(BlockedEntry::of).toList(), page.hasNext() ? page.next().hex() : null);
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, listing);
            return 0;
        }
        print(out, listing.entries());
        PrintWriter err = spec.commandLine().getErr();
        listing.blocked().forEach(blocked -> err.println("blocked: " + blocked.problem()));
        if (listing.next() != null) {
            err.printf("more: frontier manifest list %s --after %s%n", campaign, listing.next());
        }
        err.flush();
        return 0;
    }

    private static void print(PrintWriter out, List<EntrySummary> entries) {
        TextTable table = new TextTable("ENTRY", "WORK", "TOKEN", "EPOCH", "STAGE", "EXIT", "FRONTIER", "REDUNDANT",
                "FINDINGS", "PROMOTED", "OUTCOME", "COMMITTED");
        for (EntrySummary entry : entries) {
            table.row(entry.entry(), HumanFormat.prefix(entry.work(), HumanFormat.ID),
                    HumanFormat.prefix(entry.token(), HumanFormat.TOKEN), entry.epoch(), entry.stage(), entry.exitKind(),
                    entry.frontier(), entry.redundant(), entry.findings(), entry.promoted() + "/" + entry.kept(),
                    entry.outcome(), entry.committedAt());
        }
        table.print(out);
    }
}
