package io.frontier.worker.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgumentTemplateTest {

    private static final Map<String, String> VALUES = Map.of("input", "/w/in", "output_dir", "/w/out");

    @Test
    void placeholdersAreReplacedWhereverTheyAppear() {
        ArgumentTemplate template = ArgumentTemplate.parse(
                List.of("-i", "{input}", "--out={output_dir}/x", "{input}{input}", "plain"));

        assertThat(template.substitute(VALUES))
                .containsExactly("-i", "/w/in", "--out=/w/out/x", "/w/in/w/in", "plain");
    }

    @Test
    void replacementValuesAreTakenLiterally() {
        ArgumentTemplate template = ArgumentTemplate.parse(List.of("{input}"));

        assertThat(template.substitute(Map.of("input", "/a/$1\\b", "output_dir", "/o"))).containsExactly("/a/$1\\b");
    }

    @Test
    void unknownPlaceholdersAreRejectedWithTheirName() {
        assertThatThrownBy(() -> ArgumentTemplate.parse(List.of("--in", "{inptu}")))
                .isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("argument has an unknown placeholder")
                .hasMessageContaining("placeholder={inptu}").hasMessageContaining("known={input}, {output_dir}");
        assertThatThrownBy(() -> ArgumentTemplate.parse(List.of("{OUTPUT_DIR}")))
                .hasMessageContaining("placeholder={OUTPUT_DIR}");
    }

    @Test
    void bracesThatAreNotAPlaceholderAreLiteral() {
        ArgumentTemplate template = ArgumentTemplate.parse(List.of("{\"a\": 1}", "{}", "{ input }", "{1x}"));

        assertThat(template.substitute(VALUES)).containsExactly("{\"a\": 1}", "{}", "{ input }", "{1x}");
        assertThat(template.uses("input")).isFalse();
    }

    @Test
    void shellStyleVariablesLookLikePlaceholdersAndAreRejected() {
        // No shell expands the arguments, so "${HOME}" would reach the program verbatim.
        assertThatThrownBy(() -> ArgumentTemplate.parse(List.of("${HOME}/x")))
                .isInstanceOf(ExecutorException.class).hasMessageContaining("placeholder={HOME}");
    }
}
