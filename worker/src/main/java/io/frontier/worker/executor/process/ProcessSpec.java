package io.frontier.worker.executor.process;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One child process to run.
 *
 * @param program          absolute path of an executable regular file
 * @param arguments        its arguments (without the program itself)
 * @param environment      the child's entire environment: nothing else is inherited
 * @param workingDirectory the child's working directory
 * @param standardInput    a file to read standard input from; empty means {@code /dev/null}
 * @param limits           resource limits set before the program starts
 */
public record ProcessSpec(Path program, List<String> arguments, Map<String, String> environment,
                          Path workingDirectory, Optional<Path> standardInput, ResourceLimits limits) {

    public ProcessSpec {
        if (!program.isAbsolute()) {
            throw new ProcessException("program path is not absolute").with("program", program);
        }
        arguments = List.copyOf(arguments);
        environment = Map.copyOf(environment);
    }
}
