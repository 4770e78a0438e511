package io.frontier.tools;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * What a parent command ({@code frontier}, {@code frontier manifest} ...) does when called
 * without a subcommand: it is a usage error, so the usage goes to standard error with exit code
 * {@link ExitCodes#USAGE}, and a script that forgot the subcommand does not pass as a success.
 */
public final class SubcommandRequired {

    private SubcommandRequired() {
    }

    /** The error to throw from the parent's {@code run}; picocli prints it and the usage to stderr. */
    public static ParameterException of(CommandSpec spec) {
        return new ParameterException(spec.commandLine(), "missing subcommand: name one of "
                + String.join(", ", spec.subcommands().keySet()));
    }
}
