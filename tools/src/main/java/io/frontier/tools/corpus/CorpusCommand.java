package io.frontier.tools.corpus;

import io.frontier.tools.SubcommandRequired;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code frontier corpus}: the public corpus of a campaign. */
@Command(name = "corpus", header = "Check the public corpus of a campaign.",
        mixinStandardHelpOptions = true, subcommands = {CorpusFsckCommand.class})
public final class CorpusCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw SubcommandRequired.of(spec);
    }
}
