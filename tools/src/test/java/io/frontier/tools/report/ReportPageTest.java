package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

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
            "depth-distribution", "load-per-coordinator");

    static ReportData data(String campaign, String owner, List<ReportData.TimePoint> points,
                           List<ReportData.FindingRow> findings, List<ReportData.JobRow> jobs, List<String> notes) {
        ReportData.Summary summary = new ReportData.Summary(new StatusReport.States(1, 2, 3, 40, 5), 6, 45, 3, 40, 2, 0,
                90, 80, 7, 3, 1234, 4, 2, 4, 3, "2027-01-15T08:00:00Z", "2027-01-15T08:01:00Z");
        return new ReportData(campaign, "/camp/" + campaign, "sqlite:/camp/store.db", "/camp/reports/report.html",
                "2027-01-15T09:00:00Z", 2, summary, new ReportData.Timeline(128, points),
                points.isEmpty() ? List.of() : List.of(new ReportData.DepthCount(0, 3), new ReportData.DepthCount(1, 42)),
                points.isEmpty() ? List.of() : List.of(new ReportData.Load(owner, 30, 60, 1500),
                        new ReportData.Load("epoch-2/rank-1", 15, 30, 700)),
                findings, jobs, notes);
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
                List.of(new ReportData.JobRow(2, "COMMITTED", 0, null, 61_500,
                        Map.of("executions", 45L, "childrenGenerated", 90L, "invalidResults", 0L, "idleMillis", 2500L))),
                List.of()));

        List<Document> svgs = svgs(html);
        assertThat(svgs).extracting(svg -> svg.getDocumentElement().getAttribute("id"))
                .containsExactlyElementsOf(PLOTS);
        assertThat(svgs.get(0).getElementsByTagName("path").getLength()).isEqualTo(1);
        assertThat(svgs.get(3).getElementsByTagName("rect").getLength()).isEqualTo(2);
        assertThat(svgs.get(4).getElementsByTagName("rect").getLength()).isEqualTo(2);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<table id=\"summary\">", "<table id=\"load\">",
                "<table id=\"findings\">", "<table id=\"jobs\">");
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
        String html = ReportPage.render(data(HOSTILE, "epoch-1/" + HOSTILE, points(), List.of(),
                List.of(new ReportData.JobRow(1, "FAILED", 70, HOSTILE, 1000, Map.of())), List.of("note " + HOSTILE)));

        assertThat(html).doesNotContain("<script").doesNotContain(HOSTILE);
        assertThat(html).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;");
        assertThat(svgs(html)).hasSize(PLOTS.size());
        assertThat(texts(svgs(html).get(4), "label")).as("the chart's labels read as written")
                .containsExactly("epoch-1/" + HOSTILE, "epoch-2/rank-1");
    }

    @Test
    void aCampaignWithNothingCommittedSaysSoInsteadOfDrawing() throws Exception {
        String html = ReportPage.render(data("empty", "unused", List.of(), List.of(), List.of(), List.of()));

        assertThat(svgs(html)).hasSize(PLOTS.size());
        assertThat(html).contains("no committed results yet", "No input has made the target crash or hang.",
                "No job has left a summary in reports/.");
        assertThat(html).doesNotContain("<path");
    }
}
