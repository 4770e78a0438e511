package io.frontier.worker.rank;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.Digest;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.coverage.EdgeMap;
import io.frontier.store.coverage.EdgeMapCopy;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.EdgeMapDelta;
import io.frontier.store.wire.FindingKind;
import io.frontier.store.wire.Result;
import io.frontier.worker.DemoTarget;
import io.frontier.worker.executor.AflConfig;
import io.frontier.worker.executor.CommandConfig;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.executor.InputMode;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Signals;
import io.frontier.worker.triage.CoverageProbe;
import io.frontier.worker.triage.TriageConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real worker rank with coverage triage: real afl-fuzz, afl-showmap and the demo target. */
class WorkerRankTriageIT {

    /** The demo target's bug: a ramp palette of 16 entries in a group. */
    private static final byte[] CRASH = "FCK\u0002G\u000cP\u0004\u0080\u0010\u0000\u0000T\u0004abcd"
            .getBytes(StandardCharsets.ISO_8859_1);

    @TempDir
    Path dir;

    private LoopbackJob job;

    @AfterEach
    void stop() {
        if (job != null) {
            job.close();
        }
    }

    @Test
    void everyChildOfAnAflRunIsDeclaredWithItsCoverage() throws Exception {
        Path target = DemoTarget.build(dir.resolve("bin"));
        // A budget of executions, not seconds, so the children do not depend on the machine's load: a
        // thousand executions of this seed gave AFL++ more than a dozen queue entries every time.
        job = LoopbackJob.start(settings(new AflConfig(target.toString(), List.of("@@"), 0, 1000, 1000, 0, null, Map.of(),
                ResourceLimits.NONE), target));
        Digest seed = job.seed(Files.readAllBytes(DemoTarget.seed("group.fck")));

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.execution().executor()).isEqualTo("afl");
        assertThat(result.execution().exitKind()).isEqualTo("ok");
        assertThat(result.finding()).isNull();
        assertThat(result.children()).isNotEmpty()
                .allSatisfy(child -> assertThat(child.coverage().edges()).isGreaterThan(0));
        assertThat(result.children().stream().map(DeclaredChild::coverage).distinct()).hasSizeGreaterThan(1);
        job.inspect(assign, result);
        Map<String, Long> figures = job.shutdown().figures();
        assertThat(figures.get(WorkerFigures.TRIAGE_PROBES)).as("one probe per staged child")
                .isEqualTo(result.children().size());
        assertThat(figures.get(WorkerFigures.TRIAGE_MILLIS)).as("probe time").isPositive();
    }

    @Test
    void anInputThatCrashesUnderTheExecutorCarriesItsFindingInTheResult() throws Exception {
        Path target = DemoTarget.build(dir.resolve("bin"));
        job = LoopbackJob.start(settings(new CommandConfig(List.of(target.toString(), "{input}"), InputMode.FILE,
                Map.of("ASAN_OPTIONS", "abort_on_error=1:symbolize=0:detect_leaks=0"), ResourceLimits.NONE), target));
        Digest crash = job.seed(CRASH);
        Digest valid = job.seed(Files.readAllBytes(DemoTarget.seed("group.fck")));

        Result crashed = job.execute(crash);
        Result ran = job.execute(valid);

        assertThat(crashed.execution().exitKind()).isEqualTo("crash");
        assertThat(crashed.finding().kind()).isEqualTo(FindingKind.CRASH);
        assertThat(crashed.finding().signal()).isEqualTo(Signals.SIGABRT);
        assertThat(crashed.finding()).isEqualTo(CoverageProbe.onThisMachine(triage(target), dir.resolve("probe"))
                .probe(Files.write(dir.resolve("crash"), CRASH)).finding());
        assertThat(ran.execution().exitKind()).isEqualTo("ok");
        assertThat(ran.finding()).isNull();
        assertThat(job.shutdown().figures().get(WorkerFigures.TRIAGE_PROBES))
                .as("the crashing input probed once; neither input had children").isEqualTo(1);
    }

    /**
     * A command that writes the same three children for any input, so their coverage on the
     * coverage build is the same in every run: the first run sends each with its coverage; an
     * ASSIGN that brings an edge map holding the first child's tuples makes the worker declare
     * every child that map covers redundant, without coverage, and stage it only when the
     * coordinator keeps redundant children.
     */
    @Test
    void childrenTheEdgeMapCoversAreDeclaredRedundantWithoutCoverageAndStagedOnlyWhenKept() throws Exception {
        Path target = DemoTarget.build(dir.resolve("bin"));
        Path children = Files.createDirectories(dir.resolve("children"));
        Files.copy(DemoTarget.seed("group.fck"), children.resolve("a"));
        Files.copy(DemoTarget.seed("palette.fck"), children.resolve("b"));
        Files.write(children.resolve("c"), "FCK\u0001".getBytes(StandardCharsets.ISO_8859_1));
        job = LoopbackJob.start(settings(new CommandConfig(List.of("/bin/sh", "-c", "cp \"$1\"/* \"$0\"",
                "{output_dir}", children.toString()), InputMode.STDIN, Map.of(), ResourceLimits.NONE), target));
        Digest seed = job.seed("any input\n".getBytes(StandardCharsets.UTF_8));
        Result first = job.execute(seed);
        assertThat(first.children()).hasSize(3).allSatisfy(child -> assertThat(child.redundant()).isFalse());
        EdgeMapCopy map = new EdgeMapCopy();
        for (int tuple : first.children().get(0).coverage().tuples()) {
            int edge = Coverage.edgeOf(tuple);
            byte[] bits = new byte[EdgeMap.SHARD_BYTES];
            bits[edge % EdgeMap.SHARD_BYTES] = (byte) (1 << Coverage.bucketOfTuple(tuple));
            map.merge(edge / EdgeMap.SHARD_BYTES, bits);
        }
        List<EdgeMapDelta.Shard> shards = new ArrayList<>();
        for (int number = 0; number < EdgeMapCopy.SHARDS; number++) {
            byte[] shard = map.shard(number);
            if (!Arrays.equals(shard, new byte[EdgeMap.SHARD_BYTES])) {
                shards.add(EdgeMapDelta.Shard.of(number, shard));
            }
        }

        for (boolean keep : List.of(false, true)) {
            Assign assign = job.assignWithEdgeMap(seed, new EdgeMapDelta(1, shards, keep));
            Result judged = job.awaitResultFor(assign);

            assertThat(judged.children()).hasSize(3);
            for (int i = 0; i < 3; i++) {
                DeclaredChild before = first.children().get(i);
                DeclaredChild now = judged.children().get(i);
                boolean covered = map.covers(before.coverage());
                assertThat(now.digest()).isEqualTo(before.digest());
                assertThat(now.redundant()).as("child %d covered by the map", i).isEqualTo(covered);
                assertThat(now.coverage()).isEqualTo(covered ? null : before.coverage());
                assertThat(now.staged()).isEqualTo(!covered || keep);
            }
            assertThat(judged.children().get(0).redundant()).isTrue();
            job.inspect(assign, judged);
        }
    }

    private WorkerSettings settings(ExecutorConfig executor, Path coverageBuild) {
        WorkerSettings plain = LoopbackJob.settings(dir, executor, LoopbackJob.WAIT, LoopbackJob.WAIT);
        return new WorkerSettings(plain.executors(), plain.timeLimitMillis(), plain.campaign(), plain.scratch(),
                plain.idleLimitMillis(), triage(coverageBuild));
    }

    private static TriageConfig triage(Path coverageBuild) {
        return new TriageConfig(coverageBuild.toString(), List.of("@@"), 1000);
    }
}
