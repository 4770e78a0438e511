package io.frontier.worker.executor;

import io.frontier.store.wire.ExecutorKind;
import io.frontier.worker.executor.process.ResourceLimits;
import java.util.List;
import java.util.Map;

/**
 * An AFL++-instrumented target fuzzed by one long-lived {@code afl-fuzz} per session, which runs
 * in slices of {@code checkpointSeconds} and is harvested after each (see
 * {@code io.frontier.worker.session.AflSession}). Not an {@link Executor}: a session is not a run
 * of one input.
 *
 * <pre>
 * {"type": "afl_session", "target": "/opt/targets/parser.afl", "arguments": ["@@"],
 *  "checkpointSeconds": 10, "execTimeoutMillis": 1000, "memoryLimitMiB": 0, "dictionary": null,
 *  "environment": {}, "limits": {"addressSpaceMiB": 0, "cpuSeconds": 0, "fileSizeMiB": 64}}
 * </pre>
 *
 * @param target            absolute path of the AFL++-instrumented program ({@code afl-cc})
 * @param arguments         its arguments as {@code afl-fuzz} takes them: {@code @@} stands for the
 *                          file AFL++ writes each test case to; without {@code @@} the target
 *                          reads its test cases on standard input
 * @param checkpointSeconds the length of one slice: how long the session fuzzes between two
 *                          harvests (10 is a good start)
 * @param execTimeoutMillis how long one execution of the target may take before AFL++ counts it
 *                          as a hang ({@code -t})
 * @param memoryLimitMiB    AFL++'s memory limit of the target ({@code -m}), 0 for none (what
 *                          AddressSanitizer builds need)
 * @param dictionary        absolute path of a dictionary ({@code -x}), or null
 * @param environment       further variables for {@code afl-fuzz} and the target; the variables
 *                          every session sets ({@link #SESSION_VARIABLES}) are reserved
 * @param limits            resource limits of {@code afl-fuzz}, which its target inherits; no CPU
 *                          time limit, which would end the session, not one execution
 */
public record AflSessionConfig(String target, List<String> arguments, long checkpointSeconds, long execTimeoutMillis,
                               long memoryLimitMiB, String dictionary, Map<String, String> environment,
                               ResourceLimits limits) implements ExecutorConfig {

    /**
     * Variables every session sets for {@code afl-fuzz}; a configuration may not set them. Why
     * each is there: {@code io.frontier.worker.session.AflSession}.
     */
    public static final Map<String, String> SESSION_VARIABLES = Map.of(
            "AFL_NO_UI", "1",
            "AFL_SKIP_CPUFREQ", "1",
            "AFL_NO_AFFINITY", "1",
            "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1",
            "AFL_NO_STARTUP_CALIBRATION", "1",
            "AFL_IMPORT_FIRST", "1",
            "AFL_SYNC_TIME", "1",
            "AFL_DISABLE_TRIM", "1");

    private static final String TYPE = ExecutorKind.AFL_SESSION;

    public AflSessionConfig {
        ConfigChecks.required(TYPE, "target", target);
        arguments = List.copyOf(ConfigChecks.required(TYPE, "arguments", arguments));
        environment = Map.copyOf(ConfigChecks.required(TYPE, "environment", environment));
        ConfigChecks.required(TYPE, "limits", limits);
        ConfigChecks.requireAbsoluteProgram(TYPE, "target", target);
        if (dictionary != null) {
            ConfigChecks.requireAbsoluteProgram(TYPE, "dictionary", dictionary);
        }
        ConfigChecks.requireAflArguments(TYPE, arguments);
        if (checkpointSeconds < 1) {
            throw new ExecutorException("afl session checkpoint must be at least one second")
                    .with("type", TYPE).with("checkpointSeconds", checkpointSeconds);
        }
        if (execTimeoutMillis < 1 || memoryLimitMiB < 0) {
            throw new ExecutorException("afl execution timeout must be positive and memory limit not negative")
                    .with("type", TYPE).with("execTimeoutMillis", execTimeoutMillis)
                    .with("memoryLimitMiB", memoryLimitMiB);
        }
        if (limits.cpuSeconds() != 0) {
            throw new ExecutorException("afl session cannot have a CPU time limit: it would end the whole session;"
                    + " execTimeoutMillis bounds each execution").with("type", TYPE)
                    .with("cpuSeconds", limits.cpuSeconds());
        }
        ChildEnvironment.validate(environment);
        ConfigChecks.requireUnreserved(TYPE, environment, SESSION_VARIABLES.keySet(),
                "variable is set by the afl session, not by the configuration");
    }

    /** File mode when an argument contains {@code @@}, else standard input. */
    @Override
    public InputMode input() {
        return arguments.stream().anyMatch(argument -> argument.contains(AflConfig.FILE_ARGUMENT)) ? InputMode.FILE
                : InputMode.STDIN;
    }
}
