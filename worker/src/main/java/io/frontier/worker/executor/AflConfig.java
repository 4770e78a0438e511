package io.frontier.worker.executor;

import io.frontier.store.wire.ExecutorKind;
import io.frontier.worker.executor.process.ResourceLimits;
import java.util.List;
import java.util.Map;

/**
 * An AFL++-instrumented target fuzzed by {@code afl-fuzz} for a bounded time or number of
 * executions per run, starting from the run's input as its only seed.
 *
 * <pre>
 * {"type": "afl", "target": "/opt/targets/parser.afl", "arguments": ["@@"], "runSeconds": 10,
 *  "runExecutions": 0, "execTimeoutMillis": 1000, "memoryLimitMiB": 0, "dictionary": null,
 *  "environment": {}, "limits": {"addressSpaceMiB": 0, "cpuSeconds": 0, "fileSizeMiB": 64}}
 * </pre>
 *
 * @param target            absolute path of the AFL++-instrumented program ({@code afl-cc})
 * @param arguments         its arguments as {@code afl-fuzz} takes them: {@code @@} stands for the
 *                          file AFL++ writes each test case to; without {@code @@} the target
 *                          reads its test cases on standard input
 * @param runSeconds        the run's time budget ({@code afl-fuzz -V}), 0 for none
 * @param runExecutions     the run's budget of target executions ({@code afl-fuzz -E}), 0 for
 *                          none; at least one of the two budgets is set
 * @param execTimeoutMillis how long one execution of the target may take before AFL++ counts it
 *                          as a hang ({@code -t})
 * @param memoryLimitMiB    AFL++'s memory limit of the target ({@code -m}), 0 for none (what
 *                          AddressSanitizer builds need)
 * @param dictionary        absolute path of a dictionary ({@code -x}), or null
 * @param environment       further variables for {@code afl-fuzz} and the target; the variables
 *                          the executor sets itself ({@link AflExecutor#OWN_VARIABLES}) are
 *                          reserved
 * @param limits            resource limits of {@code afl-fuzz}, which its target inherits
 */
public record AflConfig(String target, List<String> arguments, long runSeconds, long runExecutions,
                        long execTimeoutMillis, long memoryLimitMiB, String dictionary,
                        Map<String, String> environment, ResourceLimits limits) implements ExecutorConfig {

    /** What AFL++ replaces with the path of the current test case. */
    public static final String FILE_ARGUMENT = "@@";

    private static final String TYPE = ExecutorKind.AFL;

    public AflConfig {
        ConfigChecks.required(TYPE, "target", target);
        arguments = List.copyOf(ConfigChecks.required(TYPE, "arguments", arguments));
        environment = Map.copyOf(ConfigChecks.required(TYPE, "environment", environment));
        ConfigChecks.required(TYPE, "limits", limits);
        ConfigChecks.requireAbsoluteProgram(TYPE, "target", target);
        if (dictionary != null) {
            ConfigChecks.requireAbsoluteProgram(TYPE, "dictionary", dictionary);
        }
        ConfigChecks.requireAflArguments(TYPE, arguments);
        if (runSeconds < 0 || runExecutions < 0 || runSeconds == 0 && runExecutions == 0) {
            throw new ExecutorException("afl run needs a budget: runSeconds or runExecutions above 0, neither negative")
                    .with("type", TYPE).with("runSeconds", runSeconds).with("runExecutions", runExecutions);
        }
        if (execTimeoutMillis < 1 || memoryLimitMiB < 0) {
            throw new ExecutorException("afl execution timeout must be positive and memory limit not negative")
                    .with("type", TYPE).with("execTimeoutMillis", execTimeoutMillis)
                    .with("memoryLimitMiB", memoryLimitMiB);
        }
        ChildEnvironment.validate(environment);
        ConfigChecks.requireUnreserved(TYPE, environment, AflExecutor.OWN_VARIABLES.keySet(),
                "variable is set by the afl executor, not by the configuration");
    }

    /** File mode when an argument contains {@code @@}, else standard input. */
    @Override
    public InputMode input() {
        return arguments.stream().anyMatch(argument -> argument.contains(FILE_ARGUMENT)) ? InputMode.FILE
                : InputMode.STDIN;
    }
}
