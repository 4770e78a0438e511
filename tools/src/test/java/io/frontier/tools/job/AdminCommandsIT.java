package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.keyspace.Counter;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inspection commands on a campaign that {@code frontier init} created and one real
 * {@code frontier run} (mpirun, rank JVMs, the SQLite store, the file-contract target) finished:
 * every figure agrees with the store, every check is clean, and a damaged object is caught.
 */
@Tag("mpi")
class AdminCommandsIT {

    private static final String SAME_CHILD = "frontier same child\n";

    @TempDir
    Path directory;

    @Test
    @Timeout(300)
    void aCampaignCreatedByInitAndRunByOneJobInspectsCleanAndDamageIsCaught() throws Exception {
        CampaignHarness campaign = new CampaignHarness(directory, List.of("--children", "same"));
        campaign.addSeeds(3);
        String dir = campaign.campaign.toString();
        CommandRun init = CommandRun.of("init", dir, "--seeds", campaign.seeds.toString(), "--executor",
                campaign.executor.toString(), "--scratch", directory.resolve("scratch").toString());
        assertThat(init.exitCode()).as(init.toString()).isZero();

        CampaignHarness.Run run = campaign.run(1, 2);

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        long done = campaign.counts().get(Counter.DONE);
        assertThat(done).as("3 seeds and their one shared child").isEqualTo(4);

        JsonNode status = CommandRun.of("status", dir, "--json").json();
        assertThat(status.get("states").get("done").asLong()).isEqualTo(done);
        assertThat(status.get("progress").get("known").asLong()).isEqualTo(done);
        assertThat(status.get("epoch").get("number").asLong()).as("init set epoch 1, the job ran in 2").isEqualTo(2);
        assertThat(status.get("lastJob").get("epoch").asLong()).isEqualTo(2);
        assertThat(status.get("lastJob").get("coordinators").get("0").get("executions").asLong()).isEqualTo(4);
        assertThat(status.get("corpusObjects").asLong()).isEqualTo(4);
        assertThat(status.get("load").get("executions").asLong()).as("one commit decision per execution")
                .isEqualTo(done);
        assertThat(status.get("load").get("coordinators")).hasSize(1);
        assertThat(status.get("load").get("coordinators").get(0).get("owner").asText()).isEqualTo("epoch-2/rank-0");
        assertThat(status.get("edges").get("edges").asLong()).as("the target reports no coverage").isZero();
        assertThat(status.get("findings").asLong()).isZero();
        assertThat(status.get("notes")).isEmpty();

        JsonNode listing = CommandRun.of("manifest", "list", dir, "--json").json();
        assertThat(listing.get("entries")).hasSize(4);
        long promoted = 0;
        for (JsonNode entry : listing.get("entries")) {
            assertThat(entry.get("outcome").asText()).isEqualTo("done");
            assertThat(entry.get("epoch").asLong()).isEqualTo(2);
            assertThat(entry.get("promoted").asInt()).isEqualTo(entry.get("children").asInt());
            assertThat(entry.get("frontier").asInt()).as("without coverage every child joins the frontier")
                    .isEqualTo(entry.get("children").asInt());
            promoted += entry.get("promoted").asInt();
        }
        assertThat(promoted).as("every seed's entry names the shared child").isGreaterThanOrEqualTo(3);
        String first = listing.get("entries").get(0).get("entry").asText();
        assertThat(CommandRun.of("manifest", "show", dir, first).exitCode()).isZero();

        CommandRun verify = CommandRun.of("manifest", "verify", dir, "--json");
        assertThat(verify.exitCode()).as(verify.toString()).isZero();
        assertThat(verify.json().get("objectsVerified").asLong()).isEqualTo(promoted);
        assertThat(CommandRun.of("corpus", "fsck", dir).exitCode()).isZero();
        assertThat(CommandRun.of("leases", dir, "--json").json().get("items")).isEmpty();
        CommandRun replay = CommandRun.of("replay", dir);
        assertThat(replay.exitCode()).as(replay.toString()).isZero();
        assertThat(replay.out()).contains("replay in epoch 2: 0 entries completed, 0 abandoned");

        String child = ContentHasher.hash(SAME_CHILD.getBytes(StandardCharsets.UTF_8)).digest().hex();
        Path object = campaign.campaign.resolve("corpus").resolve(child);
        byte[] bytes = Files.readAllBytes(object);
        bytes[0] ^= 1;
        Files.write(object, bytes);

        CommandRun fsck = CommandRun.of("corpus", "fsck", dir, "--json");
        CommandRun damaged = CommandRun.of("manifest", "verify", dir, "--json");
        assertThat(fsck.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(fsck.json().get("findings").get(0).get("name").asText()).isEqualTo(child);
        assertThat(damaged.exitCode()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(damaged.json().get("problems")).hasSize((int) promoted)
                .allSatisfy(problem -> assertThat(problem.get("kind").asText()).isEqualTo("CORRUPT_OBJECT"));
    }
}
