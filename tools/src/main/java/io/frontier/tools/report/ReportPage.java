package io.frontier.tools.report;

import io.frontier.store.exploration.Tier;
import io.frontier.tools.HumanFormat;
import io.frontier.tools.campaign.Busy;
import io.frontier.tools.status.StatusReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Renders {@link ReportData} as one self-contained HTML page: inline styles, inline SVG plots, no
 * script, nothing fetched. Every value taken from the data is escaped with {@link Html#escape}.
 * The elements a reader or a test looks for carry ids: the plots {@code edges-over-time},
 * {@code executions-over-time}, {@code depth-over-time}, {@code depth-distribution},
 * {@code new-edges-per-executor}, {@code executions-per-executor} and
 * {@code load-per-coordinator}; the tables {@code summary}, {@code executors},
 * {@code executor-series}, {@code load}, {@code findings}, {@code jobs} and {@code workers}.
 */
final class ReportPage {

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:24px 32px;\
            color:#222;background:#fff;max-width:1220px}
            h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 10px;border-bottom:1px solid #ddd;\
            padding-bottom:4px}
            .meta{color:#555;margin:0 0 8px;font-size:13px}
            .plots{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:18px}
            figure{margin:0;border:1px solid #e4e4e4;border-radius:6px;padding:8px}
            figcaption{font-weight:600;font-size:14px;margin:0 0 4px}
            table{border-collapse:collapse;font-size:13px}
            th,td{border-bottom:1px solid #e8e8e8;padding:4px 12px 4px 0;text-align:left;vertical-align:top}
            th{color:#444}td.num{text-align:right;font-variant-numeric:tabular-nums}
            code{font-size:12px}
            svg text{font-size:11px;fill:#333}svg .axis-label{font-size:12px;fill:#444}
            svg .empty{font-size:14px;fill:#888}svg .grid{stroke:#e6e6e6}svg .axis,svg .tick-mark{stroke:#777}
            svg .value{fill:#333}svg .legend{font-size:12px}
            ul.notes{color:#8a4b00;font-size:13px}
            """;

    private ReportPage() {
    }

    static String render(ReportData data) {
        StringBuilder html = new StringBuilder(64 * 1024);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>Frontier report: ").append(Html.escape(data.campaign())).append("</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        html.append("<h1>Campaign ").append(Html.escape(data.campaign())).append("</h1>\n");
        html.append("<p class=\"meta\">").append(Html.escape(data.directory())).append(" · store ")
                .append(Html.escape(data.store())).append(" · epoch ").append(data.epoch()).append(" · read at ")
                .append(Html.escape(data.generatedAt())).append("</p>\n");
        summary(html, data);
        plots(html, data);
        executors(html, data.executors(), data.executorSeries());
        load(html, data.load(), data.summary().executions());
        findings(html, data.findings());
        jobs(html, data.jobs());
        workers(html, data.jobs());
        if (!data.notes().isEmpty()) {
            html.append("<h2>Notes</h2>\n<ul class=\"notes\">\n");
            data.notes().forEach(note -> html.append("<li>").append(Html.escape(note)).append("</li>\n"));
            html.append("</ul>\n");
        }
        return html.append("</body>\n</html>\n").toString();
    }

    private static void summary(StringBuilder html, ReportData data) {
        ReportData.Summary summary = data.summary();
        long jobMillis = data.jobs().stream().mapToLong(ReportData.JobRow::wallMillis).sum();
        html.append("<h2>Summary</h2>\n<table id=\"summary\">\n");
        row(html, "Items pending", summary.states().pending());
        row(html, "Items leased", summary.states().leased());
        row(html, "Items committing", summary.states().committing());
        row(html, "Items done", summary.states().done());
        row(html, "Items abandoned", summary.states().abandoned());
        StatusReport.Tiers tiers = summary.tiers();
        List<Long> pending = List.of(tiers.newCoverage(), tiers.redundant(), tiers.retry(), tiers.repeat());
        for (int tier = Tier.NEW_COVERAGE; tier <= Tier.LOWEST; tier++) {
            row(html, "Pending in tier " + tier + " (" + Tier.name(tier) + ")", pending.get(tier));
        }
        row(html, "Input bytes pending in tiers 1 to 3", tiers.lowerTierBytes());
        row(html, "Exploration", tiers.exploration());
        row(html, "Invalid worker results", summary.invalidResults());
        row(html, "Executions (committed results)", summary.executions());
        row(html, "Manifest entries open / done / abandoned",
                summary.open() + " / " + summary.done() + " / " + summary.abandoned());
        row(html, "Manifest entries unreadable", summary.blocked());
        row(html, "Children generated", summary.childrenGenerated());
        row(html, "Children admitted to the frontier", summary.childrenAdmitted());
        row(html, "Children redundant", summary.childrenRedundant());
        row(html, "Children recorded as findings", summary.childrenFindings());
        row(html, "Outputs left out of the children", summary.leftOut().total() == 0 ? "0"
                : summary.leftOut().total() + ": " + summary.leftOut().describe());
        row(html, "Edges first reached by children", summary.edges());
        row(html, "Findings (inputs / signatures)", summary.findings() + " / " + summary.signatures());
        row(html, "Deepest frontier depth executed", summary.maxDepth());
        row(html, "First commit", summary.firstCommitAt() == null ? "-" : summary.firstCommitAt());
        row(html, "Last commit", summary.lastCommitAt() == null ? "-" : summary.lastCommitAt());
        row(html, "Jobs (summaries) / their wall time", data.jobs().size() + " / " + HumanFormat.seconds(jobMillis / 1000.0));
        html.append("</table>\n");
    }

    private static void plots(StringBuilder html, ReportData data) {
        List<ReportData.TimePoint> points = data.timeline().points();
        html.append("<h2>Over time</h2>\n<div class=\"plots\">\n");
        figure(html, "Edges over time (first reached by committed children, cumulative)",
                Plots.timeLine("edges-over-time", "Edges over time", "edges",
                        points.stream().map(point -> new Plots.Point(point.seconds(), point.edges())).toList()));
        figure(html, "Executions over time (committed results, cumulative)",
                Plots.timeLine("executions-over-time", "Executions over time", "executions",
                        points.stream().map(point -> new Plots.Point(point.seconds(), point.totalExecutions())).toList()));
        figure(html, "Frontier depth over time (deepest executed so far)",
                Plots.timeLine("depth-over-time", "Frontier depth over time", "depth",
                        points.stream().map(point -> new Plots.Point(point.seconds(), point.maxDepth())).toList()));
        figure(html, "Executions by frontier depth (0: seeds)",
                Plots.columns("depth-distribution", "Executions by frontier depth", "depth", "executions",
                        data.depths().stream().map(depth -> new Plots.Point(depth.depth(), depth.executions())).toList()));
        html.append("</div>\n");
        if (data.summary().edges() == 0 && data.summary().executions() > 0) {
            html.append("<p class=\"meta\">No committed child reached an edge first: a campaign that does not")
                    .append(" triage records no coverage, so its edge count stays at 0.</p>\n");
        }
        html.append("<p class=\"meta\">Time buckets of ").append(bucket(data.timeline().bucketMillis()))
                .append(", at most ").append(TimeBuckets.MAX_BUCKETS).append(" points per series.</p>\n");
    }

    /**
     * Per executor kind: the commit decisions' counts with the redundant-child ratio, and the
     * executions and new edges of each bucket of time, plotted and tabled.
     */
    private static void executors(StringBuilder html, StatusReport.Executors executors, ReportData.Series series) {
        html.append("<h2>Executors</h2>\n<table id=\"executors\">\n<tr><th>Executor</th><th>Executions</th>")
                .append("<th>Execution time</th><th>Time share</th><th>Children</th><th>Reached nothing new</th>")
                .append("<th>Known before</th><th>Redundant ratio</th><th>Untriaged</th><th>New edges</th>")
                .append("<th>New edges per second</th></tr>\n");
        List<StatusReport.ExecutorFigures> rows = new ArrayList<>(executors.kinds());
        rows.add(executors.all());
        for (StatusReport.ExecutorFigures kind : rows) {
            html.append("<tr><td>").append(Html.escape(kind.executor())).append("</td>");
            numeric(html, kind.executions());
            numeric(html, HumanFormat.seconds(kind.executionMillis() / 1000.0));
            numeric(html, HumanFormat.inPercent(kind.timePercent()));
            StatusReport.Children children = kind.children();
            numeric(html, children.declared());
            numeric(html, children.reachedNothingNew());
            numeric(html, children.knownBefore());
            numeric(html, HumanFormat.inPercent(children.redundantPercent()));
            numeric(html, children.untriaged());
            numeric(html, kind.newEdges());
            numeric(html, String.format(Locale.ROOT, "%.2f", kind.newEdgesPerSecond()));
            html.append("</tr>\n");
        }
        html.append("</table>\n<p class=\"meta\">Reached nothing new: children whose coverage reached nothing the")
                .append(" campaign's edge map lacked, whatever the exploration mode made of them. Known before: children")
                .append(" that joined the frontier on their own but were copies of known work. The redundant ratio is both")
                .append(" out of every child; without triage (untriaged children) only copies can be told, so it is a")
                .append(" lower bound. Counted by the commit decisions.</p>\n");
        List<ReportData.SeriesPoint> points = series.points();
        html.append("<div class=\"plots\">\n");
        figure(html, "New edges per executor kind (per bucket)", Plots.timeLines("new-edges-per-executor",
                "New edges per executor kind", "new edges", lines(series, ReportData.ExecutorBucket::newEdges)));
        figure(html, "Executions per executor kind (per bucket)", Plots.timeLines("executions-per-executor",
                "Executions per executor kind", "executions", lines(series, ReportData.ExecutorBucket::executions)));
        html.append("</div>\n");
        if (points.isEmpty()) {
            return;
        }
        html.append("<table id=\"executor-series\">\n<tr><th>From</th><th>Since the first commit</th>");
        for (String executor : series.executors()) {
            html.append("<th>").append(Html.escape(executor)).append(" executions</th><th>")
                    .append(Html.escape(executor)).append(" new edges</th>");
        }
        html.append("</tr>\n");
        for (ReportData.SeriesPoint point : points) {
            html.append("<tr><td>").append(Html.escape(point.at())).append("</td>");
            numeric(html, HumanFormat.seconds(point.seconds()));
            for (String executor : series.executors()) {
                ReportData.ExecutorBucket bucket = point.byExecutor().get(executor);
                numeric(html, bucket.executions());
                numeric(html, bucket.newEdges());
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n<p class=\"meta\">Buckets of ").append(bucket(series.bucketMillis()))
                .append(" of campaign time, at most ").append(ExecutorSeries.MAX_BUCKETS).append(".</p>\n");
    }

    /** One line per executor kind of {@code series}: {@code value} of each bucket. */
    private static List<Plots.Line> lines(ReportData.Series series, ToLongFunction<ReportData.ExecutorBucket> value) {
        return series.executors().stream().map(executor -> new Plots.Line(executor, series.points().stream()
                .map(point -> new Plots.Point(point.seconds(), value.applyAsLong(point.byExecutor().get(executor))))
                .toList())).toList();
    }

    private static void load(StringBuilder html, List<ReportData.Load> load, long executions) {
        html.append("<h2>Load per coordinator</h2>\n<div class=\"plots\">\n");
        figure(html, "Executions committed per coordinator", Plots.ranked("load-per-coordinator",
                "Load per coordinator", "executions",
                load.stream().map(owner -> new Plots.Bar(owner.coordinator(), owner.executions())).toList()));
        html.append("<div>\n<table id=\"load\">\n<tr><th>Coordinator</th><th>Executions</th><th>Share</th>")
                .append("<th>Children</th><th>Execution time</th></tr>\n");
        for (ReportData.Load owner : load) {
            html.append("<tr><td>").append(Html.escape(owner.coordinator())).append("</td>");
            numeric(html, owner.executions());
            numeric(html, String.format(Locale.ROOT, "%.1f%%", executions == 0 ? 0.0 : 100.0 * owner.executions() / executions));
            numeric(html, owner.children());
            numeric(html, HumanFormat.seconds(owner.wallMillis() / 1000.0));
            html.append("</tr>\n");
        }
        html.append("</table>\n</div>\n</div>\n");
    }

    private static void findings(StringBuilder html, List<ReportData.FindingRow> findings) {
        html.append("<h2>Findings</h2>\n");
        if (findings.isEmpty()) {
            html.append("<p id=\"no-findings\">No input has made the target crash or hang.</p>\n");
            return;
        }
        html.append("<table id=\"findings\">\n<tr><th>Signature</th><th>Kind</th><th>Signal</th><th>Inputs</th>")
                .append("<th>First found</th><th>First input</th></tr>\n");
        for (ReportData.FindingRow finding : findings) {
            html.append("<tr><td><code>").append(Html.escape(finding.signature())).append("</code></td><td>")
                    .append(Html.escape(finding.kind())).append("</td>");
            numeric(html, finding.signal());
            numeric(html, finding.count());
            html.append("<td>").append(Html.escape(finding.firstFoundAt())).append("</td><td><code title=\"")
                    .append(Html.escape(finding.firstInput())).append("\">")
                    .append(Html.escape(HumanFormat.prefix(finding.firstInput(), 16))).append("</code></td></tr>\n");
        }
        html.append("</table>\n");
    }

    private static void jobs(StringBuilder html, List<ReportData.JobRow> jobs) {
        html.append("<h2>Jobs</h2>\n");
        if (jobs.isEmpty()) {
            html.append("<p id=\"no-jobs\">No job has left a summary in reports/.</p>\n");
            return;
        }
        html.append("<table id=\"jobs\">\n<tr><th>Epoch</th><th>Ending</th><th>Exit</th><th>Wall time</th>")
                .append("<th>Executions</th><th>Children generated</th><th>Invalid results</th><th>Idle time</th>")
                .append("<th>Workers busy</th><th>Reason</th></tr>\n");
        for (ReportData.JobRow job : jobs) {
            html.append("<tr>");
            numeric(html, job.epoch());
            html.append("<td>").append(Html.escape(job.ending())).append("</td>");
            numeric(html, job.exitCode());
            numeric(html, HumanFormat.seconds(job.wallMillis() / 1000.0));
            numeric(html, figure(job, "executions"));
            numeric(html, figure(job, "childrenGenerated"));
            numeric(html, figure(job, "invalidResults"));
            Long idle = job.totals().get("idleMillis");
            numeric(html, idle == null ? "-" : HumanFormat.seconds(idle / 1000.0));
            numeric(html, job.busy() == null ? "-" : HumanFormat.percent(job.busy().overall().busyFraction()));
            html.append("<td>").append(Html.escape(job.reason() == null ? "" : job.reason())).append("</td></tr>\n");
        }
        html.append("</table>\n");
    }

    /** The busy fraction of each worker of the latest job whose summary has them. */
    private static void workers(StringBuilder html, List<ReportData.JobRow> jobs) {
        ReportData.JobRow latest = null;
        for (ReportData.JobRow job : jobs) {
            if (job.busy() != null && (latest == null || job.epoch() > latest.epoch())) {
                latest = job;
            }
        }
        if (latest == null) {
            return;
        }
        html.append("<h2>Workers of the job of epoch ").append(latest.epoch()).append("</h2>\n<table id=\"workers\">\n")
                .append("<tr><th>Worker rank</th><th>Execution time</th><th>Wall time at work</th><th>Busy</th>")
                .append("<th>Triage time</th><th>Triage</th></tr>\n");
        for (Map.Entry<Integer, Busy> worker : latest.busy().workers().entrySet()) {
            busyRow(html, String.valueOf(worker.getKey()), worker.getValue());
        }
        busyRow(html, "all", latest.busy().overall());
        html.append("</table>\n<p class=\"meta\">Busy: the target's run time over the worker's wall time from its")
                .append(" first assignment to its shutdown. Triage probes run beside the next execution and are")
                .append(" counted apart.</p>\n");
    }

    private static void busyRow(StringBuilder html, String worker, Busy busy) {
        html.append("<tr><td>").append(Html.escape(worker)).append("</td>");
        numeric(html, HumanFormat.seconds(busy.executionMillis() / 1000.0));
        numeric(html, HumanFormat.seconds(busy.wallMillis() / 1000.0));
        numeric(html, HumanFormat.percent(busy.busyFraction()));
        numeric(html, HumanFormat.seconds(busy.triageMillis() / 1000.0));
        numeric(html, HumanFormat.percent(busy.triageFraction()));
        html.append("</tr>\n");
    }

    private static Object figure(ReportData.JobRow job, String name) {
        Long value = job.totals().get(name);
        return value == null ? "-" : value;
    }

    private static void figure(StringBuilder html, String caption, String svg) {
        html.append("<figure>\n<figcaption>").append(Html.escape(caption)).append("</figcaption>\n").append(svg)
                .append("\n</figure>\n");
    }

    private static void row(StringBuilder html, String label, Object value) {
        html.append("<tr><th>").append(Html.escape(label)).append("</th>");
        numeric(html, value);
        html.append("</tr>\n");
    }

    private static void numeric(StringBuilder html, Object value) {
        html.append("<td class=\"num\">").append(Html.escape(value)).append("</td>");
    }

    /** A bucket width in the unit that reads best. */
    private static String bucket(long millis) {
        if (millis < 1000) {
            return millis + " ms";
        }
        return HumanFormat.seconds(millis / 1000.0);
    }
}
