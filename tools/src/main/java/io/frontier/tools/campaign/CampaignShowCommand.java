package io.frontier.tools.campaign;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.record.StrictJson;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.JsonOption;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code frontier campaign show}: a campaign's settings, read as every rank reads them.
 *
 * <p>Contract: reads {@code campaign.json} only, strictly, and never the store, so it is safe while
 * a job runs and from any node that sees the campaign directory. The fields are those of
 * {@code campaign.json} ({@link CampaignFile}); {@code --field} prints one of them alone, for
 * scripts (a batch script reading the coordinator count needs no JSON tool).
 */
@Command(name = "show", header = "Print a campaign's settings as every rank reads them.",
        description = "Reads CAMPAIGN/campaign.json strictly (as every rank does when it starts) and prints its"
                + " fields, one per line; --json prints the whole file as JSON, --field NAME the value of one field"
                + " alone (text and numbers bare, objects and lists as JSON), e.g. `frontier campaign show CAMPAIGN"
                + " --field coordinators` in a batch script. Reads no store: safe while a job runs.",
        mixinStandardHelpOptions = true)
public final class CampaignShowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Option(names = "--field", paramLabel = "NAME",
            description = "Print only this field of campaign.json, e.g. coordinators, store, seeds, timeLimitMillis.")
    String field;

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        CampaignDirectory directory = new CampaignDirectory(campaign);
        CampaignFile file = CampaignFile.of(directory.read(), directory.path());
        PrintWriter out = spec.commandLine().getOut();
        if (field != null) {
            out.println(text(fieldOf(file, field)));
        } else if (json.enabled()) {
            JsonOption.print(out, file);
        } else {
            tree(file).fields().forEachRemaining(entry -> out.printf("%-17s %s%n", entry.getKey(), text(entry.getValue())));
        }
        out.flush();
        return ExitCodes.OK;
    }

    private JsonNode fieldOf(CampaignFile file, String name) {
        ObjectNode tree = tree(file);
        if (!tree.has(name)) {
            List<String> names = new ArrayList<>();
            tree.fieldNames().forEachRemaining(names::add);
            throw new ParameterException(spec.commandLine(), "campaign.json has no field \"" + name + "\": it has "
                    + String.join(", ", names));
        }
        return tree.get(name);
    }

    private static ObjectNode tree(CampaignFile file) {
        return StrictJson.mapper().valueToTree(file);
    }

    /** A value as a shell reads it: text unquoted, numbers and booleans as they are, the rest as JSON. */
    private static String text(JsonNode value) {
        return value.isValueNode() && !value.isNull() ? value.asText() : value.toString();
    }
}
