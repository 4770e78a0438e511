package io.frontier.tools.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.benchmark.BenchmarkRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark pages' tables are rendered from the results files, and the checked-in ones are current. */
class BenchmarkPagesTest {

    @TempDir
    Path root;

    @Test
    void aRecordedRunShowsInItsPageWithItsCommitMachineDateAndCommand() throws IOException {
        page("corpus.md", "# Corpus\n\n" + GeneratedRegion.start("results-corpus") + GeneratedRegion.end("results-corpus")
                + "\n\nHistory stays as it is.\n");
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("SHA-256 of 1 GiB, MB/s", 1593.8461);
        figures.put("fsyncs per publish", 2);
        BenchmarkRun run = new BenchmarkRun(BenchmarkRun.SCHEMA, "corpus", "2026-01-02T03:04:05Z", "0123456789ab",
                new BenchmarkRun.Machine("Some CPU", 2, 3900, "Linux 6.1 amd64", "OpenJDK 17", "9.1 8.0 7.2"),
                "mvn -Pbench -pl store-schema verify", figures);
        results("corpus.jsonl", run.line() + "\n");

        String page = only(BenchmarkPages.pages(root)).content();

        assertThat(page).contains("| SHA-256 of 1 GiB, MB/s | 1594 |", "| fsyncs per publish | 2 |",
                "2026-01-02T03:04:05Z", "`0123456789ab`", "2 cores, Some CPU, 3900 MiB, load 9.1 8.0 7.2",
                "`mvn -Pbench -pl store-schema verify`", "History stays as it is.");
    }

    @Test
    void theNewestRunComesFirstAndOnlyTheNewestAreShown() throws IOException {
        page("store.md", GeneratedRegion.start("results-store") + GeneratedRegion.end("results-store") + "\n");
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= BenchmarkPages.SHOWN + 2; i++) {
            lines.append(new BenchmarkRun(BenchmarkRun.SCHEMA, "store", "2026-01-0" + i + "T00:00:00Z", "c" + i,
                    new BenchmarkRun.Machine("cpu", 2, 1, "os", "jvm", "0 0 0"), "mvn", Map.of("items/s", i)).line())
                    .append('\n');
        }
        results("store.jsonl", lines.toString());

        String page = only(BenchmarkPages.pages(root)).content();

        assertThat(page).contains("The newest " + BenchmarkPages.SHOWN + " of " + (BenchmarkPages.SHOWN + 2) + " runs",
                "| items/s | " + (BenchmarkPages.SHOWN + 2) + " | " + (BenchmarkPages.SHOWN + 1) + " |")
                .doesNotContain("`c1`", "`c2`");
    }

    @Test
    void aResultsLineThatDoesNotDecodeStrictlyIsRefusedNamingFileAndLine() throws IOException {
        page("corpus.md", GeneratedRegion.start("results-corpus") + GeneratedRegion.end("results-corpus") + "\n");
        results("corpus.jsonl", "{\"schema\": 1, \"benchmark\": \"corpus\"}\n");

        assertThatThrownBy(() -> BenchmarkPages.pages(root)).hasMessageContaining("corpus.jsonl line 1");
    }

    @Test
    void aResultsFileNoPageShowsIsRefused() throws IOException {
        page("other.md", "# nothing generated here\n");
        results("orphan.jsonl", "");

        assertThatThrownBy(() -> BenchmarkPages.pages(root)).hasMessageContaining("orphan.jsonl is not shown by any page");
    }

    @Test
    void checkedInBenchmarkTablesAreRenderedFromTheResultsFiles() {
        Path project = ProjectTree.root();
        List<GeneratedFile> pages = BenchmarkPages.pages(project);

        assertThat(pages).isNotEmpty();
        pages.forEach(page -> Staleness.assertCurrent(project, page));
    }

    private void page(String name, String content) throws IOException {
        Files.createDirectories(root.resolve(BenchmarkPages.DIRECTORY));
        Files.writeString(root.resolve(BenchmarkPages.DIRECTORY).resolve(name), content);
    }

    private void results(String name, String content) throws IOException {
        Files.createDirectories(root.resolve(BenchmarkPages.RESULTS));
        Files.writeString(root.resolve(BenchmarkPages.RESULTS).resolve(name), content);
    }

    private static GeneratedFile only(List<GeneratedFile> files) {
        assertThat(files).hasSize(1);
        return files.get(0);
    }
}
