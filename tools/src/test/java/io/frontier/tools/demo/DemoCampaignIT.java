package io.frontier.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.Counts;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.view.FindingGroup;
import io.frontier.store.view.FindingsView;
import io.frontier.store.view.ManifestPage;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.view.ManifestView;
import io.frontier.store.wire.FindingKind;
import io.frontier.tools.report.HeadlessChromium;
import io.frontier.worker.executor.process.ProgramSearch;
import io.frontier.worker.triage.CoverageProbe;
import io.frontier.worker.triage.Triage;
import io.frontier.worker.triage.TriageConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, for real: {@code scripts/demo.sh} runs the AFL++ campaign on the demo
 * target (1 coordinator, 3 workers, mpirun, the embedded store, coverage triage), and afterwards
 * the campaign is checked from the outside: the planted stack overflow was found and its copied
 * input reproduces it, the edge map holds exactly the edges the children reached first, every
 * child admitted to the frontier reached a tuple no child admitted before it had (re-measured
 * here with afl-showmap, in commit order), and the report renders in headless Chromium. Skipped
 * where AFL++ is missing.
 *
 * <p>Only what holds whatever AFL++ happens to find in the budget is asserted: whether a run from
 * the shipped seeds reaches the bug, how many executions fit in the budget and how the edge count
 * grows are fuzzing luck and machine load (docs/benchmarks/exploration.md reports what runs
 * measured). So the demo directory gets one seed more before the script runs, an input of the
 * bug: AFL++ fuzzing it saves crashes in any run (every mutant that leaves its palette alone
 * crashes), and those must come out of the campaign as the one stack finding, copied and reported.
 */
@Tag("mpi")
class DemoCampaignIT {

    private static final long DEMO_SECONDS = 600;
    private static final long DEMO_BUDGET_SECONDS = 60;
    /** The demo target's bug: a ramp palette of 16 entries in a group. */
    private static final byte[] CRASH = "FCK\u0002G\u000cP\u0004\u0080\u0010\u0000\u0000T\u0004abcd"
            .getBytes(StandardCharsets.ISO_8859_1);
    /** The shipped seeds, which do not crash, and the one this test adds, which does. */
    private static final int SEEDS = 3;

    @TempDir
    Path root;

    @Test
    @Timeout(DEMO_SECONDS + 60)
    void theDemoFindsThePlantedBugAndEveryAdmittedChildAddedCoverage() throws Exception {
        assumeTrue(Stream.of("afl-fuzz", "afl-cc", "afl-showmap").allMatch(tool -> ProgramSearch.onPath(tool).isPresent()),
                "AFL++ is not installed (scripts/setup.sh installs Debian's afl++)");
        Path demo = root.resolve("demo");
        Path log = root.resolve("demo.log");
        Files.write(Files.createDirectories(demo.resolve("seeds")).resolve("planted-bug.fck"), CRASH);
        int exitCode = runDemo(demo, log, null);
        assertThat(exitCode).as("demo exit code; its output:%n%s", tail(log)).isZero();
        Path campaign = demo.resolve("campaign");
        Path target = demo.resolve("bin").resolve("demo-afl");

        try (KeyValueStore kv = KeyValueStores.open("sqlite:" + campaign.resolve("store.db"))) {
            CampaignKeys keys = CampaignKeys.forCampaign("campaign");
            List<ManifestRecord> entries = manifest(new ManifestView(kv, keys));
            assertThat(entries).as("executions: the seeds' at least").hasSizeGreaterThanOrEqualTo(SEEDS);

            List<FindingGroup> groups = new FindingsView(kv, keys).list().groups();
            assertThat(groups).as("the planted bug, under one stack signature").anySatisfy(group -> {
                assertThat(group.signature()).startsWith("stack:");
                assertThat(group.kind()).isEqualTo(FindingKind.CRASH);
            });
            FindingGroup bug = groups.stream().filter(group -> group.signature().startsWith("stack:")).findFirst()
                    .orElseThrow();
            Path copied = demo.resolve("findings").resolve(bug.signature())
                    .resolve(bug.inputs().get(0).input().hex());
            assertThat(reproduce(target, copied)).contains("stack-buffer-overflow").contains("fill_ramp");

            long[] edgesByEntry = entries.stream()
                    .mapToLong(entry -> entry.children().stream().mapToLong(Child::newEdges).sum()).toArray();
            long edges = new EdgeMapView(kv, keys).read().edges();
            // The first child admitted always adds edges: the edge map starts empty.
            assertThat(Arrays.stream(edgesByEntry).sum()).as("the edge map holds exactly the edges children reached first")
                    .isEqualTo(edges).isPositive();
            boolean quiescent = Files.readString(campaign.resolve("reports").resolve("summary-epoch-1.json"))
                    .contains("quiescence");
            if (quiescent) {
                // At quiescence every admitted child ran, so the last execution cannot have admitted one.
                assertThat(edgesByEntry[edgesByEntry.length - 1]).as("the last execution added nothing").isZero();
            }

            assertEveryAdmittedChildAddedCoverage(entries, campaign, target);
            Counts counts = new CampaignStore(kv, keys).counts();
            assertThat(counts.get(Counter.LEASED) + counts.get(Counter.COMMITTING))
                    .as("nothing leased or committing: the job reached quiescence or drained at its budget").isZero();
            if (quiescent) {
                assertThat(counts.get(Counter.PENDING)).as("nothing pending at quiescence").isZero();
            }
        }

        Optional<HeadlessChromium> chromium = HeadlessChromium.find(root);
        assumeTrue(chromium.isPresent(), HeadlessChromium.missing());
        String dom = chromium.get().dumpDom(campaign.resolve("reports").resolve("report.html"), 1280, 2000);
        assertThat(dom).contains("<svg id=\"edges-over-time\"", "<svg id=\"executions-over-time\"",
                "<table id=\"findings\">", "<code>stack:");
    }

    /**
     * With SymCC installed: the hybrid demo finds the bug too, and the executions each campaign
     * needed to find it (committed executions up to the first finding) are printed side by side
     * with those of AFL++ alone on the same target and budget.
     */
    @Test
    @Timeout(2 * DEMO_SECONDS + 60)
    void withSymccTheHybridCampaignFindsTheBugToo() throws Exception {
        String symcc = System.getenv("SYMCC");
        assumeTrue(symcc != null && !symcc.isBlank(), "SYMCC does not name a SymCC installation");
        assumeTrue(ProgramSearch.onPath("afl-fuzz").isPresent(),
                "AFL++ is not installed (scripts/setup.sh installs Debian's afl++)");
        long afl = executionsToFind(root.resolve("afl"), null);
        long hybrid = executionsToFind(root.resolve("hybrid"), symcc);
        System.out.printf("executions to find the planted bug: hybrid %d, AFL++ alone %d%n", hybrid, afl);
    }

    /** Runs the demo (hybrid when {@code symcc} is set) and counts the executions up to its first finding. */
    private long executionsToFind(Path demo, String symcc) throws Exception {
        Path log = demo.resolveSibling(demo.getFileName() + ".log");
        int exitCode = runDemo(demo, log, symcc);
        assertThat(exitCode).as("demo exit code; its output:%n%s", tail(log)).isZero();
        try (KeyValueStore kv = KeyValueStores.open("sqlite:" + demo.resolve("campaign").resolve("store.db"))) {
            CampaignKeys keys = CampaignKeys.forCampaign("campaign");
            double found = new FindingsView(kv, keys).list().groups().stream()
                    .filter(group -> group.signature().startsWith("stack:"))
                    .mapToDouble(FindingGroup::firstFoundAt).min()
                    .orElseThrow(() -> new AssertionError("no stack finding in " + demo));
            return manifest(new ManifestView(kv, keys)).stream()
                    .filter(entry -> entry.entry().committedAt() <= found).count();
        }
    }

    /**
     * Replays the frontier in commit order: each admitted child, run once more under afl-showmap,
     * must reach a tuple that none of the children admitted before it reached. A replay that hung
     * or crashed is left out: on a loaded machine it can be cut short by the probe's time limit,
     * and then says nothing about the coverage triage saw.
     */
    private void assertEveryAdmittedChildAddedCoverage(List<ManifestRecord> entries, Path campaign, Path target) {
        CoverageProbe probe = CoverageProbe.onThisMachine(
                new TriageConfig(target.toString(), List.of("@@"), 1000), root.resolve("probe"));
        Set<Integer> seen = new HashSet<>();
        int admitted = 0;
        for (ManifestRecord entry : entries) {
            for (Child child : entry.children()) {
                if (child.fate() != ChildFate.FRONTIER) {
                    continue;
                }
                Triage triage = probe.probe(campaign.resolve("corpus").resolve(child.digest().hex()));
                if (triage.finding() != null) {
                    continue;
                }
                Coverage coverage = triage.coverage();
                boolean addedSomething = false;
                for (int i = 0; i < coverage.size(); i++) {
                    addedSomething |= seen.add(coverage.tupleAt(i));
                }
                assertThat(addedSomething).as("admitted child %s of entry %s reached a new tuple", child.digest(),
                        entry.id()).isTrue();
                admitted++;
            }
        }
        assertThat(admitted).as("children admitted to the frontier").isPositive();
    }

    private static List<ManifestRecord> manifest(ManifestView view) {
        List<ManifestRecord> entries = new ArrayList<>();
        ManifestPage page = view.list(null, ManifestView.MAX_PAGE);
        while (true) {
            assertThat(page.blocked()).isEmpty();
            entries.addAll(page.records());
            if (page.next() == null) {
                return entries;
            }
            page = view.list(page.next(), ManifestView.MAX_PAGE);
        }
    }

    /** Runs scripts/demo.sh into {@code demo}: AFL++ alone, or hybrid with the SymCC at {@code symcc}. */
    private int runDemo(Path demo, Path log, String symcc) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(repository().resolve("scripts").resolve("demo.sh").toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("DEMO_DIR", demo.toString());
        // A third of the demo's own budget: the seeds, the planted bug's among them, run first on
        // the three workers, and what the test checks holds at any budget.
        builder.environment().put("DEMO_BUDGET", Long.toString(DEMO_BUDGET_SECONDS));
        if (symcc == null) {
            builder.environment().remove("SYMCC");
        } else {
            builder.environment().put("SYMCC", symcc);
        }
        Process process = builder.start();
        try {
            assertThat(process.waitFor(DEMO_SECONDS, TimeUnit.SECONDS)).as("the demo ended within %d s", DEMO_SECONDS)
                    .isTrue();
            return process.exitValue();
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** Runs the demo target on {@code input} as a user would; returns what AddressSanitizer printed. */
    private String reproduce(Path target, Path input) throws Exception {
        Path output = root.resolve("reproduce.log");
        ProcessBuilder builder = new ProcessBuilder(target.toString(), input.toString()).redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().put("ASAN_OPTIONS", CoverageProbe.ASAN_OPTIONS);
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("the target fails on the finding").isNotZero();
        return Files.readString(output, StandardCharsets.UTF_8);
    }

    /** The checkout this module belongs to: the directory holding {@code scripts/demo.sh}. */
    private static Path repository() {
        Path directory = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();
        while (directory != null && !Files.isRegularFile(directory.resolve("scripts").resolve("demo.sh"))) {
            directory = directory.getParent();
        }
        assertThat(directory).as("a directory above the module holding scripts/demo.sh").isNotNull();
        return directory;
    }

    /** The coordinators' and workers' end lines, which say why a job ended, then the log's last 40 lines. */
    private static String tail(Path log) throws IOException {
        try (Stream<String> lines = Files.lines(log)) {
            List<String> all = lines.toList();
            List<String> ends = all.stream()
                    .filter(line -> line.matches("(coordinator|frontier worker rank) \\d+: .*(exit|fail|invalid|reject).*"))
                    .toList();
            return String.join("\n", ends) + "\n...\n"
                    + String.join("\n", all.subList(Math.max(0, all.size() - 40), all.size()));
        }
    }
}
