package io.frontier.tools;

import java.io.PrintWriter;

/**
 * One line of progress on standard error, rewritten in place, for long work watched by a person:
 * shown only when the command runs on a terminal and not in {@code --json} mode, so scripts and
 * logs never see it. Not thread-safe: one command's thread updates it.
 */
public final class ProgressLine {

    /** A person cannot read faster than this; more frequent updates only cost time. */
    private static final long INTERVAL_NANOS = 200_000_000L;

    private final PrintWriter err;
    private final boolean shown;
    /** When the line was last written, or 0 before the first write. */
    private long lastWrite;
    /** Characters of the text last written, to blank them out. */
    private int width;

    ProgressLine(PrintWriter err, boolean shown) {
        this.err = err;
        this.shown = shown;
    }

    /** The progress line of a command writing diagnostics to {@code err}. */
    public static ProgressLine of(PrintWriter err, JsonOption json) {
        return new ProgressLine(err, !json.enabled() && System.console() != null);
    }

    /** Replaces the line with {@code text}, unless it was replaced a moment ago. */
    public void update(String text) {
        long now = System.nanoTime();
        if (!shown || (lastWrite != 0 && now - lastWrite < INTERVAL_NANOS)) {
            return;
        }
        lastWrite = now;
        err.print("\r" + text + " ".repeat(Math.max(0, width - text.length())));
        err.flush();
        width = text.length();
    }

    /** Removes the line, so what follows starts on a clean line. */
    public void clear() {
        if (shown && width > 0) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
            width = 0;
        }
    }
}
