package io.frontier.worker.executor;

import io.frontier.store.wire.ExecutorKind;
import io.frontier.worker.executor.process.ResourceLimits;
import java.util.List;
import java.util.Map;

/**
 * A SymCC-instrumented target.
 *
 * <pre>
 * {"type": "symcc", "target": "/opt/targets/parser.symcc", "arguments": ["{input}"], "input": "file",
 *  "coverageMap": true, "linearization": false, "environment": {},
 *  "limits": {"addressSpaceMiB": 8192, "cpuSeconds": 0, "fileSizeMiB": 64}}
 * </pre>
 *
 * @param target        absolute path of the instrumented program
 * @param arguments     its arguments; in file mode one of them contains {@code {input}}
 * @param input         file: SymCC treats the file named by {@code SYMCC_INPUT_FILE} as symbolic;
 *                      stdin: SymCC treats standard input as symbolic
 * @param coverageMap   whether SymCC keeps a pruning map across runs to skip solver queries on
 *                      branches already tried ({@code SYMCC_AFL_COVERAGE_MAP}): the worker's own,
 *                      or the campaign's shared one in a campaign that shares it; the map makes a
 *                      run's outputs depend on the runs before it
 * @param linearization whether SymCC prunes queries on hot basic blocks
 *                      ({@code SYMCC_ENABLE_LINEARIZATION=1})
 * @param environment   further variables; {@code SYMCC_*} names are reserved to the executor
 * @param limits        resource limits of every run
 */
public record SymccConfig(String target, List<String> arguments, InputMode input, boolean coverageMap,
                          boolean linearization, Map<String, String> environment, ResourceLimits limits)
        implements ExecutorConfig {

    private static final String TYPE = ExecutorKind.SYMCC;

    public SymccConfig {
        ConfigChecks.required(TYPE, "target", target);
        arguments = List.copyOf(ConfigChecks.required(TYPE, "arguments", arguments));
        ConfigChecks.required(TYPE, "input", input);
        environment = Map.copyOf(ConfigChecks.required(TYPE, "environment", environment));
        ConfigChecks.required(TYPE, "limits", limits);
        ConfigChecks.requireAbsoluteProgram(TYPE, "target", target);
        ConfigChecks.requireInputPlaceholderMatches(TYPE, input, ArgumentTemplate.parse(arguments));
        if (ArgumentTemplate.parse(arguments).uses(ArgumentTemplate.PRUNING_MAP)) {
            throw new ExecutorException("a SymCC target gets its pruning map from SYMCC_AFL_COVERAGE_MAP, not"
                    + " from {pruning_map}: set \"coverageMap\": true").with("type", TYPE).with("arguments", arguments);
        }
        ChildEnvironment.validate(environment);
        for (String name : environment.keySet()) {
            if (name.startsWith("SYMCC_")) {
                throw new ExecutorException("SYMCC_ variables are set by the executor, not by the configuration")
                        .with("type", TYPE).with("name", name);
            }
        }
    }

    /** The arguments, with their placeholders. */
    public ArgumentTemplate argumentTemplate() {
        return ArgumentTemplate.parse(arguments);
    }
}
