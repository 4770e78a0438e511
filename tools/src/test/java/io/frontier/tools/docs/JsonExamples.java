package io.frontier.tools.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fenced {@code json} blocks of a Markdown page, each with the kind its tag names: the HTML
 * comment {@code <!-- json: KIND -->} on the line before the fence (blank lines between are allowed).
 */
final class JsonExamples {

    private static final Pattern FENCE = Pattern.compile("(?m)^```json\\s*\\n(.*?)^```\\s*$", Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<!-- json: ([a-z-]+) -->\\s*$");

    /**
     * One example.
     *
     * @param page the page, relative to the project root
     * @param line the line of its opening fence, from 1
     * @param kind what its tag says it is, or null if it has no tag
     */
    record Example(Path page, int line, String kind, String json) {

        String where() {
            return page + ":" + line;
        }
    }

    private JsonExamples() {
    }

    static List<Example> of(Path page, String text) {
        List<Example> examples = new ArrayList<>();
        Matcher fence = FENCE.matcher(text);
        while (fence.find()) {
            String before = text.substring(0, fence.start()).stripTrailing();
            Matcher tag = TAG.matcher(before);
            String kind = tag.find() ? tag.group(1) : null;
            int line = (int) text.substring(0, fence.start()).chars().filter(c -> c == '\n').count() + 1;
            examples.add(new Example(page, line, kind, fence.group(1)));
        }
        return examples;
    }
}
