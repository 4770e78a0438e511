package io.frontier.tools.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Copying and moving a campaign directory as a user does, with {@code cp -a} and {@code mv}, then
 * using the copy with the real commands: a copy with its own store file is a campaign of its own
 * and never changes the original; a copy that shares the original's store is refused.
 */
class CampaignCopyTest {

    @TempDir
    Path root;

    private Path original() {
        return root.resolve("campaign");
    }

    private static void shell(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        assertThat(process.waitFor()).as(String.join(" ", command)).isZero();
    }

    private static CommandRun cli(String... args) {
        return CommandRun.of(args);
    }

    private static JsonNode status(Path campaign) {
        CommandRun status = cli("status", campaign.toString(), "--json");
        assertThat(status.exitCode()).as(status.toString()).isZero();
        return status.json();
    }

    private static long epoch(Path campaign) {
        return status(campaign).path("epoch").path("number").asLong();
    }

    private static JsonNode settingsFile(Path campaign) throws IOException {
        return new ObjectMapper().readTree(campaign.resolve(CampaignDirectory.SETTINGS).toFile());
    }

    private static CampaignIdentity storeIdentity(String store) {
        try (KeyValueStore kv = KeyValueStores.open(store)) {
            return new CampaignStore(kv, CampaignKeys.forCampaign("campaign")).identity();
        }
    }

    @Test
    void resumingACopyMovesTheCopysEpochAndLeavesTheOriginalUntouched() throws Exception {
        TestCampaign.create(root).close();
        Path copy = root.resolve("copy");
        shell("cp", "-a", original().toString(), copy.toString());

        CommandRun resumed = cli("resume", copy.toString(), "--fence-only");

        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        assertThat(resumed.out()).isEqualTo("2\n");
        assertThat(epoch(copy)).isEqualTo(2);
        assertThat(epoch(original())).as("the original's store").isEqualTo(1);
        assertThat(status(original()).path("epoch").path("job").asText()).startsWith("init:");
        CommandRun replay = cli("replay", original().toString());
        assertThat(replay.exitCode()).as("the original has no job that may still run: %s", replay).isZero();
    }

    @Test
    void adoptingACopyTwiceIssuesOneIdentityAndTheSecondAdoptionSaysNothingChanged() throws Exception {
        TestCampaign.create(root).close();
        Path copy = root.resolve("copy");
        shell("cp", "-a", original().toString(), copy.toString());

        CommandRun first = cli("campaign", "adopt", copy.toString(), "--json");
        CommandRun second = cli("campaign", "adopt", copy.toString(), "--json");
        CommandRun text = cli("campaign", "adopt", copy.toString());

        assertThat(first.exitCode()).as(first.toString()).isZero();
        String id = first.json().path("id").asText();
        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(second.json().path("change").asText()).isEqualTo("unchanged");
        assertThat(second.json().path("id").asText()).isEqualTo(id);
        assertThat(text.out()).contains("has an identity of its own already", "nothing changed", id);
        assertThat(settingsFile(copy).path("id").asText()).isEqualTo(id);
        assertThat(storeIdentity("sqlite:" + copy.resolve("store.db")).id()).isEqualTo(id);
    }

    @Test
    void adoptingTheOriginalIssuesNoNewIdentity() throws Exception {
        TestCampaign.create(root).close();
        String id = settingsFile(original()).path("id").asText();

        CommandRun adopt = cli("campaign", "adopt", original().toString(), "--json");

        assertThat(adopt.exitCode()).as(adopt.toString()).isZero();
        assertThat(adopt.json().path("change").asText()).isEqualTo("unchanged");
        assertThat(settingsFile(original()).path("id").asText()).isEqualTo(id);
        assertThat(storeIdentity("sqlite:" + original().resolve("store.db")).id()).isEqualTo(id);
    }

    @Test
    void adoptIsRefusedWhileAJobOfTheCampaignMayBeRunningAsCampaignSetIs() throws Exception {
        TestCampaign.create(root).close();
        Path copy = root.resolve("copy");
        shell("cp", "-a", original().toString(), copy.toString());
        String copyId = settingsFile(copy).path("id").asText();
        CommandRun started = cli("resume", copy.toString(), "--fence-only");
        assertThat(started.exitCode()).as(started.toString()).isZero();

        CommandRun adopt = cli("campaign", "adopt", copy.toString());

        assertThat(adopt.exitCode()).as(adopt.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(adopt.err()).contains("a job of the campaign may be running", "adopted only between jobs",
                "(epoch 2)");
        assertThat(settingsFile(copy).path("id").asText()).isEqualTo(copyId);
        assertThat(copy.resolve(Adoption.PENDING)).doesNotExist();
    }

    @Test
    void campaignJsonKeepsPathsInsideTheCampaignRelativeAndTheIdThatItsStoreHolds() throws Exception {
        TestCampaign.create(root).close();

        JsonNode file = settingsFile(original());

        assertThat(file.path("store").asText()).isEqualTo("sqlite:store.db");
        assertThat(file.toString()).doesNotContain(original().toString());
        assertThat(file.path("seeds").asText()).as("outside the campaign").isEqualTo(root.resolve("seeds").toString());
        String id = file.path("id").asText();
        assertThat(id).matches("[0-9a-f]{32}");
        assertThat(storeIdentity("sqlite:" + original().resolve("store.db")).id()).isEqualTo(id);
    }

    @Test
    void aMovedCampaignOpensAndResumesWhereItIsNow() throws Exception {
        TestCampaign.create(root).close();
        Path moved = root.resolve("elsewhere").resolve("moved");
        Files.createDirectories(moved.getParent());
        shell("mv", original().toString(), moved.toString());

        CommandRun resumed = cli("resume", moved.toString(), "--fence-only");

        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        assertThat(epoch(moved)).isEqualTo(2);
        assertThat(status(moved).path("store").asText()).isEqualTo("sqlite:" + moved.resolve("store.db"));
        assertThat(original()).doesNotExist();
    }

    @Test
    void aCampaignOpenedThroughAnotherPathToItsDirectoryUsesItsOwnStore() throws Exception {
        // As a cluster node that mounts the shared filesystem elsewhere sees it.
        TestCampaign.create(root).close();
        Path mount = root.resolve("mount");
        Files.createSymbolicLink(mount, root);
        Path there = mount.resolve("campaign");

        CommandRun resumed = cli("resume", there.toString(), "--fence-only");

        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        assertThat(epoch(original())).isEqualTo(2);
        assertThat(status(there).path("store").asText()).isEqualTo("sqlite:" + there.resolve("store.db"));
    }

    @Test
    void adoptGivesACopyANewIdInItsSettingsAndItsStoreAndTheOriginalKeepsItsOwn() throws Exception {
        TestCampaign.create(root).close();
        Path copy = root.resolve("copy");
        shell("cp", "-a", original().toString(), copy.toString());
        String originalId = settingsFile(original()).path("id").asText();

        CommandRun adopt = cli("campaign", "adopt", copy.toString(), "--json");

        assertThat(adopt.exitCode()).as(adopt.toString()).isZero();
        JsonNode adopted = adopt.json();
        assertThat(adopted.path("change").asText()).isEqualTo("new identity");
        assertThat(adopted.path("previousId").asText()).isEqualTo(originalId);
        String newId = adopted.path("id").asText();
        assertThat(newId).matches("[0-9a-f]{32}").isNotEqualTo(originalId);
        assertThat(settingsFile(copy).path("id").asText()).isEqualTo(newId);
        assertThat(storeIdentity("sqlite:" + copy.resolve("store.db")).id()).isEqualTo(newId);
        assertThat(settingsFile(original()).path("id").asText()).isEqualTo(originalId);
        assertThat(storeIdentity("sqlite:" + original().resolve("store.db")).id()).isEqualTo(originalId);
        assertThat(copy.resolve(Adoption.PENDING)).doesNotExist();
        assertThat(cli("resume", copy.toString(), "--fence-only").exitCode()).isZero();
        assertThat(epoch(original())).isEqualTo(1);
    }

    @Test
    void anAdoptionInterruptedAfterTheStoreTookTheNewIdIsFinishedByAdoptingAgain() throws Exception {
        TestCampaign.create(root).close();
        Path copy = root.resolve("copy");
        shell("cp", "-a", original().toString(), copy.toString());
        // The state a crash leaves between the store's new id and the rename over campaign.json.
        CampaignDirectory directory = new CampaignDirectory(copy);
        CampaignSettings adopting = directory.read().withId(CampaignIdentity.newId());
        directory.write(new DurableFiles(new Fsync()), adopting, Adoption.PENDING);
        try (KeyValueStore kv = KeyValueStores.open(adopting.store())) {
            new CampaignStore(kv, CampaignKeys.forCampaign("campaign"))
                    .replaceIdentity(directory.read().id(), StoreBinding.identity(directory, adopting));
        }
        CommandRun refused = cli("status", copy.toString());
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.USAGE);

        CommandRun adopt = cli("campaign", "adopt", copy.toString(), "--json");

        assertThat(adopt.exitCode()).as(adopt.toString()).isZero();
        assertThat(adopt.json().path("change").asText()).isEqualTo("finished an interrupted adoption");
        assertThat(adopt.json().path("id").asText()).isEqualTo(adopting.id());
        assertThat(settingsFile(copy).path("id").asText()).isEqualTo(adopting.id());
        assertThat(copy.resolve(Adoption.PENDING)).doesNotExist();
        assertThat(epoch(copy)).isEqualTo(1);
    }

    @Test
    void aStoreOfAnotherCampaignIsRefusedAndLeftAsItIs() throws Exception {
        TestCampaign.create(root).close();
        Path other = root.resolve("other");
        TestCampaign.create(other).close();
        Files.copy(other.resolve("campaign").resolve("store.db"), original().resolve("store.db"),
                StandardCopyOption.REPLACE_EXISTING);

        CommandRun status = cli("status", original().toString());
        CommandRun resume = cli("resume", original().toString(), "--fence-only");

        assertThat(status.exitCode()).as(status.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(status.err()).contains("campaign.json and its store belong to different campaigns",
                "restore this directory's own store", "campaignId=" + settingsFile(original()).path("id").asText(),
                "storeCampaignId=" + settingsFile(other.resolve("campaign")).path("id").asText());
        assertThat(resume.exitCode()).as(resume.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(resume.err()).contains("belong to different campaigns");
        assertThat(epoch(other.resolve("campaign"))).isEqualTo(1);
    }

    @Test
    void aCopySharingTheOriginalsStoreIsRefusedUntilItIsTheOriginalMoved() throws Exception {
        Path shared = root.resolve("shared");
        Files.createDirectories(shared);
        String store = "sqlite:" + shared.resolve("store.db");
        TestCampaign.prepare(root);
        CommandRun init = cli("init", original().toString(), "--seeds", root.resolve("seeds").toString(),
                "--executor", root.resolve("executor.json").toString(), "--store", store);
        assertThat(init.exitCode()).as(init.toString()).isZero();
        Path copy = root.resolve("copy");
        shell("cp", "-a", original().toString(), copy.toString());

        CommandRun resume = cli("resume", copy.toString(), "--fence-only");
        CommandRun status = cli("status", copy.toString());
        CommandRun adopt = cli("campaign", "adopt", copy.toString());

        assertThat(resume.exitCode()).as(resume.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(resume.err()).contains("this directory is a copy of a campaign", "shares the original's store",
                "use the original directory", "frontier campaign adopt --moved " + copy);
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(adopt.exitCode()).as(adopt.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(adopt.err()).contains("one store cannot hold two campaigns", "Frontier does not copy a store's data");
        assertThat(epoch(original())).as("the original opens as before").isEqualTo(1);

        // The original goes; the copy is now the campaign, moved as if to another filesystem.
        shell("rm", "-r", original().toString());
        CommandRun moved = cli("campaign", "adopt", "--moved", copy.toString());
        assertThat(moved.exitCode()).as(moved.toString()).isZero();
        assertThat(moved.out()).contains("moved");
        CommandRun again = cli("campaign", "adopt", "--moved", copy.toString());
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.out()).contains("nothing changed");
        CommandRun resumed = cli("resume", copy.toString(), "--fence-only");
        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        assertThat(resumed.out()).isEqualTo("2\n");
    }

    @Test
    void anOlderCampaignOpensInItsDirectoryIsRefusedInACopyAndAdoptGivesTheCopyItsOwnIdentity() throws Exception {
        TestCampaign.create(root).close();
        writeAsOlderFrontier(original());
        Path copy = root.resolve("copy");
        shell("cp", "-a", original().toString(), copy.toString());

        assertThat(epoch(original())).isEqualTo(1);
        CommandRun refused = cli("resume", copy.toString(), "--fence-only");
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(refused.err()).contains("written by an older Frontier", "frontier campaign adopt " + copy,
                "recordedDirectory=" + original());
        assertThat(epoch(original())).isEqualTo(1);

        CommandRun adopt = cli("campaign", "adopt", copy.toString(), "--json");
        assertThat(adopt.exitCode()).as(adopt.toString()).isZero();
        assertThat(adopt.json().path("previousId").isNull()).isTrue();
        assertThat(adopt.json().path("store").asText()).isEqualTo("sqlite:" + copy.resolve("store.db"));
        assertThat(settingsFile(copy).path("store").asText()).isEqualTo("sqlite:store.db");
        assertThat(cli("resume", copy.toString(), "--fence-only").exitCode()).isZero();
        assertThat(epoch(copy)).isEqualTo(2);
        assertThat(epoch(original())).isEqualTo(1);
        assertThat(storeIdentity("sqlite:" + original().resolve("store.db"))).isNull();
    }

    @Test
    void resumeUpgradesAnOlderCampaignInItsOwnDirectory() throws Exception {
        TestCampaign.create(root).close();
        writeAsOlderFrontier(original());

        CommandRun resumed = cli("resume", original().toString(), "--fence-only");

        assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
        assertThat(resumed.err()).contains("upgraded " + original().resolve(CampaignDirectory.SETTINGS));
        JsonNode file = settingsFile(original());
        assertThat(file.path("schema").asInt()).isEqualTo(CampaignSettings.SCHEMA);
        assertThat(file.path("store").asText()).isEqualTo("sqlite:store.db");
        assertThat(storeIdentity("sqlite:" + original().resolve("store.db")).id()).isEqualTo(file.path("id").asText());
        assertThat(epoch(original())).isEqualTo(2);
    }

    @Test
    void campaignWithoutASubcommandIsAUsageErrorAndAdoptExplainsItself() {
        CommandRun bare = cli("campaign");
        CommandRun help = cli("campaign", "adopt", "--help");

        assertThat(bare.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(bare.err()).contains("adopt");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Usage: frontier campaign adopt", "--moved", "--json", "cp -a", "mv",
                "Exit codes:");
    }

    /**
     * Rewrites the campaign as Frontier wrote it before campaign ids: campaign.json with absolute
     * paths and no id, a store without an identity.
     */
    private static void writeAsOlderFrontier(Path campaign) throws IOException {
        CampaignSettings settings = new CampaignDirectory(campaign).read();
        ObjectNode legacy = (ObjectNode) new ObjectMapper().readTree(WireCodec.encode(settings));
        legacy.remove("id");
        legacy.put("schema", CampaignSettings.LEGACY_SCHEMA);
        Files.write(campaign.resolve(CampaignDirectory.SETTINGS), new ObjectMapper().writeValueAsBytes(legacy));
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            kv.run(tx -> {
                tx.clear(CampaignKeys.forCampaign(settings.name()).identity());
                return null;
            });
        }
        assertThat(settingsFile(campaign).path("store").asText()).isEqualTo(settings.store());
    }
}
