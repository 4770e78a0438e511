package io.frontier.tools.report;

import io.frontier.store.error.IoReason;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.fs.PendingFile;
import io.frontier.store.error.FrontierException;
import io.frontier.tools.JsonOption;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code frontier report}: one HTML page that shows how a campaign went. */
@Command(name = "report", header = "Write a campaign's report: one self-contained HTML page with plots and tables.",
        description = "Plots edges, executions and frontier depth over time, executions and new edges per executor"
                + " kind over time, executions by depth and per coordinator, and lists the summary figures (pending"
                + " items per tier among them), the redundant-child ratio per executor kind, the findings by signature"
                + " and every job's summary with its workers' busy fractions."
                + " Reads the whole manifest page by page (snapshot reads, safe while a job runs). The page needs no"
                + " network and no script. Prints the path written; with --json, the figures the page was drawn from.",
        mixinStandardHelpOptions = true)
public final class ReportCommand implements Callable<Integer> {

    /** The page's name under the campaign's {@code reports/} when no --output is given. */
    static final String DEFAULT_NAME = "report.html";

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--output", paramLabel = "FILE",
            description = "Where to write the page (default: CAMPAIGN/reports/" + DEFAULT_NAME + ").")
    Path output;

    @Override
    public Integer call() {
        ReportData data;
        Path page;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            page = (output == null ? open.directory().reports().resolve(DEFAULT_NAME) : output).toAbsolutePath()
                    .normalize();
            data = ReportReader.read(open, page, System.currentTimeMillis() / 1000.0);
        }
        write(page, ReportPage.render(data));
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, data);
        } else {
            out.println(page);
            out.flush();
            PrintWriter err = spec.commandLine().getErr();
            data.notes().forEach(note -> err.println("note: " + note));
            err.flush();
        }
        return 0;
    }

    /**
     * Writes {@code html} to {@code page} through a temporary file in the same directory, fsynced
     * and renamed over the old page, so a reader sees the old page or the new one, never a part.
     */
    private static void write(Path page, String html) {
        Path directory = page.getParent();
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new FrontierException("report directory cannot be created", e).with("directory", directory)
                    .with("error", IoReason.of(e));
        }
        try (PendingFile pending = new DurableFiles(new Fsync()).create(directory)) {
            pending.write(ByteBuffer.wrap(html.getBytes(StandardCharsets.UTF_8)));
            pending.publishAs(page.getFileName().toString());
        }
    }
}
