package io.frontier.tools.finding;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.view.Findings;
import io.frontier.tools.HumanFormat;
import io.frontier.tools.JsonOption;
import io.frontier.tools.TextTable;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code frontier findings}: the crashing and hanging inputs, grouped by signature. */
@Command(name = "findings", header = "List the inputs that made the target crash or hang, grouped by signature.",
        description = "Each signature (from a sanitizer's stack, the edges reached, or the signal) most likely names"
                + " one bug; under it are the inputs that reached it, with the executor and work that found each."
                + " With --copy-to DIR, copies every input's bytes out of the corpus to DIR/<signature>/<digest>,"
                + " verifying each against its digest as it copies; an input already there is not copied again.",
        mixinStandardHelpOptions = true)
public final class FindingsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--copy-to", paramLabel = "DIR",
            description = "Copy every finding's input to DIR/<signature>/<digest> (DIR is created if missing).")
    Path copyTo;

    @Override
    public Integer call() {
        Findings findings;
        CopyReport copy = null;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            findings = open.findings().list();
            if (copyTo != null) {
                copy = new FindingCopier(open.directory().layout().corpus(), copyTo, new DurableFiles(new Fsync()))
                        .copy(findings.groups());
            }
        }
        FindingListing listing = FindingListing.of(findings, copy);
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, listing);
            return 0;
        }
        print(out, listing);
        PrintWriter err = spec.commandLine().getErr();
        listing.blocked().forEach(blocked -> err.println("blocked: " + blocked.problem()));
        err.flush();
        return 0;
    }

    private static void print(PrintWriter out, FindingListing listing) {
        if (listing.groups().isEmpty()) {
            out.println("no findings");
        } else {
            TextTable table = new TextTable("SIGNATURE", "KIND", "SIGNAL", "INPUT", "EXECUTOR", "WORK", "EPOCH", "FOUND");
            for (FindingListing.Group group : listing.groups()) {
                boolean first = true;
                for (FindingListing.Input input : group.inputs()) {
                    table.row(first ? group.signature() : "", first ? group.kind() : "", first ? group.signal() : "",
                            HumanFormat.prefix(input.input(), HumanFormat.ID), input.executor(),
                            HumanFormat.prefix(input.work(), HumanFormat.ID), input.epoch(), input.foundAt());
                    first = false;
                }
            }
            table.print(out);
            out.printf("%d %s under %d %s%n", listing.count(), listing.count() == 1 ? "finding" : "findings",
                    listing.signatures(), listing.signatures() == 1 ? "signature" : "signatures");
        }
        CopyReport copy = listing.copy();
        if (copy != null) {
            out.printf("copied %d, already there %d, into %s%n", copy.copied(), copy.present(), copy.directory());
        }
        out.flush();
    }
}
