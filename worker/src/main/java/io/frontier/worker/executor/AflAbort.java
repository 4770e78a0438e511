package io.frontier.worker.executor;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Why an AFL++ program refused to work, in its own words: the {@code PROGRAM ABORT} line that
 * {@code afl-fuzz} and {@code afl-showmap} print on standard output before they exit with 1
 * (no instrumentation, a seed that crashes, a core pattern that pipes crashes elsewhere, ...),
 * and the line after it, which names the place in AFL++'s source.
 *
 * @param reason   the text after {@code PROGRAM ABORT :}, without terminal colour codes
 * @param location the text after {@code Location :}, or empty when the next line is not one
 */
public record AflAbort(String reason, String location) {

    private static final String ABORT = "PROGRAM ABORT :";
    private static final String LOCATION = "Location :";
    /** Terminal control sequences AFL++ colours its messages with (CSI, charset selection). */
    private static final Pattern ESCAPES = Pattern.compile("\u001B(\\[[0-?]*[ -/]*[@-~]|[()][A-Za-z0-9])");

    /** The last abort message in {@code output} (an AFL++ program's standard output), if any. */
    public static Optional<AflAbort> find(String output) {
        List<String> lines = ESCAPES.matcher(output).replaceAll("").lines().toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            int at = lines.get(i).indexOf(ABORT);
            if (at < 0) {
                continue;
            }
            String reason = lines.get(i).substring(at + ABORT.length()).strip();
            String next = i + 1 < lines.size() ? lines.get(i + 1).strip() : "";
            String location = next.startsWith(LOCATION) ? next.substring(LOCATION.length()).strip() : "";
            return Optional.of(new AflAbort(reason, location));
        }
        return Optional.empty();
    }
}
