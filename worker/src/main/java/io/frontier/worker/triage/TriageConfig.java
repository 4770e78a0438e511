package io.frontier.worker.triage;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The campaign's coverage build: an AFL++-instrumented program ({@code afl-cc}, usually with
 * AddressSanitizer) that every child and every crashing or hanging input is run on once.
 *
 * <pre>
 * {"program": "/opt/targets/parser.afl", "arguments": ["@@"], "timeoutMillis": 1000}
 * </pre>
 *
 * @param program       absolute path of the instrumented program, the same on every node
 * @param arguments     its arguments; {@code @@} stands for the input's path, and without
 *                      {@code @@} the program reads the input on standard input
 * @param timeoutMillis how long one run may take before it counts as a hang
 */
public record TriageConfig(String program, List<String> arguments, long timeoutMillis) {

    /** What the probe replaces with the path of the input. */
    public static final String FILE_ARGUMENT = "@@";

    public TriageConfig {
        if (program == null || arguments == null || arguments.stream().anyMatch(Objects::isNull)) {
            throw new TriageException("triage configuration lacks its program or arguments");
        }
        arguments = List.copyOf(arguments);
        try {
            if (!Path.of(program).isAbsolute()) {
                throw new TriageException("triage program path must be absolute").with("program", program);
            }
        } catch (InvalidPathException e) {
            throw new TriageException("triage program path is invalid", e).with("program", program);
        }
        if (timeoutMillis < 1) {
            throw new TriageException("triage timeout must be positive").with("timeoutMillis", timeoutMillis);
        }
    }

    /** Whether the input is passed as a file ({@code @@} in an argument) rather than on standard input. */
    public boolean inputAsFile() {
        return arguments.stream().anyMatch(argument -> argument.contains(FILE_ARGUMENT));
    }

    /** The arguments for one run on {@code input}: every {@code @@} replaced by its path. */
    public List<String> argumentsFor(Path input) {
        return arguments.stream().map(argument -> argument.replace(FILE_ARGUMENT, input.toString())).toList();
    }
}
