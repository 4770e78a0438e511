package io.frontier.worker.triage;

import io.frontier.store.coverage.Coverage;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the map file {@code afl-showmap -r} writes: one line {@code <edge>:<hits>} per edge the
 * run reached, the edge as a decimal id (six digits, zero-padded) and the raw hit count of AFL++'s
 * 8-bit counter (1 to 255; a counter that passed 255 wrapped, and AFL++'s never-zero
 * instrumentation keeps it from reading 0).
 *
 * <p>Why raw counts: the classified counts {@code afl-showmap} prints without {@code -r} are
 * wrong in Debian's AFL++ 4.04c. Measured on the build machine with a loop run n times, the
 * loop's edge is printed for n = 1, 2, 3, 4, 8, 16, 32 and 128 only, and missing for every other
 * count (5 to 7, 9 to 15, 64, 127, ...). Classifying raw counts here with
 * {@link Coverage#tuple(int, long)} is exact and does not depend on the AFL++ version.
 *
 * <p>Map index 0 is never counted. {@code afl-showmap} 4.04c reports it for some inputs when it
 * runs one input, and never when it runs a folder of them ({@code -i}): of 300 inputs of the demo
 * target's campaign, 13 reached index 0 run alone, none in a folder run, and no other line
 * differed. Triage runs children in folders and falls back to one run per input (after a crash,
 * a hang, an empty input), so counting index 0 made an input new or not by the way it was run:
 * the first input run alone that reached it joined tier 0 on that alone. Stateless.
 */
final class ShowmapCoverage {

    private static final Pattern LINE = Pattern.compile("(\\d{1,7}):(\\d{1,3})");
    private static final int MAX_HITS = 255;
    /** The map index that one-input runs report and folder runs do not; see the class comment. */
    private static final int FOLDER_RUNS_NEVER_REPORT = 0;

    private ShowmapCoverage() {
    }

    /**
     * The coverage of a map file's lines.
     *
     * @throws TriageException naming the first malformed line (not {@code edge:hits}, an edge
     *     beyond {@link Coverage#MAX_EDGES}, a count of 0 or above 255)
     */
    static Coverage parse(List<String> lines) {
        int[] tuples = new int[lines.size()];
        int count = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isEmpty()) {
                continue;
            }
            Matcher matcher = LINE.matcher(line);
            if (!matcher.matches()) {
                throw malformed(i, line);
            }
            int edge = Integer.parseInt(matcher.group(1));
            int hits = Integer.parseInt(matcher.group(2));
            if (edge >= Coverage.MAX_EDGES || hits < 1 || hits > MAX_HITS) {
                throw malformed(i, line);
            }
            if (edge != FOLDER_RUNS_NEVER_REPORT) {
                tuples[count++] = Coverage.tuple(edge, hits);
            }
        }
        return Coverage.of(Arrays.copyOf(tuples, count));
    }

    private static TriageException malformed(int index, String line) {
        return new TriageException("afl-showmap map line is malformed").with("line", index + 1).with("text", line);
    }
}
