package io.frontier.tools.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A generated part of a hand-written Markdown page, between two HTML comments:
 * {@code <!-- generated: KEY (scripts/docs.sh writes this part; do not edit it) -->} and
 * {@code <!-- end of generated: KEY -->}. The page around it is prose; only what lies between the
 * markers is ever rewritten.
 */
final class GeneratedRegion {

    private static final Pattern START =
            Pattern.compile("<!-- generated: ([a-z0-9-]+) \\(scripts/docs\\.sh writes this part; do not edit it\\) -->\n");

    private GeneratedRegion() {
    }

    /** The opening marker of region {@code key}. */
    static String start(String key) {
        return "<!-- generated: " + key + " (scripts/docs.sh writes this part; do not edit it) -->\n";
    }

    /** The closing marker of region {@code key}. */
    static String end(String key) {
        return "<!-- end of generated: " + key + " -->";
    }

    /** True if {@code page} has region {@code key}. */
    static boolean has(String page, String key) {
        return page.contains(start(key));
    }

    /** Every region key {@code page} has, in order. */
    static List<String> keys(String page) {
        List<String> keys = new ArrayList<>();
        Matcher matcher = START.matcher(page);
        while (matcher.find()) {
            keys.add(matcher.group(1));
        }
        return keys;
    }

    /**
     * {@code page} with the body of region {@code key} replaced by {@code body} (which ends with a
     * newline), or an error naming the key if the page lacks either marker.
     */
    static String replace(String page, String key, String body) {
        int start = page.indexOf(start(key));
        int end = page.indexOf(end(key));
        if (start < 0 || end < start) {
            throw new IllegalStateException("the page has no generated region " + key + " (or its end marker is"
                    + " missing or before its start)");
        }
        return page.substring(0, start + start(key).length()) + body + page.substring(end);
    }
}
