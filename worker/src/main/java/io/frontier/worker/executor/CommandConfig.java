package io.frontier.worker.executor;

import io.frontier.worker.executor.process.ResourceLimits;
import java.util.List;
import java.util.Map;

/**
 * Any program, for engines other than SymCC: {@code command} is the program's absolute path
 * followed by its arguments, where {@code {input}} and {@code {output_dir}} are replaced by the
 * run's input file and output directory. The program must write its new inputs into the output
 * directory; every regular file it leaves there is an output. A command that names
 * {@code {pruning_map}} gets the path of the worker's SymCC pruning map file there (for SymCC run
 * through a wrapper), and takes part in the campaign's shared map as a SymCC executor does.
 *
 * <pre>
 * {"type": "command", "command": ["/opt/engine/run", "--out", "{output_dir}", "{input}"],
 *  "input": "file", "environment": {}, "limits": {"addressSpaceMiB": 4096, "cpuSeconds": 0, "fileSizeMiB": 64}}
 * </pre>
 */
public record CommandConfig(List<String> command, InputMode input, Map<String, String> environment,
                            ResourceLimits limits) implements ExecutorConfig {

    private static final String TYPE = "command";

    public CommandConfig {
        command = List.copyOf(ConfigChecks.required(TYPE, "command", command));
        ConfigChecks.required(TYPE, "input", input);
        environment = Map.copyOf(ConfigChecks.required(TYPE, "environment", environment));
        ConfigChecks.required(TYPE, "limits", limits);
        if (command.isEmpty()) {
            throw new ExecutorException("command is empty").with("type", TYPE);
        }
        ConfigChecks.requireAbsoluteProgram(TYPE, "command[0]", command.get(0));
        ConfigChecks.requireInputPlaceholderMatches(TYPE, input, template(command));
        ChildEnvironment.validate(environment);
    }

    /** The program's absolute path. */
    public String program() {
        return command.get(0);
    }

    /** The arguments after the program, with their placeholders. */
    public ArgumentTemplate argumentTemplate() {
        return template(command);
    }

    private static ArgumentTemplate template(List<String> command) {
        return ArgumentTemplate.parse(command.subList(1, command.size()));
    }
}
