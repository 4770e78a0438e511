package io.frontier.worker.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.coverage.Coverage;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.worker.DemoTarget;
import io.frontier.worker.executor.process.Signals;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe against real afl-showmap runs of real AFL++-instrumented programs. */
class CoverageProbeIT {

    /** A ramp palette of 16 entries in a group: the demo target's bug. */
    static final byte[] CRASH_IN_GROUP = bytes("FCK\u0002G\u000cP\u0004\u0080\u0010\u0000\u0000T\u0004abcd");
    /** A ramp palette of 9 entries in a group in a group: the same bug, reached another way. */
    static final byte[] CRASH_IN_NESTED_GROUP = bytes("FCK\u0002G\u0007G\u0005P\u0003\u0080\u0009\u0007");

    /**
     * A child from a demo campaign that {@code afl-showmap} reports map index 0 for when it runs
     * it alone, and not when it runs it in a folder.
     */
    static final byte[] INDEX_ZERO_WHEN_ALONE = HexFormat.of().parseHex("46434b0247285426010c0b30557aa6c4e90e33587da2c7ec"
            + "11ec51365b80a5caef14395e83a88da5caef14395e83cdf2173c6186abd0f51a");

    private static final String LOOP = """
            #include <stdio.h>
            int sink;
            int main(int argc, char **argv) {
                FILE *in = argc > 1 ? fopen(argv[1], "rb") : stdin;
                int n = 0;
                if (in == NULL || fscanf(in, "%d", &n) != 1) return 1;
                for (int i = 0; i < n; i++) sink += i;
                return 0;
            }
            """;
    private static final String HANG = """
            #include <stdio.h>
            int main(int argc, char **argv) {
                FILE *in = argc > 1 ? fopen(argv[1], "rb") : stdin;
                if (in != NULL && fgetc(in) == 'H') for (volatile int spin = 1; spin;) {}
                return 0;
            }
            """;

    @TempDir
    Path dir;

    @Test
    void rawHitCountsBecomeBucketsAndNoEdgeIsLostWhateverItsCount() throws IOException {
        Path loop = DemoTarget.compileWithAfl(dir, "loop", LOOP);
        CoverageProbe probe = probe(loop, List.of("@@"));

        Set<Integer> edgesOfOneHit = edges(probe.probe(input("1")).coverage());
        for (int hits : List.of(2, 3, 5, 7, 9, 15, 20, 64, 100, 127, 200)) {
            Coverage coverage = probe.probe(input(Integer.toString(hits))).coverage();

            assertThat(edges(coverage)).as("edges of %d hits", hits).isEqualTo(edgesOfOneHit);
            assertThat(buckets(coverage)).as("buckets of %d hits", hits).contains(Coverage.bucketOf(hits));
            // The loop's condition runs once more than its body.
            assertThat(buckets(coverage)).as("buckets of %d hits", hits)
                    .isSubsetOf(0, Coverage.bucketOf(hits), Coverage.bucketOf(hits + 1));
        }
    }

    @Test
    void aValidSeedIsNoFindingAndReachesEdges() throws IOException {
        CoverageProbe probe = probe(DemoTarget.build(dir), List.of("@@"));

        Triage triage = probe.probe(DemoTarget.seed("group.fck"));

        assertThat(triage.finding()).isNull();
        assertThat(triage.coverage().edges()).isGreaterThan(10);
    }

    @Test
    void twoInputsOfTheBugAreCrashesByAbortWithOneStackSignature() throws IOException {
        CoverageProbe probe = probe(DemoTarget.build(dir), List.of("@@"));

        Triage inGroup = probe.probe(Files.write(dir.resolve("crash-1"), CRASH_IN_GROUP));
        Triage inNestedGroup = probe.probe(Files.write(dir.resolve("crash-2"), CRASH_IN_NESTED_GROUP));

        assertThat(inGroup.finding().kind()).isEqualTo(FindingKind.CRASH);
        assertThat(inGroup.finding().signal()).isEqualTo(Signals.SIGABRT);
        assertThat(inGroup.finding().signature()).matches("stack:[0-9a-f]{16}");
        assertThat(inNestedGroup.finding()).isEqualTo(inGroup.finding());
        assertThat(inNestedGroup.coverage()).isNotEqualTo(inGroup.coverage());
    }

    @Test
    void theInputOnStandardInputGivesTheSameFinding() throws IOException {
        Path target = DemoTarget.build(dir);
        Path crash = Files.write(dir.resolve("crash"), CRASH_IN_GROUP);

        DeclaredFinding byFile = probe(target, List.of("@@")).probe(crash).finding();
        DeclaredFinding byStdin = probe(target, List.of()).probe(crash).finding();

        assertThat(byStdin).isEqualTo(byFile);
        assertThat(probe(target, List.of()).probe(DemoTarget.seed("group.fck")).finding()).isNull();
    }

    @Test
    void anInputRunningPastTheTimeoutIsAHangSignedByItsEdges() throws IOException {
        CoverageProbe probe = probe(DemoTarget.compileWithAfl(dir, "hang", HANG), List.of("@@"));

        Triage hang = probe.probe(input("H"));

        assertThat(hang.finding().kind()).isEqualTo(FindingKind.HANG);
        assertThat(hang.finding().signal()).isZero();
        assertThat(hang.finding().signature()).isEqualTo(FindingSignature.edges(hang.coverage()));
        assertThat(probe.probe(input("x")).finding()).isNull();
    }

    @Test
    void aProgramWithoutInstrumentationIsRefusedWithAflsReason() throws IOException {
        DemoTarget.assumeAfl();
        Path plain = Files.copy(Path.of("/bin/cat"), dir.resolve("cat"));
        CoverageProbe probe = probe(plain, List.of("@@"));

        assertThatThrownBy(() -> probe.probe(input("x")))
                .isInstanceOf(TriageException.class)
                .hasMessageStartingWith("afl-showmap refused to run the coverage build")
                .hasMessageContaining("reason=")
                .hasMessageContaining("location=");
    }

    @Test
    void aBatchGivesEveryInputTheTriageItsOwnProbeGivesInOrder() throws IOException {
        CoverageProbe probe = probe(DemoTarget.compileWithAfl(dir, "loop", LOOP), List.of("@@"));
        List<Path> inputs = new ArrayList<>();
        for (String content : List.of("3", "", "200", "1", "17", "64", "5")) {
            inputs.add(input(content));
        }

        List<Triage> batch = probe.probeAll(inputs);

        List<Triage> alone = inputs.stream().map(probe::probe).toList();
        assertThat(batch).isEqualTo(alone);
        assertThat(alone).extracting(Triage::coverage).as("the inputs reach different coverage").doesNotHaveDuplicates();
        // Six non-empty inputs went through one folder-mode run; the empty one was probed alone.
        try (var maps = Files.list(dir.resolve("probe").resolve("batch-maps"))) {
            assertThat(maps.count()).as("maps of the batch").isEqualTo(6);
        }
    }

    @Test
    void anInputGetsTheSameCoverageAloneAsInAFolderAlsoWhereAflShowmapReportsMapIndexZeroAlone() throws IOException {
        CoverageProbe probe = probe(DemoTarget.build(dir), List.of("@@"));
        Path input = Files.write(dir.resolve("index-zero"), INDEX_ZERO_WHEN_ALONE);

        List<Triage> batch = probe.probeAll(List.of(input, DemoTarget.seed("group.fck")));

        assertThat(batch.get(0)).isEqualTo(probe.probe(input));
    }

    @Test
    void aCrashInABatchIsNamedAsItsOwnProbeNamesIt() throws IOException {
        CoverageProbe probe = probe(DemoTarget.build(dir), List.of("@@"));
        Path crash = Files.write(dir.resolve("crash"), CRASH_IN_GROUP);
        List<Path> inputs = List.of(DemoTarget.seed("group.fck"), crash, DemoTarget.seed("palette.fck"));

        List<Triage> batch = probe.probeAll(inputs);

        assertThat(batch.get(1).finding()).isEqualTo(probe.probe(crash).finding());
        assertThat(batch.get(1).finding().kind()).isEqualTo(FindingKind.CRASH);
        assertThat(batch.get(0)).isEqualTo(probe.probe(inputs.get(0)));
        assertThat(batch.get(2)).isEqualTo(probe.probe(inputs.get(2)));
    }

    @Test
    void aHangInABatchIsNamedAsItsOwnProbeNamesIt() throws IOException {
        CoverageProbe probe = probe(DemoTarget.compileWithAfl(dir, "hang", HANG), List.of());
        List<Path> inputs = List.of(input("a"), input("H"), input("b"));

        List<Triage> batch = probe.probeAll(inputs);

        assertThat(batch.get(1).finding().kind()).isEqualTo(FindingKind.HANG);
        // How often the spinning loop ran before the kill varies; its edges, and so the signature, do not.
        assertThat(batch.get(1).finding()).isEqualTo(probe.probe(inputs.get(1)).finding());
        assertThat(batch.get(0).finding()).isNull();
        assertThat(batch.get(2).finding()).isNull();
    }

    @Test
    void aBatchForAProgramWithoutInstrumentationIsRefusedWithAflsReason() throws IOException {
        DemoTarget.assumeAfl();
        Path plain = Files.copy(Path.of("/bin/cat"), dir.resolve("cat"));
        CoverageProbe probe = probe(plain, List.of("@@"));
        List<Path> inputs = List.of(input("x"), input("y"));

        assertThatThrownBy(() -> probe.probeAll(inputs))
                .isInstanceOf(TriageException.class)
                .hasMessageStartingWith("afl-showmap refused to run the coverage build")
                .hasMessageContaining("reason=");
    }

    private CoverageProbe probe(Path program, List<String> arguments) {
        return CoverageProbe.onThisMachine(new TriageConfig(program.toString(), arguments, 500), dir.resolve("probe"));
    }

    private Path input(String content) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "input", ""), content, StandardCharsets.ISO_8859_1);
    }

    private static Set<Integer> edges(Coverage coverage) {
        Set<Integer> edges = new HashSet<>();
        for (int tuple : coverage.tuples()) {
            edges.add(Coverage.edgeOf(tuple));
        }
        return edges;
    }

    private static Set<Integer> buckets(Coverage coverage) {
        Set<Integer> buckets = new HashSet<>();
        for (int tuple : coverage.tuples()) {
            buckets.add(Coverage.bucketOfTuple(tuple));
        }
        return buckets;
    }

    private static byte[] bytes(String latin1) {
        return latin1.getBytes(StandardCharsets.ISO_8859_1);
    }
}
