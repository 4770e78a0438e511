package io.frontier.tools.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * README.md is short and holds no measurement or history; no page a user works from tells the
 * history of builds (see {@link HistoryCheck} for the heuristic).
 */
class HistoryCheckTest {

    private static final Path README = Path.of("README.md");

    @Test
    void readmeIsAtMostAHundredAndFiftyLines() {
        long lines = ProjectTree.read(ProjectTree.root().resolve(README)).lines().count();

        assertThat(lines).as("README.md lines: move detail into docs/ and link to it").isLessThanOrEqualTo(HistoryCheck.README_LINES);
    }

    @Test
    void readmeHoldsNoMeasurementAndNoHistory() {
        String readme = ProjectTree.read(ProjectTree.root().resolve(README));

        assertThat(HistoryCheck.matches(README, readme, HistoryCheck.MEASUREMENT))
                .as("measurements in README.md: they belong in docs/benchmarks/").isEmpty();
        assertThat(HistoryCheck.matches(README, readme, HistoryCheck.README_HISTORY))
                .as("history in README.md: it belongs in CHANGELOG.md or a decision record").isEmpty();
    }

    @Test
    void pagesOutsideBenchmarksDecisionsAndChangelogTellNoHistoryOfBuilds() {
        Path root = ProjectTree.root();
        List<String> found = new ArrayList<>();
        for (Path page : ProjectTree.markdownFiles(root)) {
            if (!HistoryCheck.keepsHistory(page) && !page.equals(README)) {
                found.addAll(HistoryCheck.matches(page, ProjectTree.read(root.resolve(page)), HistoryCheck.DOCS_HISTORY));
            }
        }
        assertThat(found).as("history outside docs/benchmarks/, docs/design/decisions/ and CHANGELOG.md").isEmpty();
    }

    @Test
    void theHeuristicCatchesFiguresWithUnitsAndLeavesVersionsAndOptionsAlone() {
        for (String measured : List.of("after 20 ms", "15-second runs", "at 1594 MB/s", "94.3%", "47 edges",
                "took 3 min 40 s", "400 executions", "1.5 KiB")) {
            assertThat(HistoryCheck.matches(README, measured, HistoryCheck.MEASUREMENT)).as(measured).isNotEmpty();
        }
        for (String plain : List.of("Java 17 or newer", "Open MPI 4.1", "AFL++ 4.04c", "FoundationDB 7.3", "x86-64",
                "--budget-time 3600", "exit 70", "`runSeconds`", "rank 0", "SHA-256")) {
            assertThat(HistoryCheck.matches(README, plain, HistoryCheck.MEASUREMENT)).as(plain).isEmpty();
        }
        assertThat(HistoryCheck.matches(Path.of("docs/x.md"), "an item left by a build before tiers",
                HistoryCheck.DOCS_HISTORY)).hasSize(1);
    }
}
