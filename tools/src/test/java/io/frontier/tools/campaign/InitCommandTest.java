package io.frontier.tools.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.pruning.PruningPolicy;
import io.frontier.store.pruning.PruningSharing;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.EpochRecord;
import io.frontier.tools.AflBuild;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import io.frontier.worker.executor.process.ProgramSearch;
import io.frontier.worker.triage.TriageConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InitCommandTest {

    @TempDir
    Path root;

    Path campaign;
    Path seeds;

    @BeforeEach
    void prepare() {
        TestCampaign.prepare(root);
        campaign = root.resolve("campaign");
        seeds = root.resolve("seeds");
    }

    private CommandRun init(String... extra) {
        List<String> args = new ArrayList<>(List.of("init", campaign.toString(), "--seeds", seeds.toString(),
                "--executor", root.resolve("executor.json").toString()));
        args.addAll(List.of(extra));
        return CommandRun.of(args.toArray(String[]::new));
    }

    private void executor(String json) throws IOException {
        Files.writeString(root.resolve("executor.json"), json);
    }

    private String target() {
        return root.resolve("bin").resolve("file-contract-target").toString();
    }

    private void assertRefusedWithNothingWritten(CommandRun run, String... messages) {
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains(messages);
        assertThat(campaign).doesNotExist();
    }

    @Test
    void initCreatesLayoutSettingsAndStoreInEpochOneSetByInit() {
        CommandRun run = init("--coordinators", "2", "--buckets", "16", "--max-attempts", "5", "--claim-batch", "4",
                "--lease", "12000");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("created campaign campaign in " + campaign, "(epoch 1)");
        CampaignSettings settings = new CampaignDirectory(campaign).read();
        assertThat(settings.coordinators()).isEqualTo(2);
        assertThat(settings.claimBatch()).isEqualTo(4);
        assertThat(settings.leaseMillis()).isEqualTo(12000);
        assertThat(settings.store()).isEqualTo("sqlite:" + campaign.resolve("store.db"));
        assertThat(settings.seeds()).isEqualTo(root.resolve("seeds").toString());
        assertThat(campaign.resolve("corpus")).isDirectory();
        assertThat(campaign.resolve("reports")).isDirectory();
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign("campaign"));
            EpochRecord epoch = store.epoch();
            assertThat(epoch.epoch()).isEqualTo(1);
            assertThat(JobName.isInit(epoch.job())).as(epoch.job()).isTrue();
            assertThat(store.config()).isEqualTo(CampaignConfig.of("campaign", 16, 5));
        }
    }

    @Test
    void aNewCampaignKeepsAPruningMapPerWorkerUnlessToldToShareOne() throws IOException {
        CommandRun perWorker = init();
        Path other = Files.createDirectories(root.resolve("other")).resolve("campaign");
        CommandRun shared = CommandRun.of("init", other.toString(), "--seeds", seeds.toString(), "--executor",
                root.resolve("executor.json").toString(), "--pruning-map", "shared");

        assertThat(perWorker.exitCode()).as(perWorker.toString()).isZero();
        assertThat(shared.exitCode()).as(shared.toString()).isZero();
        assertThat(perWorker.out()).contains("pruning map   one per worker");
        assertThat(shared.out()).contains("pruning map   shared");
        assertThat(pruningPolicy(campaign)).isEqualTo(PruningPolicy.of(PruningSharing.WORKER));
        assertThat(pruningPolicy(other)).isEqualTo(PruningPolicy.of(PruningSharing.SHARED));
    }

    @Test
    void aflAndSymccAreRepeatableByDefaultInEveryCampaignUnlessTheOptionSaysOtherwise() throws IOException {
        Files.writeString(root.resolve("afl.json"), "{\"type\": \"afl\", \"target\": \"" + target()
                + "\", \"arguments\": [\"@@\"], \"runSeconds\": 10, \"runExecutions\": 0, \"execTimeoutMillis\": 1000,"
                + " \"memoryLimitMiB\": 0, \"dictionary\": null, \"environment\": {},"
                + " \"limits\": {\"addressSpaceMiB\": 0, \"cpuSeconds\": 0, \"fileSizeMiB\": 64}}");
        CommandRun defaults = init();
        Path hybrid = Files.createDirectories(root.resolve("hybrid")).resolve("campaign");
        CommandRun hybridDefaults = CommandRun.of("init", hybrid.toString(), "--seeds", seeds.toString(), "--executor",
                root.resolve("executor.json").toString(), "--executor", root.resolve("afl.json").toString());
        Path told = Files.createDirectories(root.resolve("told")).resolve("campaign");
        CommandRun aflOnly = CommandRun.of("init", told.toString(), "--seeds", seeds.toString(), "--executor",
                root.resolve("executor.json").toString(), "--repeatable", "afl");

        assertThat(List.of(defaults, hybridDefaults, aflOnly))
                .allSatisfy(run -> assertThat(run.exitCode()).as(run.toString()).isZero());
        assertThat(explorationPolicy(campaign)).isEqualTo(ExplorationPolicy.DEFAULT);
        assertThat(ExplorationPolicy.DEFAULT.repeatable()).containsExactly("afl", "symcc");
        assertThat(explorationPolicy(hybrid).repeatable()).containsExactly("afl", "symcc");
        assertThat(explorationPolicy(told).repeatable()).containsExactly("afl");
    }

    private static ExplorationPolicy explorationPolicy(Path campaign) {
        CampaignSettings settings = new CampaignDirectory(campaign).read();
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            return new CampaignStore(kv, CampaignKeys.forCampaign(settings.name())).exploration();
        }
    }

    @Test
    void anUnknownPruningMapSharingIsRefusedNamingTheOption() {
        assertRefusedWithNothingWritten(init("--pruning-map", "global"), "--pruning-map",
                "pruning map sharing is not shared or worker");
    }

    private static PruningPolicy pruningPolicy(Path campaign) {
        CampaignSettings settings = new CampaignDirectory(campaign).read();
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            return new CampaignStore(kv, CampaignKeys.forCampaign(settings.name())).pruningPolicy();
        }
    }

    @Test
    void theDefaultScratchDirectoryIsTheCampaignsOwnEvenForTwoCampaignsOfTheSameName() throws IOException {
        Path twin = Files.createDirectories(root.resolve("elsewhere")).resolve("campaign");

        CommandRun first = init();
        CommandRun second = CommandRun.of("init", twin.toString(), "--seeds", seeds.toString(), "--executor",
                root.resolve("executor.json").toString());

        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(second.exitCode()).as(second.toString()).isZero();
        Path scratch = new CampaignDirectory(campaign).read().worker().scratchRoot();
        Path twinScratch = new CampaignDirectory(twin).read().worker().scratchRoot();
        assertThat(scratch.getParent()).isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "frontier-scratch"));
        assertThat(scratch.getFileName().toString()).startsWith("campaign-");
        assertThat(twinScratch.getFileName().toString()).startsWith("campaign-");
        assertThat(scratch).isNotEqualTo(twinScratch);
    }

    @Test
    void aMissingSeedDirectoryIsRefusedNamingIt() {
        seeds = root.resolve("no-seeds");

        assertRefusedWithNothingWritten(init(), "seed directory does not exist or is not a directory",
                "seeds=" + seeds);
    }

    @Test
    void anEmptySeedDirectoryIsRefusedNamingIt() throws IOException {
        seeds = Files.createDirectories(root.resolve("empty seeds"));

        assertRefusedWithNothingWritten(init(), "seed directory holds no seed", "seeds=" + seeds, "entries=0");
    }

    @Test
    void aSeedDirectoryOfOnlyADanglingLinkAndASubdirectoryIsRefusedNamingBoth() throws IOException {
        seeds = Files.createDirectories(root.resolve("broken seeds"));
        Files.createSymbolicLink(seeds.resolve("dangling"), root.resolve("deleted seed"));
        Files.createDirectories(seeds.resolve("nested"));

        assertRefusedWithNothingWritten(init(), "seed directory holds no seed", "seeds=" + seeds, "entries=2",
                "dangling: dangling symbolic link: its target " + root.resolve("deleted seed") + " does not exist",
                "nested: directory, not a regular file");
    }

    @Test
    void symbolicLinksToSeedFilesAreSeedsAndADanglingOneIsReportedOnStandardError() throws IOException {
        seeds = Files.createDirectories(root.resolve("linked seeds"));
        Path real = Files.writeString(root.resolve("real seed"), "seed bytes");
        Files.createSymbolicLink(seeds.resolve("link"), real);
        Path dangling = Files.createSymbolicLink(seeds.resolve("dangling"), root.resolve("deleted seed"));

        CommandRun run = init();

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.err()).contains("seed directory entry not admitted: " + dangling + ": dangling symbolic link")
                .doesNotContain(seeds.resolve("link").toString());
    }

    @Test
    void anExecutorWithAnUnknownFieldIsRefusedNamingTheField() throws IOException {
        executor("{\"type\": \"command\", \"command\": [\"" + target() + "\", \"{input}\"], \"input\": \"file\","
                + " \"environment\": {}, \"limits\": {\"addressSpaceMiB\": 64, \"cpuSeconds\": 0, \"fileSizeMiB\": 1},"
                + " \"limitz\": {}}");

        assertRefusedWithNothingWritten(init(), "executor file is not a valid executor configuration",
                "file=" + root.resolve("executor.json"), "field=limitz");
    }

    @Test
    void aMisspelledExecutorFieldIsReportedAsTheUnknownFieldWithItsLineAndColumn() throws IOException {
        executor("{\"type\": \"command\", \"command\": [\"" + target() + "\", \"{input}\", \"{output_dir}\"],\n"
                + " \"inptu\": \"file\", \"environment\": {},\n"
                + " \"limits\": {\"addressSpaceMiB\": 64, \"cpuSeconds\": 0, \"fileSizeMiB\": 1}}");

        CommandRun run = init();

        assertRefusedWithNothingWritten(run, "file=" + root.resolve("executor.json"), "line=3", "field=inptu",
                "problem=unknown field \"inptu\" (and field \"input\" is missing: misspelled?)",
                "expected=one of \"command\", \"environment\", \"input\", \"limits\", \"type\"");
        assertThat(run.err()).doesNotContain("creator", "Missing");
    }

    @Test
    void aValueOfTheWrongTypeSaysWhereWhatWasFoundAndWhatIsExpected() throws IOException {
        Path triage = Files.writeString(root.resolve("triage.json"),
                "{\"program\": \"" + target() + "\",\n \"arguments\": [\"@@\"],\n \"timeoutMillis\": \"700\"}");

        CommandRun run = init("--triage", triage.toString());

        assertRefusedWithNothingWritten(run, "triage file is not a valid triage configuration", "file=" + triage,
                "line=3", "column=", "field=timeoutMillis", "problem=wrong type: found text", "expected=an integer");
        assertThat(run.err()).doesNotContain("CoercionConfig", "coerce");
    }

    @Test
    void aCommandExecutorWithoutAnOutputDirectoryIsRefusedSayingWhy() throws IOException {
        executor("{\"type\": \"command\", \"command\": [\"" + target() + "\", \"{input}\"], \"input\": \"file\","
                + " \"environment\": {}, \"limits\": {\"addressSpaceMiB\": 64, \"cpuSeconds\": 0, \"fileSizeMiB\": 1}}");

        assertRefusedWithNothingWritten(init(), "command executor has no {output_dir} argument",
                "the campaign would never get beyond its seeds", "file=" + root.resolve("executor.json"));
    }

    @Test
    void aDamagedSettingsFileIsReportedWithItsLineColumnAndField() throws IOException {
        assertThat(init().exitCode()).isZero();
        Path settings = campaign.resolve(CampaignDirectory.SETTINGS);
        String text = Files.readString(settings);
        Files.writeString(settings, text.replace("\"coordinators\":", "\n\"coordinatorz\":"));

        CommandRun run = CommandRun.of("status", campaign.toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("campaign settings are invalid", "file=" + settings, "line=2", "column=",
                "field=coordinatorz", "unknown field \"coordinatorz\"");
        assertThat(run.err()).doesNotContain("Missing creator");
    }

    @Test
    void anExecutorWithAWronglyTypedNestedFieldIsRefusedNamingItsPath() throws IOException {
        executor("{\"type\": \"command\", \"command\": [\"" + target() + "\", \"{input}\"], \"input\": \"file\","
                + " \"environment\": {}, \"limits\": {\"addressSpaceMiB\": \"big\", \"cpuSeconds\": 0, \"fileSizeMiB\": 1}}");

        assertRefusedWithNothingWritten(init(), "field=limits.addressSpaceMiB");
    }

    @Test
    void anExecutorMissingAFieldIsRefusedNamingTheField() throws IOException {
        executor("{\"type\": \"command\", \"command\": [\"" + target() + "\", \"{input}\"], \"environment\": {},"
                + " \"limits\": {\"addressSpaceMiB\": 64, \"cpuSeconds\": 0, \"fileSizeMiB\": 1}}");

        assertRefusedWithNothingWritten(init(), "field=input");
    }

    @Test
    void anExecutorProgramThatIsNotExecutableIsRefusedNamingIt() throws IOException {
        Path plain = Files.writeString(root.resolve("not-a-program"), "#!/bin/sh\n");
        executor("{\"type\": \"command\", \"command\": [\"" + plain + "\", \"{input}\"], \"input\": \"file\","
                + " \"environment\": {}, \"limits\": {\"addressSpaceMiB\": 64, \"cpuSeconds\": 0, \"fileSizeMiB\": 1}}");

        assertRefusedWithNothingWritten(init(), "executor program is not an executable file on this machine",
                "program=" + plain);
    }

    @Test
    void aTriageFileNamesTheCoverageBuildEveryWorkerRuns() throws IOException {
        Path triage = Files.writeString(root.resolve("triage.json"),
                "{\"program\": \"" + target() + "\", \"arguments\": [\"@@\"], \"timeoutMillis\": 700}");

        CommandRun run = init("--triage", triage.toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("triage        " + target() + " @@ (forks once per child; a build with __AFL_LOOP");
        assertThat(new CampaignDirectory(campaign).read().worker().triageConfig())
                .contains(new TriageConfig(target(), List.of("@@"), 700));
    }

    @Test
    void aTriagingCampaignWithItsScratchUnderDevIsRefusedNamingTheScratch() throws IOException {
        Path triage = Files.writeString(root.resolve("triage.json"),
                "{\"program\": \"" + target() + "\", \"arguments\": [\"@@\"], \"timeoutMillis\": 700}");

        CommandRun refused = init("--triage", triage.toString(), "--scratch", "/dev/shm/../shm/frontier-scratch");

        assertRefusedWithNothingWritten(refused, "scratch directory is under /dev", "afl-showmap",
                "scratch=/dev/shm/frontier-scratch");
    }

    @Test
    void aCampaignThatDoesNotTriageMayKeepItsScratchUnderDev() {
        CommandRun run = init("--scratch", "/dev/shm/frontier-scratch");

        assertThat(run.exitCode()).as(run.toString()).isZero();
    }

    @Test
    void aTriageBuildWithAPersistentLoopIsNamedAsOne() throws Exception {
        assumeTrue(ProgramSearch.onPath("afl-cc").isPresent(), "afl-cc is not installed (scripts/setup.sh installs it)");
        Path source = Files.writeString(root.resolve("loop.c"), """
                #include <stdio.h>
                int main(int argc, char **argv) {
                  while (__AFL_LOOP(1000)) {
                    FILE *f = fopen(argv[1], "rb");
                    if (f != NULL) { fclose(f); }
                  }
                  return 0;
                }
                """);
        Path binary = AflBuild.compile(source, root.resolve("loop"));
        Path triage = Files.writeString(root.resolve("triage.json"),
                "{\"program\": \"" + binary + "\", \"arguments\": [\"@@\"], \"timeoutMillis\": 700}");

        CommandRun run = init("--triage", triage.toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("triage        " + binary + " @@ (persistent loop: many children per process)");
    }

    @Test
    void withoutATriageFileChildrenAreNotTriaged() {
        CommandRun run = init();

        assertThat(run.out()).contains("triage        none (children are not triaged)");
        assertThat(new CampaignDirectory(campaign).read().worker().triageConfig()).isEmpty();
    }

    @Test
    void aTriageFileWithAnUnknownFieldOrAMissingProgramIsRefusedNamingIt() throws IOException {
        Path triage = Files.writeString(root.resolve("triage.json"),
                "{\"program\": \"" + target() + "\", \"arguments\": [], \"timeoutMillis\": 700, \"map\": 1}");
        assertRefusedWithNothingWritten(init("--triage", triage.toString()),
                "triage file is not a valid triage configuration", "field=map");

        Path missing = root.resolve("no-such-build");
        Files.writeString(triage, "{\"program\": \"" + missing + "\", \"arguments\": [], \"timeoutMillis\": 700}");
        assertRefusedWithNothingWritten(init("--triage", triage.toString()),
                "triage program is not an executable file on this machine", "program=" + missing);
    }

    @Test
    void anInvalidStoreUrlIsRefused() {
        assertRefusedWithNothingWritten(init("--store", "mysql://db/campaign"), "store URL has an unknown scheme", "mysql");
    }

    @Test
    void aClaimBatchAboveTheStoreLimitIsRefused() {
        assertRefusedWithNothingWritten(init("--claim-batch", Integer.toString(CampaignStore.MAX_CLAIM + 1)),
                "--claim-batch " + (CampaignStore.MAX_CLAIM + 1) + " is out of range: allowed 1 to "
                        + CampaignStore.MAX_CLAIM + " items");
    }

    @Test
    void anExistingCampaignIsRefusedNamingItsSettingsFileAndLeftAsItWas() throws IOException {
        assertThat(init().exitCode()).isZero();
        byte[] settings = Files.readAllBytes(campaign.resolve("campaign.json"));

        CommandRun again = init("--coordinators", "3");

        assertThat(again.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(again.err()).contains("campaign already exists", "file=" + campaign.resolve("campaign.json"));
        assertThat(Files.readAllBytes(campaign.resolve("campaign.json"))).isEqualTo(settings);
    }

    @Test
    void aStoreHoldingACampaignOfTheSameNameIsRefused() {
        String shared = "sqlite:" + root.resolve("shared.db");
        assertThat(init("--store", shared).exitCode()).isZero();
        campaign = root.resolve("elsewhere").resolve("campaign");

        assertRefusedWithNothingWritten(init("--store", shared), "store already holds a campaign of this name",
                "campaign=campaign");
    }

    @Test
    void runCreatesANewCampaignThroughTheSameChecks() {
        Path missing = root.resolve("no-seeds");

        CommandRun run = CommandRun.of("run", campaign.toString(), "--seeds", missing.toString(), "--executor",
                root.resolve("executor.json").toString());

        assertRefusedWithNothingWritten(run, "seed directory does not exist or is not a directory");
    }

    @Test
    void theFirstRunRefusesAnEmptySeedDirectoryBeforeAnyJobStarts() throws IOException {
        Path empty = Files.createDirectories(root.resolve("empty seeds"));

        CommandRun run = CommandRun.of("run", campaign.toString(), "--seeds", empty.toString(), "--executor",
                root.resolve("executor.json").toString());

        assertRefusedWithNothingWritten(run, "seed directory holds no seed", "seeds=" + empty);
    }

    @Test
    void runOfANewCampaignWithoutSeedsIsAUsageError() {
        CommandRun run = CommandRun.of("run", campaign.toString());

        assertRefusedWithNothingWritten(run, "a new campaign needs --seeds and --executor");
    }
}
