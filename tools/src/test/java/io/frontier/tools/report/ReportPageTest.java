package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.tools.campaign.WorkersBusy;
import io.frontier.tools.status.StatusReport;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class ReportPageTest {

    static final String HOSTILE = "<script>alert('x')</script>&\"";
    static final List<String> PLOTS = List.of("edges-over-time", "executions-over-time", "depth-over-time",
            "depth-distribution", "new-edges-per-executor", "executions-per-executor", "load-per-coordinator");

    static ReportData data(String campaign, String owner, List<ReportData.TimePoint> points,
                           List<ReportData.FindingRow> findings, List<ReportData.JobRow> jobs, List<String> notes) {
        return data(campaign, owner, "symcc", points, findings, jobs, notes);
    }

    /** A campaign whose executors are {@code afl} and {@code other}, committed at {@code points} unless none. */
    static ReportData data(String campaign, String owner, String other, List<ReportData.TimePoint> points,
                           List<ReportData.FindingRow> findings, List<ReportData.JobRow> jobs, List<String> notes) {
        ReportData.Summary summary = new ReportData.Summary(new StatusReport.States(1, 2, 3, 40, 5),
                new StatusReport.Tiers("tiers", 5, 4, 2, 1, 1234), 6, 45, 3, 40, 2, 0,
                90, 80, 7, 3, new StatusReport.LeftOut(2, 0, 0), 1234, 4, 2, 4, 3, "2027-01-15T08:00:00Z",
                "2027-01-15T08:01:00Z");
        StatusReport.ExecutorFigures afl = new StatusReport.ExecutorFigures("afl", 30, 450_000, 1000,
                new StatusReport.Children(60, 12, 3, 0, 25.0), 93.75, 2.22);
        StatusReport.ExecutorFigures symcc = new StatusReport.ExecutorFigures(other, 15, 30_000, 234,
                new StatusReport.Children(30, 0, 3, 30, 10.0), 6.25, 7.8);
        StatusReport.Executors executors = points.isEmpty()
                ? new StatusReport.Executors(List.of(), new StatusReport.ExecutorFigures("all", 0, 0, 0,
                        new StatusReport.Children(0, 0, 0, 0, null), 0, 0))
                : new StatusReport.Executors(List.of(afl, symcc), new StatusReport.ExecutorFigures("all", 45, 480_000, 1234,
                        new StatusReport.Children(90, 12, 6, 30, 20.0), 100, 2.57));
        List<ReportData.SeriesPoint> series = new ArrayList<>();
        for (int i = 0; i < points.size(); i += 3) {
            series.add(new ReportData.SeriesPoint(points.get(i).at(), i * 5.0, Map.of(
                    "afl", new ReportData.ExecutorBucket(10, 100 + i), other, new ReportData.ExecutorBucket(5, 20 + i))));
        }
        return new ReportData(campaign, "/camp/" + campaign, "sqlite:/camp/store.db", "/camp/reports/report.html",
                "2027-01-15T09:00:00Z", 2, summary, new ReportData.Timeline(128, points),
                points.isEmpty() ? List.of() : List.of(new ReportData.DepthCount(0, 3), new ReportData.DepthCount(1, 42)),
                points.isEmpty() ? List.of() : List.of(new ReportData.Load(owner, 30, 60, 1500),
                        new ReportData.Load("epoch-2/rank-1", 15, 30, 700)),
                executors, new ReportData.Series(15_000, points.isEmpty() ? List.of() : List.of("afl", other), series),
                findings, jobs, notes);
    }

    /** Workers 2 and 3: 9 of 10 s and 6 of 10 s running the target, 0.5 s of triage on worker 2. */
    static WorkersBusy busy() {
        return WorkersBusy.of(Map.of(
                2, Map.of("executionMillis", 9_000L, "triageMillis", 500L, "wallMillis", 10_000L),
                3, Map.of("executionMillis", 6_000L, "triageMillis", 0L, "wallMillis", 10_000L)));
    }

    static List<ReportData.TimePoint> points() {
        List<ReportData.TimePoint> points = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            points.add(new ReportData.TimePoint("2027-01-15T08:00:0" + i + "Z", i * 6.0, 4, 4L * (i + 1), 10,
                    10L * (i + 1), i / 3));
        }
        return points;
    }

    /** Every {@code <svg>} element of the page, parsed as XML: escaping mistakes fail the parse. */
    static List<Document> svgs(String html) throws Exception {
        List<Document> documents = new ArrayList<>();
        Matcher matcher = Pattern.compile("<svg .*?</svg>", Pattern.DOTALL).matcher(html);
        while (matcher.find()) {
            documents.add(DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new InputSource(new StringReader(matcher.group()))));
        }
        return documents;
    }

    /** The text of every {@code <text>} of {@code svg} with class {@code type}. */
    static List<String> texts(Document svg, String type) {
        List<String> texts = new ArrayList<>();
        NodeList nodes = svg.getElementsByTagName("text");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element text = (Element) nodes.item(i);
            if (text.getAttribute("class").equals(type)) {
                texts.add(text.getTextContent());
            }
        }
        return texts;
    }

    @Test
    void thePageHasEveryPlotAndTableAndTheirValues() throws Exception {
        String html = ReportPage.render(data("camp", "epoch-2/rank-0", points(),
                List.of(new ReportData.FindingRow("stack:0a0b", "crash", 11, 3, "2027-01-15T08:00:30Z", "ab".repeat(32))),
                List.of(new ReportData.JobRow(1, "COMMITTED", 0, null, 1_000, Map.of(), null),
                        new ReportData.JobRow(2, "COMMITTED", 0, null, 61_500,
                        Map.of("executions", 45L, "childrenGenerated", 90L, "invalidResults", 0L, "idleMillis", 2500L),
                        busy())),
                List.of()));

        List<Document> svgs = svgs(html);
        assertThat(svgs).extracting(svg -> svg.getDocumentElement().getAttribute("id"))
                .containsExactlyElementsOf(PLOTS);
        assertThat(svgs.get(0).getElementsByTagName("path").getLength()).isEqualTo(1);
        assertThat(svgs.get(3).getElementsByTagName("rect").getLength()).isEqualTo(2);
        assertThat(svgs.get(4).getElementsByTagName("path").getLength()).as("one line per executor kind").isEqualTo(2);
        assertThat(texts(svgs.get(4), "legend")).containsExactly("afl", "symcc");
        assertThat(svgs.get(6).getElementsByTagName("rect").getLength()).isEqualTo(2);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<table id=\"summary\">", "<table id=\"load\">",
                "<table id=\"findings\">", "<table id=\"jobs\">", "<table id=\"executors\">",
                "<table id=\"executor-series\">", "<table id=\"workers\">");
        assertThat(html).as("tiers").contains("<th>Pending in tier 0 (new-coverage)</th><td class=\"num\">5</td>",
                "<th>Pending in tier 1 (redundant)</th><td class=\"num\">4</td>",
                "<th>Pending in tier 2 (retry)</th><td class=\"num\">2</td>",
                "<th>Pending in tier 3 (repeat)</th><td class=\"num\">1</td>",
                "<th>Input bytes pending in tiers 1 to 3</th><td class=\"num\">1234</td>",
                "<th>Exploration</th><td class=\"num\">tiers</td>");
        assertThat(html).as("executor kinds").contains("<tr><td>afl</td><td class=\"num\">30</td><td class=\"num\">450.0s</td>"
                        + "<td class=\"num\">93.8%</td><td class=\"num\">60</td><td class=\"num\">12</td><td class=\"num\">3</td>"
                        + "<td class=\"num\">25.0%</td><td class=\"num\">0</td><td class=\"num\">1000</td>"
                        + "<td class=\"num\">2.22</td></tr>",
                "<tr><td>all</td><td class=\"num\">45</td>", "<td class=\"num\">20.0%</td>",
                "<th>afl executions</th><th>afl new edges</th><th>symcc executions</th><th>symcc new edges</th>",
                "<tr><td>2027-01-15T08:00:03Z</td><td class=\"num\">15.0s</td><td class=\"num\">10</td>"
                        + "<td class=\"num\">103</td><td class=\"num\">5</td><td class=\"num\">23</td></tr>");
        assertThat(html).as("busy").contains("<h2>Workers of the job of epoch 2</h2>",
                "<tr><td>2</td><td class=\"num\">9.0s</td><td class=\"num\">10.0s</td><td class=\"num\">90.0%</td>"
                        + "<td class=\"num\">0.5s</td><td class=\"num\">5.0%</td></tr>",
                "<tr><td>all</td><td class=\"num\">15.0s</td><td class=\"num\">20.0s</td><td class=\"num\">75.0%</td>",
                "<td class=\"num\">2.5s</td><td class=\"num\">75.0%</td>", "<td class=\"num\">1.0s</td>"
                        + "<td class=\"num\">-</td><td class=\"num\">-</td><td class=\"num\">-</td>"
                        + "<td class=\"num\">-</td><td class=\"num\">-</td>");
        assertThat(html).contains("<th>Items done</th><td class=\"num\">40</td>",
                "<th>Edges first reached by children</th><td class=\"num\">1234</td>",
                "<th>Findings (inputs / signatures)</th><td class=\"num\">4 / 2</td>",
                "<td>epoch-2/rank-0</td><td class=\"num\">30</td><td class=\"num\">66.7%</td>",
                "<code>stack:0a0b</code>", "<td class=\"num\">61.5s</td>", "time since the first commit (s)");
        assertThat(html).as("1234 edges").doesNotContain("No committed child reached an edge first");
        assertThat(html).as("nothing fetched, nothing run").doesNotContain("<script", "<link", "@import", "src=", "url(");
        assertThat(html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "")).doesNotContain("http:", "https:");
    }

    @Test
    void textFromTheCampaignIsEscapedEverywhere() throws Exception {
        String html = ReportPage.render(data(HOSTILE, "epoch-1/" + HOSTILE, HOSTILE, points(), List.of(),
                List.of(new ReportData.JobRow(1, "FAILED", 70, HOSTILE, 1000, Map.of(), null)), List.of("note " + HOSTILE)));

        assertThat(html).doesNotContain("<script").doesNotContain(HOSTILE);
        assertThat(html).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;");
        assertThat(svgs(html)).hasSize(PLOTS.size());
        assertThat(texts(svgs(html).get(6), "label")).as("the chart's labels read as written")
                .containsExactly("epoch-1/" + HOSTILE, "epoch-2/rank-1");
        assertThat(texts(svgs(html).get(5), "legend")).as("the legend reads as written").containsExactly("afl", HOSTILE);
    }

    @Test
    void aCampaignWithNothingCommittedSaysSoInsteadOfDrawing() throws Exception {
        String html = ReportPage.render(data("empty", "unused", List.of(), List.of(), List.of(), List.of()));

        assertThat(svgs(html)).hasSize(PLOTS.size());
        assertThat(html).contains("no committed results yet", "No input has made the target crash or hang.",
                "No job has left a summary in reports/.", "<tr><td>all</td><td class=\"num\">0</td>");
        assertThat(html).doesNotContain("<path", "<table id=\"executor-series\">", "<table id=\"workers\">");
    }
}
