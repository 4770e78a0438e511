package io.frontier.tools.report;

import io.frontier.store.campaign.Counts;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.view.EntryId;
import io.frontier.store.view.ExecutorTallies;
import io.frontier.store.view.FindingGroup;
import io.frontier.store.view.Findings;
import io.frontier.store.view.ManifestPage;
import io.frontier.store.view.ManifestView;
import io.frontier.tools.HumanFormat;
import io.frontier.tools.campaign.JobSummary;
import io.frontier.tools.campaign.OpenCampaign;
import io.frontier.tools.status.StatusReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Reads a campaign into {@link ReportData}: the counters and epoch, the whole manifest page by
 * page through a {@link ManifestAggregator}, the executor counts, the findings, and every job
 * summary. Reads only.
 */
final class ReportReader {

    /** Manifest entries per snapshot. */
    static final int PAGE = ManifestView.MAX_PAGE;

    private ReportReader() {
    }

    /** The report of {@code open}, to be written to {@code page}, read at {@code nowSeconds}. */
    static ReportData read(OpenCampaign open, Path page, double nowSeconds) {
        long epoch = open.store().epoch().epoch();
        Counts counts = open.store().counts();
        List<String> notes = new ArrayList<>();
        ManifestAggregator manifest = new ManifestAggregator();
        ManifestView view = open.manifest();
        EntryId after = null;
        do {
            ManifestPage entries = view.list(after, PAGE);
            manifest.blocked(entries.blocked().size());
            entries.blocked().forEach(blocked -> notes.add("manifest entry left out, it cannot be read: "
                    + blocked.problem().getMessage()));
            entries.records().forEach(manifest::add);
            after = entries.next();
        } while (after != null);
        Findings findings = open.findings().list();
        findings.blocked().forEach(blocked -> notes.add("finding left out, it cannot be read: "
                + blocked.problem().getMessage()));
        List<ReportData.JobRow> jobs = jobs(open, notes);
        ExecutorTallies tallies = open.executorTallies().read();
        tallies.blocked().forEach(blocked -> notes.add("executor count left out, it cannot be read: "
                + blocked.problem().getMessage()));
        StatusReport.States states = new StatusReport.States(counts.get(Counter.PENDING), counts.get(Counter.LEASED),
                counts.get(Counter.COMMITTING), counts.get(Counter.DONE), counts.get(Counter.ABANDONED));
        ReportData.Summary summary = new ReportData.Summary(states, StatusReport.Tiers.of(counts,
                open.store().exploration()), counts.get(Counter.INVALID), manifest.executions(),
                manifest.open(), manifest.done(), manifest.abandoned(), manifest.blocked(),
                manifest.childrenGenerated(), manifest.childrenAdmitted(), manifest.childrenRedundant(),
                manifest.childrenFindings(), StatusReport.LeftOut.of(counts), manifest.edges(), findings.count(), findings.groups().size(),
                counts.get(Counter.FINDINGS), manifest.maxDepth(), manifest.firstCommitAt(), manifest.lastCommitAt());
        return new ReportData(open.settings().name(), open.directory().path().toString(), open.settings().store(),
                page.toString(), HumanFormat.instant(nowSeconds), epoch, summary, manifest.timeline(),
                manifest.depths(), manifest.load(), StatusReport.Executors.of(tallies), manifest.executorSeries(),
                findings.groups().stream().map(ReportReader::row).toList(), jobs, notes);
    }

    private static ReportData.FindingRow row(FindingGroup group) {
        return new ReportData.FindingRow(group.signature(), group.kind().wireName(), group.signal(), group.count(),
                HumanFormat.instant(group.firstFoundAt()), group.inputs().get(0).input().hex());
    }

    /** Every job summary that can be read; one that cannot becomes a note. */
    private static List<ReportData.JobRow> jobs(OpenCampaign open, List<String> notes) {
        List<ReportData.JobRow> jobs = new ArrayList<>();
        for (Path file : JobSummary.all(open.directory())) {
            try {
                JobSummary summary = JobSummary.read(file);
                jobs.add(new ReportData.JobRow(summary.epoch(), summary.ending(), summary.exitCode(), summary.reason(),
                        summary.wallMillis(), new TreeMap<>(summary.totals()), summary.busy()));
            } catch (FrontierException e) {
                notes.add(e.getMessage());
            }
        }
        return jobs;
    }
}
