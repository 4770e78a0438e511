package io.frontier.worker.executor;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Shape checks shared by the executor configuration records. */
final class ConfigChecks {

    private ConfigChecks() {
    }

    static <T> T required(String type, String field, T value) {
        if (value == null) {
            throw new ExecutorException("executor configuration field is missing").with("type", type).with("field", field);
        }
        return value;
    }

    /** An absolute path without placeholders: programs must be found the same way on every node. */
    static void requireAbsoluteProgram(String type, String field, String program) {
        if (program.contains("{")) {
            throw new ExecutorException("program path must not contain a placeholder")
                    .with("type", type).with("field", field).with("program", program);
        }
        try {
            if (!Path.of(program).isAbsolute()) {
                throw new ExecutorException("program path must be absolute")
                        .with("type", type).with("field", field).with("program", program);
            }
        } catch (InvalidPathException e) {
            throw new ExecutorException("program path is invalid", e)
                    .with("type", type).with("field", field).with("program", program);
        }
    }

    /** File mode needs {@code {input}} so the target learns the path; stdin mode must not use it. */
    static void requireInputPlaceholderMatches(String type, InputMode input, ArgumentTemplate template) {
        boolean usesInput = template.uses(ArgumentTemplate.INPUT);
        if (input == InputMode.FILE && !usesInput) {
            throw new ExecutorException("input mode file needs the {input} placeholder in the arguments")
                    .with("type", type).with("arguments", template);
        }
        if (input == InputMode.STDIN && usesInput) {
            throw new ExecutorException("input mode stdin does not allow the {input} placeholder")
                    .with("type", type).with("arguments", template);
        }
    }

    /** AFL++ names the test case {@code @@}; Frontier's placeholders mean nothing to it. */
    static void requireAflArguments(String type, List<String> arguments) {
        for (String argument : arguments) {
            if (argument == null || argument.contains("{" + ArgumentTemplate.INPUT + "}")
                    || argument.contains("{" + ArgumentTemplate.OUTPUT_DIR + "}")) {
                throw new ExecutorException("afl arguments name the input as @@, without placeholders")
                        .with("type", type).with("arguments", arguments);
            }
        }
    }

    /** Rejects a configured variable that the executor sets itself, with {@code message}. */
    static void requireUnreserved(String type, Map<String, String> environment, Set<String> reserved, String message) {
        for (String name : environment.keySet()) {
            if (reserved.contains(name)) {
                throw new ExecutorException(message).with("type", type).with("name", name);
            }
        }
    }
}
