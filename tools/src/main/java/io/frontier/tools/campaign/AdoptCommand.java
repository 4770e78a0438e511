package io.frontier.tools.campaign;

import io.frontier.tools.ExitCodes;
import io.frontier.tools.JsonOption;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code frontier campaign adopt}: gives a copied (or older) campaign directory an identity of its own. */
@Command(name = "adopt", header = "Give a copy of a campaign an identity of its own.",
        description = "A campaign has an id, written in its campaign.json and in its store, and keeps every path"
                + " inside its directory relative to it, so a campaign directory can be moved (mv) and used where it is."
                + " A copy (cp -a) that carries its own store file (the default store.db inside the directory) is a"
                + " campaign of its own already; adopt gives it a new id in both places, so the two are told apart."
                + " A campaign.json written by an older Frontier (absolute paths) is refused in a copy or a moved"
                + " directory until it is adopted: adopt makes its paths relative to the directory and gives it an id."
                + " A copy whose store is outside the directory (FoundationDB, or a store file elsewhere) shares the"
                + " original's data, and one store cannot hold two campaigns: adopt refuses it, because it would"
                + " need a copy of the store's data; work in the original, or create a new campaign."
                + " With --moved, you say that the original is gone (moved to another filesystem): the store keeps"
                + " its id and takes this directory as its home. An interrupted adoption is finished by running"
                + " adopt again. A directory that is its store's home already (the original, or a copy adopted"
                + " before) keeps its identity: adopt says so and changes nothing. Refused while a job of the"
                + " campaign may be running, as frontier campaign set is.",
        mixinStandardHelpOptions = true)
public final class AdoptCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "The campaign directory to adopt (a copy, or a moved campaign).")
    Path campaign;

    @Option(names = "--moved",
            description = "The original directory is gone: this is it, moved to another filesystem. Needed only for a"
                    + " campaign whose store is outside its directory.")
    boolean moved;

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        CampaignDirectory directory = new CampaignDirectory(campaign);
        Adoption.Adopted adopted = Adoption.adopt(directory, moved);
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, adopted);
            return ExitCodes.OK;
        }
        if (adopted.change().equals(Adoption.UNCHANGED)) {
            out.printf("%s has an identity of its own already (its store's home is this directory): nothing changed%n",
                    adopted.campaign());
            out.printf("  id     %s%n", adopted.id());
            out.printf("  store  %s%n", adopted.store());
            out.flush();
            return ExitCodes.OK;
        }
        out.printf("adopted %s: %s%n", adopted.campaign(), adopted.change());
        out.printf("  id     %s (was %s)%n", adopted.id(), adopted.previousId() == null ? "none" : adopted.previousId());
        out.printf("  store  %s%n", adopted.store());
        out.flush();
        return ExitCodes.OK;
    }
}
