package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign that has a {@code campaign.json} exists, whatever happened to its store: no command
 * makes a new store for it, initialises it in another campaign's store, or leaves a file behind
 * when it refuses; a store file that is damaged and one that is no store at all are told apart.
 * Every case as a user meets it, through the command line, on a campaign {@code frontier init}
 * made (the refusals come before any job would start).
 */
class ExistingCampaignStoreTest {

    @TempDir
    Path root;

    private Path campaign() {
        return root.resolve("campaign");
    }

    private Path store() {
        return campaign().resolve("store.db");
    }

    private Path summary() {
        return campaign().resolve("reports").resolve("summary-epoch-1.json");
    }

    @Test
    void runRefusesACampaignWhoseStoreIsMissingAndKeepsTheEarlierJobsSummary() throws IOException {
        try (TestCampaign created = TestCampaign.create(root)) {
            created.writeSummary(1, Map.of(0, Map.of("executions", 3L)));
        }
        byte[] earlier = Files.readAllBytes(summary());
        Files.delete(store());

        CommandRun run = CommandRun.of("run", campaign().toString(), "--workers", "1");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(run.err()).contains("the campaign's store file is missing", "restore the file from a copy",
                "store=" + store(), "file=" + campaign().resolve("campaign.json")).doesNotContain("created");
        assertThat(store()).as("no new store made for the existing campaign").doesNotExist();
        assertThat(Files.readAllBytes(summary())).as("the first job's summary").isEqualTo(earlier);
        assertThat(campaignFiles()).containsExactlyInAnyOrder("campaign.json", "corpus", "reports");
    }

    @Test
    void resumeRefusingAMissingStoreLeavesNoFileBehindAndStatusSaysTheSame() throws IOException {
        TestCampaign.create(root).close();
        Files.delete(store());

        CommandRun resume = CommandRun.of("resume", campaign().toString(), "--fence-only");
        CommandRun status = CommandRun.of("status", campaign().toString());

        assertThat(resume.exitCode()).as(resume.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(resume.err()).contains("the campaign's store file is missing");
        assertThat(status.exitCode()).as(status.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
        assertThat(status.err()).contains("the campaign's store file is missing").doesNotContain("frontier run");
        assertThat(store()).doesNotExist();
        assertThat(campaignFiles()).containsExactlyInAnyOrder("campaign.json", "corpus", "reports");
    }

    @Test
    void runAndResumeRefuseTheStoreOfAnotherCampaignAndWriteNothingIntoIt() throws IOException {
        TestCampaign.create(root).close();
        Path other = root.resolve("other");
        CommandRun init = CommandRun.of("init", other.toString(), "--seeds", root.resolve("seeds").toString(),
                "--executor", root.resolve("executor.json").toString(), "--scratch", root.resolve("scratch").toString());
        assertThat(init.exitCode()).as(init.toString()).isZero();
        Files.copy(other.resolve("store.db"), store(), StandardCopyOption.REPLACE_EXISTING);
        List<String> copiedIn = keys(store());

        CommandRun run = CommandRun.of("run", campaign().toString(), "--workers", "1");
        CommandRun resume = CommandRun.of("resume", campaign().toString(), "--fence-only");

        for (CommandRun refused : List.of(run, resume)) {
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.USAGE);
            assertThat(refused.err()).contains("the store holds no campaign named campaign",
                    "it is not this campaign's store", "restore the campaign's own store from a copy");
        }
        assertThat(keys(store())).as("no second campaign written into the other campaign's store").isEqualTo(copiedIn);
    }

    @Test
    void runAndResumeRefuseTheStoreOfAnotherCampaignOfTheSameName() throws IOException {
        TestCampaign.create(root).close();
        Path elsewhere = root.resolve("elsewhere");
        TestCampaign.create(elsewhere).close();
        Files.copy(elsewhere.resolve("campaign").resolve("store.db"), store(), StandardCopyOption.REPLACE_EXISTING);
        List<String> copiedIn = keys(store());

        CommandRun run = CommandRun.of("run", campaign().toString(), "--workers", "1");
        CommandRun resume = CommandRun.of("resume", campaign().toString(), "--fence-only");

        for (CommandRun refused : List.of(run, resume)) {
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.USAGE);
            assertThat(refused.err()).contains("belong to different campaigns", "restore this directory's own store");
        }
        assertThat(keys(store())).isEqualTo(copiedIn);
    }

    @Test
    void aFileThatIsNoStoreIsAConfigurationErrorAndATruncatedStoreAControlFailureForEveryCommand() throws IOException {
        TestCampaign.create(root).close();
        byte[] original = Files.readAllBytes(store());
        byte[] garbage = "not a database, whatever someone copied here\n".repeat(10).getBytes(StandardCharsets.UTF_8);
        Files.write(store(), garbage);
        List<CommandRun> onGarbage = commandsOnTheCampaign();
        Files.write(store(), Arrays.copyOf(original, 60));
        List<CommandRun> onTruncatedHeader = commandsOnTheCampaign();
        Files.write(store(), Arrays.copyOf(original, 4096 + 100));
        List<CommandRun> onTruncatedPages = commandsOnTheCampaign();

        for (CommandRun run : onGarbage) {
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
            assertThat(run.err()).contains("not a Frontier store", "path=" + store());
        }
        for (CommandRun run : onTruncatedHeader) {
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
            assertThat(run.err()).contains("store file is truncated", "restore it from a copy", "bytes=60");
        }
        for (CommandRun run : onTruncatedPages) {
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.CONTROL_FAILURE);
            assertThat(run.err()).contains("store file is damaged", "restore it from a copy");
        }
    }

    @Test
    void aDeletedSeedDirectoryIsAConfigurationErrorThatSaysHowToNameAnother() throws IOException {
        TestCampaign.create(root).close();
        Files.delete(root.resolve("seeds").resolve(TestCampaign.SEED_FILE));
        Files.delete(root.resolve("seeds"));

        CommandRun resume = CommandRun.of("resume", campaign().toString(), "--fence-only");
        CommandRun run = CommandRun.of("run", campaign().toString(), "--workers", "1");

        for (CommandRun refused : List.of(resume, run)) {
            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCodes.USAGE);
            assertThat(refused.err()).contains("the campaign's seed directory does not exist",
                    "frontier campaign set " + campaign() + " --seeds DIR", "seeds=" + root.resolve("seeds"));
        }
        Files.createDirectories(root.resolve("seeds"));
        CommandRun fenced = CommandRun.of("resume", campaign().toString(), "--fence-only");
        assertThat(fenced.out()).as("neither refused command fenced a job").isEqualTo("2\n");
    }

    /** status, resume and run on the campaign, in that order, each refused before a job would start. */
    private List<CommandRun> commandsOnTheCampaign() {
        return List.of(CommandRun.of("status", campaign().toString()),
                CommandRun.of("resume", campaign().toString(), "--fence-only"),
                CommandRun.of("run", campaign().toString(), "--workers", "1"));
    }

    private List<String> campaignFiles() throws IOException {
        try (var entries = Files.list(campaign())) {
            return entries.map(path -> path.getFileName().toString()).toList();
        }
    }

    private static List<String> keys(Path storeFile) {
        try (KeyValueStore kv = KeyValueStores.open("sqlite:" + storeFile)) {
            return kv.read(tx -> tx.getRange(new byte[] {0}, new byte[] {(byte) 0xFF}, Integer.MAX_VALUE, false))
                    .stream().map(pair -> java.util.HexFormat.of().formatHex(pair.key())).toList();
        }
    }
}
