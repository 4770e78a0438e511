package io.frontier.tools.mpi;

import io.frontier.tools.SubcommandRequired;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code frontier mpi}: the MPI installation Frontier runs on. */
@Command(name = "mpi", header = "Check the MPI installation that campaigns run on.",
        mixinStandardHelpOptions = true, subcommands = {MpiCheckCommand.class})
public final class MpiCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw SubcommandRequired.of(spec);
    }
}
