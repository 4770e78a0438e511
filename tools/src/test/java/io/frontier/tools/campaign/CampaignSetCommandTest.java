package io.frontier.tools.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.record.JobPhase;
import io.frontier.store.record.SettingsChange;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import io.frontier.worker.executor.testing.FileContractTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code frontier run} on an existing campaign and {@code frontier campaign set}, as a user runs
 * them on a campaign made by {@code frontier init}: real settings file, real store.
 */
class CampaignSetCommandTest {

    @TempDir
    Path root;

    private TestCampaign campaign;
    private byte[] before;

    @BeforeEach
    void create() throws IOException {
        campaign = TestCampaign.create(root);
        before = Files.readAllBytes(settingsFile());
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void runOnAnExistingCampaignRefusesEveryCreationOptionNamingItAndSaysHowToChangeSettings() throws IOException {
        Path triage = Files.writeString(root.resolve("triage.json"), "{}");

        CommandRun run = CommandRun.of("run", campaign.directory.toString(), "--seeds", root.resolve("seeds").toString(),
                "--time-limit", "5", "--triage", triage.toString(), "--workers", "1");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--seeds, --time-limit, --triage are refused",
                "frontier campaign set " + campaign.directory);
        assertUnchanged();
        assertThat(campaign.store.epoch().epoch()).as("no job was started").isEqualTo(1);
    }

    @Test
    void aLongerTimeLimitAndANewSeedDirectoryAreWrittenAtomicallyAndRecordedInTheStore() throws IOException {
        Path newSeeds = Files.createDirectories(root.resolve("more-seeds"));

        CommandRun run = set("--time-limit", "120000", "--seeds", newSeeds.toString(), "--json");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        CampaignSettings settings = new CampaignDirectory(campaign.directory).read();
        assertThat(settings.worker().timeLimitMillis()).isEqualTo(120000);
        assertThat(settings.seeds()).isEqualTo(newSeeds.toString());
        List<SettingsChange> changes = campaign.store.settingsChanges();
        assertThat(changes).hasSize(1);
        assertThat(changes.get(0).sequence()).isEqualTo(1);
        assertThat(changes.get(0).epoch()).isEqualTo(1);
        assertThat(changes.get(0).changes()).containsExactly("seeds " + root.resolve("seeds") + " -> " + newSeeds,
                "timeLimitMillis 60000 -> 120000");
        assertThat(changes.get(0).settingsSha256()).as("the store names the file the change wrote")
                .isEqualTo(ContentHasher.hashFile(settingsFile()).digest().hex());
        JsonNode json = run.json();
        assertThat(json.get("outcome").asText()).isEqualTo("CHANGED");
        assertThat(json.get("sequence").asLong()).isEqualTo(1);
        assertThat(json.get("changes")).hasSize(2);
        try (var entries = Files.list(campaign.directory)) {
            assertThat(entries.map(entry -> entry.getFileName().toString())).as("no temporary file left")
                    .noneMatch(name -> name.startsWith("."));
        }
    }

    @Test
    void aShorterTimeLimitIsRefusedWithTheReasonAndChangesNothing() throws IOException {
        CommandRun run = set("--time-limit", "1000");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("the time limit can only grow", "would count as hangs");
        assertUnchanged();
    }

    @Test
    void aRebuiltTargetAtANewPathReplacesTheExecutorOfItsKindAndIsRecordedWithItsDigest() throws IOException {
        Path rebuilt = FileContractTarget.install(root.resolve("rebuilt"));
        Path executor = root.resolve("rebuilt.json");
        Files.write(executor, WireCodec.encode(FileContractTarget.command(rebuilt, List.of())));

        CommandRun run = set("--executor", executor.toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(new CampaignDirectory(campaign.directory).read().worker().executors().get(0).kind())
                .isEqualTo("command");
        assertThat(WireCodec.encode(new CampaignDirectory(campaign.directory).read().worker().executors().get(0)))
                .isEqualTo(Files.readAllBytes(executor));
        assertThat(campaign.store.settingsChanges().get(0).changes().get(0))
                .contains("executor command replaced", "program " + rebuilt,
                        "sha256 " + ContentHasher.hashFile(rebuilt).digest().hex());
        assertThat(run.out()).contains("settings change 1 recorded", "applies from the next job");
    }

    @Test
    void aTargetRebuiltInPlaceIsRecordedWithoutChangingTheSettingsFileContent() throws IOException {
        CommandRun first = set("--rebuilt", "command");
        CommandRun unknown = set("--rebuilt", "afl");

        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(campaign.store.settingsChanges()).hasSize(1);
        assertThat(campaign.store.settingsChanges().get(0).changes().get(0)).contains("command program rebuilt in place");
        assertThat(Files.readAllBytes(settingsFile())).isEqualTo(before);
        assertThat(unknown.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(unknown.err()).contains("the campaign has no executor of this kind", "rebuilt=afl");
    }

    @Test
    void anExecutorOfAnotherKindIsRefusedWithTheReason() throws IOException {
        Path afl = Files.writeString(root.resolve("afl.json"), "{\"type\": \"afl\", \"target\": \""
                + program() + "\", \"arguments\": [\"@@\"], \"runSeconds\": 1, \"runExecutions\": 0,"
                + " \"execTimeoutMillis\": 1000, \"memoryLimitMiB\": 0, \"dictionary\": null, \"environment\": {},"
                + " \"limits\": {\"addressSpaceMiB\": 0, \"cpuSeconds\": 0, \"fileSizeMiB\": 64}}");

        CommandRun run = set("--executor", afl.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("an executor kind cannot be added, removed or changed after creation",
                "kind=afl", "campaignKinds=[command]");
        assertUnchanged();
    }

    @Test
    void triageCannotBeAddedToACampaignCreatedWithoutIt() throws IOException {
        Path triage = Files.writeString(root.resolve("triage.json"),
                "{\"program\": \"" + program() + "\", \"arguments\": [\"@@\"], \"timeoutMillis\": 700}");

        CommandRun run = set("--triage", triage.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("created without triage, and triage cannot be added later");
        assertUnchanged();
    }

    @Test
    void settingsThatAreFixedOrJobOptionsAreRefusedWithTheirReason() throws IOException {
        CommandRun coordinators = set("--coordinators", "2");
        CommandRun workers = set("--workers", "4");
        CommandRun buckets = set("--buckets", "8");

        assertThat(coordinators.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(coordinators.err()).contains("--coordinators cannot be changed on an existing campaign");
        assertThat(workers.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(workers.err()).contains("it is a job option, not a setting: pass it to frontier run or frontier resume");
        assertThat(buckets.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(buckets.err()).contains("--buckets cannot be changed");
        assertUnchanged();
    }

    @Test
    void aChangeIsRefusedWhileTheCampaignsJobMayBeRunning() throws IOException {
        double now = TestCampaign.now();
        campaign.store.bumpEpoch(1, "job-running", now);
        campaign.store.beat(2, new JobHeartbeat(JobHeartbeat.SCHEMA, 2, "job-running", "node-1", 4242, 2, 5000,
                JobPhase.RUNNING, now));

        CommandRun run = set("--time-limit", "120000");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("a job of the campaign may be running", "job-running", "node-1 pid 4242");
        assertUnchanged();
    }

    @Test
    void nothingToChangeIsAUsageErrorAndTheSameValueChangesNothing() throws IOException {
        CommandRun nothing = set();
        CommandRun same = set("--time-limit", "60000");

        assertThat(nothing.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(nothing.err()).contains("nothing to change");
        assertThat(same.exitCode()).as(same.toString()).isZero();
        assertThat(same.out()).contains("nothing changed");
        assertUnchanged();
    }

    @Test
    void bareCampaignIsAUsageErrorWithItsUsageOnStandardError() {
        CommandRun run = CommandRun.of("campaign");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("missing subcommand", "Usage: frontier campaign");
        assertThat(run.out()).isEmpty();
    }

    private CommandRun set(String... options) {
        String[] args = new String[options.length + 3];
        args[0] = "campaign";
        args[1] = "set";
        args[2] = campaign.directory.toString();
        System.arraycopy(options, 0, args, 3, options.length);
        return CommandRun.of(args);
    }

    /** The campaign's executor program, an executable file. */
    private Path program() {
        return CampaignCreation.program(new CampaignDirectory(campaign.directory).read().worker().executors().get(0));
    }

    private Path settingsFile() {
        return campaign.directory.resolve(CampaignDirectory.SETTINGS);
    }

    private void assertUnchanged() throws IOException {
        assertThat(Files.readAllBytes(settingsFile())).as("campaign.json unchanged").isEqualTo(before);
        assertThat(campaign.store.settingsChanges()).as("no change recorded").isEmpty();
    }
}
