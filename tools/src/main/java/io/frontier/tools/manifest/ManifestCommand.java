package io.frontier.tools.manifest;

import io.frontier.tools.SubcommandRequired;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code frontier manifest}: the result manifest of a campaign. */
@Command(name = "manifest", header = "Inspect and verify the result manifest of a campaign.",
        description = "Every result a coordinator accepted has one entry, written with the irreversible commit"
                + " decision: its parent work, token, epoch, stage and children, then promotion marks and an"
                + " outcome (done or abandoned) beside it. An entry without an outcome is open.",
        mixinStandardHelpOptions = true,
        subcommands = {ManifestListCommand.class, ManifestShowCommand.class, ManifestVerifyCommand.class})
public final class ManifestCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw SubcommandRequired.of(spec);
    }
}
