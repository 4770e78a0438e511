package io.frontier.tools.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The heuristic that keeps measurements and history where they belong (CONTRIBUTING.md documents
 * it): figures and "before/now" stories live in docs/benchmarks/, the decision records
 * (docs/design/decisions/) and CHANGELOG.md, never in the pages a user reads to get work done.
 *
 * <ul>
 *   <li>README.md: at most {@value #README_LINES} lines; no number followed by a unit of time,
 *       size, rate, share or count of work ({@code 20 ms}, {@code 15-second}, {@code 1.5 MB/s},
 *       {@code 94%}, {@code 47 edges}, {@code 400 executions}); neither of the words of history
 *       {@code before} and {@code measured}.
 *   <li>Every other page under docs/ outside benchmarks/ and design/decisions/: none of the
 *       phrases of history ({@code a build before}, {@code builds before}, {@code before tiers},
 *       {@code before triage}, {@code before depths}, {@code measured}, {@code closing notes}).
 * </ul>
 */
final class HistoryCheck {

    static final int README_LINES = 150;

    static final Pattern MEASUREMENT = Pattern.compile("(?i)(?<![\\w.])\\d[\\d,.]*(?:\\s|-)?(?:ms|s|secs?|seconds?|min|"
            + "minutes?|h|hours?|days?|%|percent|[kmgt]i?b(?:/s)?|bytes|edges|executions|execs|items/s|objects/s|"
            + "tasks/s|runs)(?![\\w])");
    static final Pattern README_HISTORY = Pattern.compile("(?i)\\b(?:before|measured)\\b");
    static final Pattern DOCS_HISTORY = Pattern.compile("(?i)\\b(?:(?:a|the|that|this|an older) builds? before|"
            + "builds before|measured|closing notes|before (?:tiers|triage|depths|this change))\\b");

    private HistoryCheck() {
    }

    /** True if {@code page} (relative to the root) may hold measurements and history. */
    static boolean keepsHistory(Path page) {
        return page.startsWith(Path.of("docs", "benchmarks")) || page.startsWith(Path.of("docs", "design", "decisions"))
                || page.equals(Path.of("CHANGELOG.md"));
    }

    /** Each line of {@code text} where {@code pattern} matches, as {@code page:line: match}. */
    static List<String> matches(Path page, String text, Pattern pattern) {
        List<String> found = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher matcher = pattern.matcher(lines[i]);
            while (matcher.find()) {
                found.add(page + ":" + (i + 1) + ": \"" + matcher.group() + "\" in: " + lines[i].strip());
            }
        }
        return found;
    }
}
