package io.frontier.tools.docs;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The links and anchors of a Markdown page as GitHub renders it: inline links outside code
 * (fenced blocks and code spans), and the anchor of every heading (GitHub's rule: lower case,
 * punctuation other than hyphens and underscores removed, spaces as hyphens, a repeated anchor
 * numbered {@code -1}, {@code -2}, ...) and of every explicit {@code <a id="...">}.
 */
final class MarkdownLinks {

    private static final Pattern LINK = Pattern.compile("\\[(?:[^\\]\\[]|\\[[^\\]]*\\])*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern EXPLICIT = Pattern.compile("<a (?:id|name)=\"([^\"]+)\"");

    private MarkdownLinks() {
    }

    /** Every link target outside code, in order. */
    static List<String> targets(String page) {
        List<String> targets = new ArrayList<>();
        for (String line : prose(page)) {
            Matcher link = LINK.matcher(withoutCodeSpans(line));
            while (link.find()) {
                targets.add(link.group(1));
            }
        }
        return targets;
    }

    /** Every anchor a link can name in the page. */
    static Set<String> anchors(String page) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(page)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(2));
                int repeat = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(repeat == 0 ? slug : slug + "-" + repeat);
            }
            Matcher explicit = EXPLICIT.matcher(line);
            while (explicit.find()) {
                anchors.add(explicit.group(1));
            }
        }
        return anchors;
    }

    /** GitHub's anchor of a heading's text. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("<[^>]+>", "");
        text = Normalizer.normalize(text, Normalizer.Form.NFC).toLowerCase(Locale.ROOT);
        StringBuilder slug = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                slug.appendCodePoint(c);
            } else if (c == ' ') {
                slug.append('-');
            }
        });
        return slug.toString();
    }

    /** The page's lines outside fenced code blocks. */
    private static List<String> prose(String page) {
        List<String> lines = new ArrayList<>();
        boolean fenced = false;
        for (String line : page.split("\n", -1)) {
            if (line.stripLeading().startsWith("```")) {
                fenced = !fenced;
            } else if (!fenced) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static String withoutCodeSpans(String line) {
        return line.replaceAll("`[^`]*`", "``");
    }
}
