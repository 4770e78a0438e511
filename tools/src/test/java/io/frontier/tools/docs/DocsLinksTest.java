package io.frontier.tools.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every relative link in README.md and docs/ leads to a file that exists, and to an anchor that file has. */
class DocsLinksTest {

    @Test
    void everyRelativeLinkResolvesToAFileAndAnchor() {
        Path root = ProjectTree.root();
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : ProjectTree.markdownFiles(root)) {
            String text = ProjectTree.read(root.resolve(page));
            for (String target : MarkdownLinks.targets(text)) {
                if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
                    continue;
                }
                checked++;
                String problem = problem(root, page, text, target);
                if (problem != null) {
                    broken.add(page + ": " + target + ": " + problem);
                }
            }
        }
        assertThat(checked).as("relative links found").isGreaterThan(50);
        if (!broken.isEmpty()) {
            fail(String.join("\n", broken));
        }
    }

    @Test
    void headingsGetGitHubsAnchors() {
        assertThat(MarkdownLinks.slug("Running on FoundationDB")).isEqualTo("running-on-foundationdb");
        assertThat(MarkdownLinks.slug("`frontier run` exits 70: what now?")).isEqualTo("frontier-run-exits-70-what-now");
        assertThat(MarkdownLinks.slug("SymCC's pruning map: per worker, or one")).isEqualTo("symccs-pruning-map-per-worker-or-one");
        assertThat(MarkdownLinks.anchors("# A\n\n```\n# not a heading\n```\n# A\n")).containsExactly("a", "a-1");
    }

    @Test
    void linksInsideCodeAreNotLinks() {
        assertThat(MarkdownLinks.targets("see [x](a.md) and `[y](b.md)`\n```\n[z](c.md)\n```\n")).containsExactly("a.md");
    }

    private static String problem(Path root, Path page, String text, String target) {
        int hash = target.indexOf('#');
        String file = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? root.resolve(page) : root.resolve(page).getParent().resolve(file).normalize();
        if (!resolved.startsWith(root)) {
            return "leads out of the repository";
        }
        if (!Files.exists(resolved)) {
            return "no such file";
        }
        if (anchor == null) {
            return null;
        }
        if (!resolved.toString().endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        String linked = file.isEmpty() ? text : ProjectTree.read(resolved);
        return MarkdownLinks.anchors(linked).contains(anchor) ? null : "no heading with anchor #" + anchor;
    }
}
