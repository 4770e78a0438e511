package io.frontier.tools.docs;

import io.frontier.store.benchmark.BenchmarkRun;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The result tables of the benchmark pages, rendered from the results files the benchmarks append
 * to ({@code docs/benchmarks/results/<benchmark>.jsonl}, one {@link BenchmarkRun} per line) into
 * the region {@code results-<benchmark>} of a page under {@code docs/benchmarks/}.
 *
 * <p>Invariants: every results file has exactly one region that shows it, and every line of it
 * decodes strictly; the tables show the newest {@value #SHOWN} runs, each with its commit, machine,
 * date and command, and no figure that is not in a results file.
 */
final class BenchmarkPages {

    static final Path DIRECTORY = Path.of("docs", "benchmarks");
    static final Path RESULTS = DIRECTORY.resolve("results");
    /** The runs a table shows, newest first; the results file keeps every run. */
    static final int SHOWN = 6;

    private static final String PREFIX = "results-";

    private BenchmarkPages() {
    }

    /** Every benchmark page that has a results region, with its regions rendered from the results files now. */
    static List<GeneratedFile> pages(Path root) {
        Set<String> shown = new LinkedHashSet<>();
        List<GeneratedFile> pages = new ArrayList<>();
        for (Path file : ProjectTree.filesUnder(root, DIRECTORY)) {
            if (!file.toString().endsWith(".md")) {
                continue;
            }
            String page = ProjectTree.read(root.resolve(file));
            List<String> keys = GeneratedRegion.keys(page).stream().filter(key -> key.startsWith(PREFIX)).toList();
            for (String key : keys) {
                String benchmark = key.substring(PREFIX.length());
                if (!shown.add(benchmark)) {
                    throw new IllegalStateException("two regions show the results of benchmark " + benchmark);
                }
                page = GeneratedRegion.replace(page, key, table(benchmark, runs(root, benchmark), file));
            }
            if (!keys.isEmpty()) {
                pages.add(new GeneratedFile(file, page));
            }
        }
        for (Path file : ProjectTree.filesUnder(root, RESULTS)) {
            String name = file.getFileName().toString();
            if (!name.endsWith(".jsonl") || !shown.contains(name.substring(0, name.length() - ".jsonl".length()))) {
                throw new IllegalStateException(file + " is not shown by any page: add a region " + PREFIX
                        + name.replace(".jsonl", "") + " to a page under " + DIRECTORY);
            }
        }
        return pages;
    }

    /** The runs recorded for {@code benchmark}, oldest first; none if it has no results file. */
    static List<BenchmarkRun> runs(Path root, String benchmark) {
        Path file = root.resolve(RESULTS).resolve(benchmark + ".jsonl");
        if (!file.toFile().isFile()) {
            return List.of();
        }
        List<BenchmarkRun> runs = new ArrayList<>();
        List<String> lines = ProjectTree.read(file).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            try {
                BenchmarkRun run = BenchmarkRun.parse(lines.get(i));
                if (run.schema() != BenchmarkRun.SCHEMA || !run.benchmark().equals(benchmark)) {
                    throw new IllegalArgumentException("schema " + run.schema() + ", benchmark " + run.benchmark());
                }
                runs.add(run);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(root.relativize(file) + " line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return runs;
    }

    private static String table(String benchmark, List<BenchmarkRun> all, Path page) {
        String results = page.getParent().relativize(RESULTS.resolve(benchmark + ".jsonl")).toString();
        if (all.isEmpty()) {
            return "No run of this benchmark is recorded yet (`" + results + "` is written by its first run).\n";
        }
        List<BenchmarkRun> runs = new ArrayList<>(all.subList(Math.max(0, all.size() - SHOWN), all.size()));
        Collections.reverse(runs);
        StringBuilder table = new StringBuilder();
        table.append(all.size() == runs.size() ? "Every run" : "The newest " + runs.size() + " of " + all.size() + " runs")
                .append(" recorded in [").append(results).append("](").append(results).append("), newest first.\n\n");
        table.append("| figure |");
        for (int i = 0; i < runs.size(); i++) {
            table.append(" run ").append(label(i)).append(" |");
        }
        table.append("\n| --- |").append(" ---: |".repeat(runs.size())).append('\n');
        Set<String> figures = new LinkedHashSet<>();
        runs.forEach(run -> figures.addAll(run.figures().keySet()));
        for (String figure : figures) {
            table.append("| ").append(CliReference.prose(figure).replace("|", "\\|")).append(" |");
            for (BenchmarkRun run : runs) {
                Object value = run.figures().get(figure);
                table.append(' ').append(value == null ? "–" : format(value)).append(" |");
            }
            table.append('\n');
        }
        table.append("\n| run | date | commit | machine | command |\n| --- | --- | --- | --- | --- |\n");
        for (int i = 0; i < runs.size(); i++) {
            BenchmarkRun run = runs.get(i);
            table.append("| ").append(label(i)).append(" | ").append(run.date()).append(" | `")
                    .append(run.commit()).append("` | ").append(CliReference.prose(run.machine().describe()))
                    .append(" (").append(CliReference.prose(run.machine().os())).append(", ")
                    .append(CliReference.prose(run.machine().jvm())).append(") | `")
                    .append(run.command().replace("|", "\\|")).append("` |\n");
        }
        return table.toString();
    }

    /** Runs are lettered newest first: A is the newest shown. */
    private static String label(int index) {
        return String.valueOf((char) ('A' + index));
    }

    /** A figure as a table shows it: whole numbers as they are, others to three significant digits (at least whole). */
    static String format(Object value) {
        if (value instanceof Number number) {
            BigDecimal decimal = new BigDecimal(number.toString());
            if (decimal.abs().compareTo(BigDecimal.valueOf(1000)) >= 0) {
                decimal = decimal.setScale(0, RoundingMode.HALF_EVEN);
            } else {
                decimal = decimal.round(new MathContext(3));
            }
            return decimal.stripTrailingZeros().toPlainString();
        }
        return CliReference.prose(String.valueOf(value)).replace("|", "\\|");
    }
}
