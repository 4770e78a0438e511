package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The executor configuration ({@code --executor} JSON) the benchmark gives a campaign for one
 * executor kind on one target. Every AFL++ kind runs the target's AFL++ build with the same
 * execution time-out, {@link #EXEC_TIMEOUT_MILLIS}, which plain AFL++ ({@link PlainAflRun}) is
 * given too, and no memory limit; every kind has the same resource limits.
 */
final class ExecutorJson {

    /** AFL++'s {@code -t} for every AFL++ kind and for plain AFL++. */
    static final int EXEC_TIMEOUT_MILLIS = 1000;

    /** How often a fuzzing session's queue, crashes and hangs are harvested into the campaign. */
    static final int SESSION_CHECKPOINT_SECONDS = 10;

    private ExecutorJson() {
    }

    /**
     * The configuration of {@code kind} ({@code symcc}, {@code afl} or {@code afl_session}) on
     * {@code target}; an {@code afl} run lasts {@code aflSeconds}.
     */
    static ObjectNode of(BenchTarget target, String kind, int aflSeconds) {
        ObjectNode executor = JsonNodeFactory.instance.objectNode();
        switch (kind) {
            case "symcc" -> {
                executor.put("type", "symcc").put("target", target.symcc().orElseThrow().toString());
                ArrayNode arguments = executor.putArray("arguments");
                target.arguments().forEach(argument -> arguments.add(argument.replace("@@", "{input}")));
                executor.put("input", "file").put("coverageMap", true).put("linearization", false);
            }
            case "afl" -> {
                aflTarget(executor.put("type", "afl"), target);
                executor.put("runSeconds", aflSeconds).put("runExecutions", 0);
                aflSettings(executor);
            }
            case "afl_session" -> {
                aflTarget(executor.put("type", "afl_session"), target);
                executor.put("checkpointSeconds", SESSION_CHECKPOINT_SECONDS);
                aflSettings(executor);
            }
            default -> throw new IllegalArgumentException("no executor configuration for kind " + kind
                    + "; the bench knows symcc, afl and afl_session");
        }
        executor.putObject("environment");
        executor.putObject("limits").put("addressSpaceMiB", 0).put("cpuSeconds", 0).put("fileSizeMiB", 64);
        return executor;
    }

    private static void aflTarget(ObjectNode executor, BenchTarget target) {
        executor.put("target", target.afl().toString());
        ArrayNode arguments = executor.putArray("arguments");
        target.arguments().forEach(arguments::add);
    }

    private static void aflSettings(ObjectNode executor) {
        executor.put("execTimeoutMillis", EXEC_TIMEOUT_MILLIS).put("memoryLimitMiB", 0).putNull("dictionary");
    }
}
