package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.view.ManifestView;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the executions of a real job (mpirun, rank JVMs, a command executor running a shell
 * engine) leave, and what becomes of it: a crash or a hang is a finding of its input without
 * triage; children in subdirectories of the output directory are collected, symbolic links are
 * not followed but counted loudly; ten thousand children of one execution are all declared,
 * committed and queued.
 */
@Tag("mpi")
@Timeout(400)
class ExecutionOutputsIT {

    /**
     * The engine: by the word its input starts with, it dies of SIGSEGV, hangs, writes a child
     * into {@code queue/} AFL-style with two symbolic links beside it, or writes ten thousand
     * children; children start with "child", so they do none of it.
     */
    private static final String ENGINE = """
            #!/bin/sh
            content=$(cat "$1")
            case "$content" in
              crash*) kill -SEGV $$ ;;
              hang*) sleep 600 ;;
              queue*)
                mkdir -p "$2/queue/.state"
                printf 'child of %s\\n' "$content" > "$2/queue/id:000001,src:000000"
                ln -s /etc/passwd "$2/queue/.state/outside"
                ln -s "$2/queue/id:000001,src:000000" "$2/inside" ;;
              wide*)
                i=0
                while [ $i -lt 10000 ]; do printf 'child %d of %s\\n' $i "$content" > "$2/c$i"; i=$((i + 1)); done ;;
            esac
            exit 0
            """;

    @TempDir
    Path directory;

    @Test
    void aCrashAndAHangWithoutTriageAreFindingsThatFindingsStatusAndTheReportShow() throws Exception {
        CampaignHarness campaign = campaign();
        campaign.addSeed("crash", "crash me\n");
        campaign.addSeed("hang", "hang me\n");
        campaign.addSeed("fine", "fine\n");

        // A time-out is not retried with more time (--time-limit-cap 1): one run shows the hang.
        CampaignHarness.Run run = campaign.run(1, 2, "--time-limit", "3000", "--time-limit-cap", "1");

        assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
        String dir = campaign.campaign.toString();
        CommandRun findings = CommandRun.of("findings", dir, "--json");
        assertThat(findings.exitCode()).as(findings.toString()).isZero();
        assertThat(findings.out()).contains("\"signal:11\"", "\"timeout\"", "\"crash\"", "\"hang\"");
        JsonNode status = CommandRun.of("status", dir, "--json").json();
        assertThat(status.get("findings").asLong()).isEqualTo(2);
        CommandRun text = CommandRun.of("findings", dir);
        assertThat(text.out()).contains("signal:11", "timeout", "2 findings under 2 signatures");
        CommandRun report = CommandRun.of("report", dir, "--output", directory.resolve("report.html").toString());
        assertThat(report.exitCode()).as(report.toString()).isZero();
        assertThat(Files.readString(directory.resolve("report.html"))).contains("signal:11", "timeout");
    }

    @Test
    void childrenInSubdirectoriesAreCollectedAndSymbolicLinksAreNotFollowedButCountedLoudly() throws Exception {
        CampaignHarness campaign = campaign();
        campaign.addSeed("queue", "queue seed\n");
        LauncherProcess launcher = LauncherProcess.start(directory, campaign.runArguments(1, 1));
        int exitCode;
        try {
            exitCode = launcher.exitCode(Duration.ofSeconds(240));
        } finally {
            launcher.kill();
        }

        assertThat(exitCode).as(launcher.err()).isEqualTo(ExitCodes.OK);
        assertThat(campaign.counts().get(Counter.DONE)).as("the seed and its queued child").isEqualTo(2);
        assertThat(launcher.err()).contains("outputs left out of the children", "symbolicLinks=2 (not followed)",
                "symbolic link queue/.state/outside -> /etc/passwd");
        ManifestRecord seed = entries(campaign).stream().filter(entry -> entry.children().size() == 1).findFirst()
                .orElseThrow();
        assertThat(seed.entry().leftOut().links()).isEqualTo(2);
        String dir = campaign.campaign.toString();
        JsonNode status = CommandRun.of("status", dir, "--json").json();
        assertThat(status.get("leftOut").get("links").asLong()).isEqualTo(2);
        assertThat(CommandRun.of("status", dir).out()).contains("left out  2 outputs of committed executions",
                "2 symbolic links (not followed)");
        CommandRun show = CommandRun.of("manifest", "show", dir, seed.id().toString());
        assertThat(show.out()).contains("left out   2 outputs: 2 symbolic links (not followed)");
    }

    @Test
    void tenThousandChildrenOfOneExecutionAreEveryOneDeclaredCommittedAndQueued() throws Exception {
        // Staging fsyncs every child: on a memory filesystem, where that costs nothing, the test
        // takes seconds instead of minutes, and still runs every step a real disk would.
        Path memory = Path.of("/dev/shm");
        Path root = Files.isDirectory(memory) && Files.isWritable(memory)
                ? Files.createTempDirectory(memory, "frontier-wide-") : directory.resolve("wide");
        try {
            tenThousandChildrenIn(root);
        } finally {
            deleteTree(root);
        }
    }

    private void tenThousandChildrenIn(Path root) throws Exception {
        CampaignHarness campaign = campaign(root);
        Digest seed = campaign.addSeed("wide", "wide seed\n");

        CampaignHarness.Run run = campaign.run(1, 1, "--budget-executions", "1", "--time-limit", "120000");

        assertThat(run.exitCode()).as("stopped at its budget: %s", run.err()).isEqualTo(ExitCodes.STOPPED);
        ManifestRecord wide = entries(campaign).stream().filter(entry -> entry.entry().work().equals(seed))
                .findFirst().orElseThrow();
        assertThat(wide.children()).hasSize(10_000);
        assertThat(wide.entry().leftOut().total()).isZero();
        assertThat(wide.outcome()).isNotNull();
        assertThat(wide.outcome().enqueued()).isEqualTo(10_000);
        long known = campaign.counts().get(Counter.PENDING) + campaign.counts().get(Counter.DONE);
        assertThat(known).as("the seed and every child, as work").isEqualTo(10_001);
        assertThat(campaign.corpusObjects()).hasSize(10_001);
        JsonNode status = CommandRun.of("status", campaign.campaign.toString(), "--json").json();
        assertThat(status.get("children").get("declared").asLong()).isGreaterThanOrEqualTo(10_000);
    }

    private CampaignHarness campaign() throws IOException {
        return campaign(directory);
    }

    private static CampaignHarness campaign(Path root) throws IOException {
        CampaignHarness campaign = new CampaignHarness(root, List.of());
        Path engine = root.resolve("bin").resolve("engine.sh");
        Files.writeString(engine, ENGINE);
        Files.setPosixFilePermissions(engine, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(campaign.executor, "{\"type\": \"command\", \"command\": [\"" + engine
                + "\", \"{input}\", \"{output_dir}\"], \"input\": \"file\", \"environment\": {},"
                + " \"limits\": {\"addressSpaceMiB\": 0, \"cpuSeconds\": 0, \"fileSizeMiB\": 64}}");
        return campaign;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static List<ManifestRecord> entries(CampaignHarness campaign) {
        try (KeyValueStore kv = KeyValueStores.open(campaign.storeUrl())) {
            return new ManifestView(kv, campaign.keys()).list(null, ManifestView.MAX_PAGE).records();
        }
    }
}
