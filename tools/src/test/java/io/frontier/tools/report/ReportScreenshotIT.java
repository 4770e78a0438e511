package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.frontier.store.wire.FindingKind;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import io.frontier.worker.executor.testing.FileContractTarget;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report of a small real campaign (one {@code frontier run}: mpirun, two coordinators, two
 * workers, the file-contract target writing three generations of children), rendered by headless
 * Chromium: the page's DOM holds every plot and the tables' values, and its screenshot has the
 * size asked for and is not one flat colour. The screenshot and the page are kept in
 * {@code target/report-screenshot/} for a person to look at. Skipped, with the reason, where no
 * Chromium binary is installed.
 */
@Tag("mpi")
class ReportScreenshotIT {

    static final int WIDTH = 1280;
    static final int HEIGHT = 2000;

    @TempDir
    Path root;

    /** Creates and runs the campaign; returns its directory. */
    private Path runCampaign() throws Exception {
        Path seeds = Files.createDirectories(root.resolve("seeds"));
        for (int i = 0; i < 3; i++) {
            Files.writeString(seeds.resolve("seed-" + i), "seed number " + i + "\n");
        }
        Path target = FileContractTarget.install(root.resolve("bin"));
        Path executor = root.resolve("executor.json");
        Files.write(executor, WireCodec.encode(FileContractTarget.command(target,
                List.of("--children", "derived", "--fanout", "2", "--depth", "3", "--sleep-ms", "40"))));
        Path campaign = root.resolve("campaign");
        CommandRun run = CommandRun.of("run", campaign.toString(), "--coordinators", "2", "--workers", "2",
                "--seeds", seeds.toString(), "--executor", executor.toString(), "--time-limit", "20000",
                "--max-time", "180", "--scratch", root.resolve("scratch").toString());
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.OK);
        return campaign;
    }

    @Test
    @Timeout(600)
    void theReportOfARealCampaignRendersWithEveryPlotAndTableInHeadlessChromium() throws Exception {
        Optional<HeadlessChromium> chromium = HeadlessChromium.find(root);
        assumeTrue(chromium.isPresent(), HeadlessChromium.missing());
        Path campaign = runCampaign();
        try (TestCampaign open = TestCampaign.open(root)) {
            open.finding(open.leased("symcc seed\n", TestCampaign.ALICE), "crashing input\n", "stack:5e9f00d1",
                    FindingKind.CRASH, 11, "symcc");
            open.finding(open.leased("afl seed\n", TestCampaign.ALICE), "another crashing input\n", "stack:5e9f00d1",
                    FindingKind.CRASH, 11, "afl");
            open.finding(open.leased("afl seed two\n", TestCampaign.ALICE), "hanging input\n", "edges:0c1d",
                    FindingKind.HANG, 0, "afl");
        }

        CommandRun report = CommandRun.of("report", campaign.toString(), "--json");
        assertThat(report.exitCode()).as(report.toString()).isZero();
        long executions = report.json().get("summary").get("executions").asLong();
        assertThat(executions).as("3 seeds, 6 children, 12 grandchildren, 24 great-grandchildren; 3 seeds whose"
                + " children crashed or hung").isEqualTo(48);
        assertThat(report.json().get("summary").get("maxDepth").asInt()).isEqualTo(3);
        Path page = Path.of(report.json().get("page").asText());

        Path kept = Files.createDirectories(Path.of(System.getProperty("basedir", ".")).resolve("target")
                .resolve("report-screenshot"));
        Path png = kept.resolve("report.png");
        Files.deleteIfExists(png);
        Files.copy(page, kept.resolve("report.html"), StandardCopyOption.REPLACE_EXISTING);
        String dom = chromium.get().dumpDom(page, WIDTH, HEIGHT);
        chromium.get().screenshot(page, WIDTH, HEIGHT, png);

        for (String plot : ReportPageTest.PLOTS) {
            assertThat(dom).as("plot %s", plot).contains("<svg id=\"" + plot + "\"");
        }
        assertThat(dom).contains("<table id=\"summary\">", "<table id=\"load\">", "<table id=\"findings\">",
                "<table id=\"jobs\">", "<h1>Campaign campaign</h1>",
                "<th>Executions (committed results)</th><td class=\"num\">48</td>",
                "<th>Deepest frontier depth executed</th><td class=\"num\">3</td>",
                "<th>Findings (inputs / signatures)</th><td class=\"num\">3 / 2</td>",
                "<code>stack:5e9f00d1</code>", "<code>edges:0c1d</code>", "/rank-0</td>", "/rank-1</td>", "COMMITTED",
                "<table id=\"executors\">", "<table id=\"executor-series\">", "<table id=\"workers\">",
                "<th>Pending in tier 0 (new-coverage)</th><td class=\"num\">0</td>", "<tr><td>command</td>");
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("a PNG at %s", png).isNotNull();
        assertThat(image.getWidth()).isEqualTo(WIDTH);
        assertThat(image.getHeight()).isEqualTo(HEIGHT);
        assertThat(colours(image)).as("distinct colours: text, lines and bars on white, not one flat colour")
                .isGreaterThan(20);
        try (Stream<Path> files = Files.list(kept)) {
            assertThat(files.map(file -> file.getFileName().toString())).contains("report.png", "report.html");
        }
    }

    /** How many distinct RGB values the image holds, counted on a grid of every fourth pixel. */
    private static int colours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) {
                colours.add(image.getRGB(x, y) & 0xffffff);
            }
        }
        return colours.size();
    }
}
