package io.frontier.worker.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Arguments with placeholders, substituted per run. A placeholder is {@code {name}} with a name
 * of letters, digits and underscores, anywhere inside an argument ({@code --in={input}} works);
 * every such word must be a known placeholder, so a typo fails when the configuration is read,
 * not after a day of runs. Other braces are literal text.
 */
public final class ArgumentTemplate {

    /** The input file's absolute path. */
    public static final String INPUT = "input";
    /** The output directory's absolute path. */
    public static final String OUTPUT_DIR = "output_dir";
    /**
     * The absolute path of the worker's SymCC pruning map file, for a command that runs SymCC
     * (or a target that reads the map) itself: e.g. {@code SYMCC_AFL_COVERAGE_MAP={pruning_map}}
     * after {@code /usr/bin/env}.
     */
    public static final String PRUNING_MAP = "pruning_map";

    private static final Set<String> KNOWN = Set.of(INPUT, OUTPUT_DIR, PRUNING_MAP);
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)}");

    private final List<String> arguments;

    private ArgumentTemplate(List<String> arguments) {
        this.arguments = List.copyOf(arguments);
    }

    /** Parses {@code arguments}, rejecting unknown placeholders. */
    public static ArgumentTemplate parse(List<String> arguments) {
        for (String argument : arguments) {
            if (argument == null) {
                throw new ExecutorException("argument is null").with("arguments", arguments);
            }
            Matcher matcher = PLACEHOLDER.matcher(argument);
            while (matcher.find()) {
                if (!KNOWN.contains(matcher.group(1))) {
                    throw new ExecutorException("argument has an unknown placeholder")
                            .with("argument", argument).with("placeholder", matcher.group())
                            .with("known", "{" + INPUT + "}, {" + OUTPUT_DIR + "}, {" + PRUNING_MAP + "}");
                }
            }
        }
        return new ArgumentTemplate(arguments);
    }

    /** Whether some argument contains {@code {name}}. */
    public boolean uses(String name) {
        String placeholder = "{" + name + "}";
        return arguments.stream().anyMatch(argument -> argument.contains(placeholder));
    }

    /** The arguments with each placeholder replaced by its value in {@code values}. */
    public List<String> substitute(Map<String, String> values) {
        List<String> result = new ArrayList<>(arguments.size());
        for (String argument : arguments) {
            Matcher matcher = PLACEHOLDER.matcher(argument);
            StringBuilder text = new StringBuilder();
            while (matcher.find()) {
                String value = values.get(matcher.group(1));
                if (value == null) {
                    throw new ExecutorException("placeholder has no value").with("placeholder", matcher.group());
                }
                matcher.appendReplacement(text, Matcher.quoteReplacement(value));
            }
            matcher.appendTail(text);
            result.add(text.toString());
        }
        return result;
    }

    public List<String> arguments() {
        return arguments;
    }

    @Override
    public String toString() {
        return arguments.toString();
    }
}
