package io.frontier.worker.rank;

import static io.frontier.worker.executor.process.TestProcesses.script;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.stage.StageProblem;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.exploration.Tier;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.CommandConfig;
import io.frontier.worker.executor.InputMode;
import io.frontier.worker.executor.SymccConfig;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.SystemTools;
import io.frontier.worker.executor.testing.FileContractTarget;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.Transport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** One real worker rank on a thread, a coordinator scripted by the test, real targets and files. */
@Timeout(60)
class WorkerRankTest {

    @TempDir
    Path dir;

    private LoopbackJob job;

    @AfterEach
    void stop() {
        if (job != null) {
            job.close();
        }
    }

    /** The installed file-contract target with {@code options}, as a command executor. */
    private CommandConfig fileContract(String... options) {
        return FileContractTarget.command(FileContractTarget.install(dir.resolve("bin")), List.of(options));
    }

    /** A shell script target called as {@code script INPUT OUTPUT_DIR}. */
    private CommandConfig target(String body) throws IOException {
        Files.createDirectories(dir.resolve("bin"));
        Path program = script(dir.resolve("bin"), "target", body);
        return new CommandConfig(List.of(program.toString(), "{input}", "{output_dir}"), InputMode.FILE, Map.of(),
                ResourceLimits.NONE);
    }

    private static Digest digestOf(String content) {
        return Digest.parse(ContentHasher.hash(content.getBytes(StandardCharsets.UTF_8)).digest().hex());
    }

    private static List<String> namesIn(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void derivedChildrenAreStagedExactlyAsDeclaredAndTheResultEchoesTheAssignment() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "derived", "--fanout", "3"));
        Digest seed = job.seed("seed a\n");

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        List<DeclaredChild> expected = List.of(0, 1, 2).stream().map(i -> {
            String child = "frontier-child 1 " + i + "\nseed a\n";
            return DeclaredChild.untriaged(digestOf(child), child.length());
        }).toList();
        assertThat(result).isEqualTo(new Result(assign.work(), assign.token(), assign.result(), seed, expected, 3,
                new Execution("command", "ok", 0, false, result.execution().wallMillis(), false), null, null));
        job.inspect(assign, result);
        assertThat(namesIn(job.stageDirectory(assign)))
                .containsExactlyElementsOf(expected.stream().map(c -> c.digest().hex()).sorted().toList());
        assertThat(namesIn(job.layout().corpus())).containsExactly(seed.hex());
    }

    @Test
    void theWorkerRehearsesBeforeAnyAssignmentComesSoItsRunnersShellIsAlreadyUp() throws Exception {
        // What a child's command reads as: the program the link points to (/bin/sh is a link).
        String shell = SystemTools.find().shell().toRealPath().toString();
        // By pid, not by count: shells of earlier tests' workers may end meanwhile.
        Set<Long> before = childrenRunning(shell);

        job = LoopbackJob.start(dir, fileContract("--children", "same"));

        // A shell counts once it is seen twice 100 ms apart: the rehearsal's own run of the target
        // is a short-lived shell too, and reads as one without arguments while it starts.
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        Set<Long> kept = Set.of();
        while (kept.isEmpty() && System.nanoTime() < deadline) {
            Set<Long> seen = startedSince(shell, before);
            LockSupport.parkNanos(Duration.ofMillis(100).toNanos());
            seen.retainAll(startedSince(shell, before));
            kept = seen;
        }
        assertThat(kept).as("the group-kill shell the rehearsal started").hasSize(1);
        Digest seed = job.seed("after the rehearsal\n");
        assertThat(job.execute(seed).children()).hasSize(1);
        assertThat(job.diagnostics()).doesNotContain("rehearsal");
    }

    /**
     * This JVM's children that run {@code program} without arguments, as the group-kill shell does;
     * an execution's target, a script run by the same shell, has its path as an argument.
     */
    private static Set<Long> childrenRunning(String program) {
        return ProcessHandle.current().children()
                .filter(child -> child.info().command().filter(program::equals).isPresent())
                .filter(child -> child.info().arguments().map(arguments -> arguments.length == 0).orElse(true))
                .map(ProcessHandle::pid).collect(Collectors.toCollection(HashSet::new));
    }

    private static Set<Long> startedSince(String program, Set<Long> before) {
        Set<Long> now = childrenRunning(program);
        now.removeAll(before);
        return now;
    }

    @Test
    void eachRunDirectoryIsRemovedAfterItsResultAndTheScratchDirectoryAtShutdown() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "same"));
        Digest first = job.seed("first\n");
        Digest second = job.seed("second\n");

        Assign firstAssign = job.assign(first);
        job.awaitResult();
        job.assign(second);
        job.awaitResult();

        assertThat(job.workerScratch().resolve("run-" + firstAssign.result().hex())).doesNotExist();
        job.shutdown();
        assertThat(job.workerScratch()).doesNotExist();
    }

    @Test
    void aQueuedAssignmentStartsExecutingBeforeTheEndedOneIsAnswered() throws Exception {
        Path started = Files.createDirectories(dir.resolve("started"));
        Path gate = dir.resolve("gate");
        // Each execution ends only once the gate is open, so the second ASSIGN is queued by then.
        CommandConfig marking = target("touch '" + started + "'/\"$(cat \"$1\")\"\n"
                + "while [ ! -e '" + gate + "' ]; do sleep 0.01; done\n"
                + "printf 'child\\n' > \"$2/c\"\n");
        // The worker's first RESULT is held until the second execution has started, for at most
        // 30 seconds: a worker that answers before it starts the next execution waits them out.
        CompletableFuture<Boolean> secondStartedFirst = new CompletableFuture<>();
        job = LoopbackJob.start(dir, marking, transport -> new HoldingFirstResult(transport, () -> {
            boolean seen = awaitFile(started.resolve("second"), Duration.ofSeconds(30));
            secondStartedFirst.complete(seen);
        }));
        Digest first = job.seed("first");
        Digest second = job.seed("second");

        Assign firstAssign = job.assign(first);
        Assign secondAssign = job.assign(second);
        Files.createFile(gate);
        Result firstResult = job.awaitResult();
        Result secondResult = job.awaitResult();

        assertThat(secondStartedFirst.get()).isTrue();
        assertThat(firstResult.result()).isEqualTo(firstAssign.result());
        assertThat(secondResult.result()).isEqualTo(secondAssign.result());
        job.inspect(firstAssign, firstResult);
        job.inspect(secondAssign, secondResult);
        assertThat(firstResult.children()).hasSize(1);
        assertThat(job.shutdown().figures()).containsEntry(WorkerFigures.RESULTS, 2L)
                .containsEntry(WorkerFigures.EXECUTIONS, 2L);
    }

    @Test
    void theNextInputIsCopiedAndVerifiedWhileTheCurrentExecutionRuns() throws Exception {
        Path started = Files.createDirectories(dir.resolve("started"));
        Path gate = dir.resolve("gate");
        // The first execution runs until the test opens the gate, so "during" does not depend on timing.
        job = LoopbackJob.start(dir, target("touch '" + started + "'/\"$(cat \"$1\")\"\n"
                + "while [ ! -e '" + gate + "' ]; do sleep 0.01; done\n"));
        Digest first = job.seed("first");
        Digest second = job.seed("second");

        job.assign(first);
        Assign secondAssign = job.assign(second);
        assertThat(awaitFile(started.resolve("first"), Duration.ofSeconds(30))).isTrue();
        Path secondInput = job.workerScratch().resolve("run-" + secondAssign.result().hex()).resolve("input");

        assertThat(awaitFile(secondInput, Duration.ofSeconds(30)))
                .as("second input copied during the first execution").isTrue();
        assertThat(started.resolve("second")).doesNotExist();
        assertThat(secondInput).hasContent("second");
        Files.createFile(gate);
        assertThat(job.awaitResult().work()).isEqualTo(first);
        assertThat(job.awaitResult().work()).isEqualTo(second);
    }

    @Test
    void identicalOutputsBecomeOneChildWhileGeneratedCountsEveryOutput() throws Exception {
        job = LoopbackJob.start(dir, target("printf 'twin\\n' > \"$2/a\"; printf 'twin\\n' > \"$2/b\"\n"));
        Digest seed = job.seed("seed\n");

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.children()).containsExactly(DeclaredChild.untriaged(digestOf("twin\n"), 5));
        assertThat(result.generated()).isEqualTo(2);
        job.inspect(assign, result);
        assertThat(namesIn(job.stageDirectory(assign))).containsExactly(digestOf("twin\n").hex());
    }

    @Test
    void anOutputEqualToTheInputIsDroppedButCounted() throws Exception {
        job = LoopbackJob.start(dir, target("cp \"$1\" \"$2/copy\"; printf 'new\\n' > \"$2/new\"\n"));
        Digest seed = job.seed("seed\n");

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.children()).containsExactly(DeclaredChild.untriaged(digestOf("new\n"), 4));
        assertThat(result.generated()).isEqualTo(2);
        job.inspect(assign, result);
        assertThat(namesIn(job.stageDirectory(assign))).containsExactly(digestOf("new\n").hex());
    }

    @Test
    void aCorruptedCorpusObjectIsNeverExecutedAndTheResultEchoesTheActualDigest() throws Exception {
        Path executed = dir.resolve("executed");
        job = LoopbackJob.start(dir, target("touch '" + executed + "'; printf 'child\\n' > \"$2/c\"\n"));
        Digest seed = job.seed("seed bytes\n");
        flipByte(job.layout().corpus().resolve(seed.hex()), 2);

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.input()).isEqualTo(digestOf("sedd bytes\n")).isNotEqualTo(seed);
        assertThat(result.work()).isEqualTo(seed);
        assertThat(result.children()).isEmpty();
        assertThat(result.generated()).isZero();
        assertThat(result.execution().exitKind()).isEqualTo("not_run");
        assertThat(executed).doesNotExist();
        assertThat(job.stageDirectory(assign)).doesNotExist();
        assertThat(job.diagnostics()).contains("input does not match its name; not executed [work=" + seed);
        assertThat(job.shutdown().figures()).containsEntry(WorkerFigures.INPUT_MISMATCHES, 1L)
                .containsEntry(WorkerFigures.EXECUTIONS, 0L);
    }

    @Test
    void aMissingCorpusObjectReadsAsNoBytesAndIsNotExecuted() throws Exception {
        Path executed = dir.resolve("executed");
        job = LoopbackJob.start(dir, target("touch '" + executed + "'\n"));
        Digest seed = job.seed("soon gone\n");
        Files.delete(job.layout().corpus().resolve(seed.hex()));

        Result result = job.execute(seed);

        assertThat(result.input()).isEqualTo(digestOf(""));
        assertThat(result.children()).isEmpty();
        assertThat(executed).doesNotExist();
    }

    @Test
    void aMissingObjectOfTheEmptyInputIsAWorkerFailureNotAResultWithoutChildren() throws Exception {
        Path executed = dir.resolve("executed");
        job = LoopbackJob.start(dir, target("touch '" + executed + "'\n"));
        Digest empty = job.seed("");
        Files.delete(job.layout().corpus().resolve(empty.hex()));

        Assign assign = job.assign(empty);
        Result result = job.awaitResult();

        assertThat(result.input()).isEqualTo(empty);
        assertThat(result.children()).containsExactly(DeclaredChild.untriaged(empty, 0));
        assertThat(executed).doesNotExist();
        assertThatThrownBy(() -> job.inspect(assign, result)).isInstanceOf(StageRejectedException.class);
    }

    @Test
    void aCrashingTargetIsANormalResultAndItsOutputsCount() throws Exception {
        job = LoopbackJob.start(dir, target("printf 'before the crash\\n' > \"$2/c\"; kill -s SEGV $$\n"));
        Digest seed = job.seed("seed\n");

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.execution().exitKind()).isEqualTo("crash");
        assertThat(result.execution().signaled()).isTrue();
        assertThat(result.execution().status()).isEqualTo(11);
        assertThat(result.execution().timedOut()).isFalse();
        assertThat(result.children()).containsExactly(DeclaredChild.untriaged(digestOf("before the crash\n"), 17));
        job.inspect(assign, result);
    }

    @Test
    void aTargetKilledAtTheTimeLimitIsANormalResultAndItsOutputsCount() throws Exception {
        CommandConfig sleeper = target("printf 'before the limit\\n' > \"$2/c\"; sleep 30\n");
        job = LoopbackJob.start(LoopbackJob.settings(dir, sleeper, Duration.ofMillis(500), LoopbackJob.WAIT));
        Digest seed = job.seed("seed\n");

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.execution().exitKind()).isEqualTo("timeout");
        assertThat(result.execution().timedOut()).isTrue();
        assertThat(result.execution().wallMillis()).isBetween(400L, 20_000L);
        assertThat(result.children()).containsExactly(DeclaredChild.untriaged(digestOf("before the limit\n"), 17));
        job.inspect(assign, result);
    }

    @Test
    void aStageThatCannotBeWrittenIsAnsweredWithAResultTheInventoryCheckRejects() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "derived", "--fanout", "2"));
        Digest seed = job.seed("seed\n");
        // A regular file where the epoch's stage tree belongs: creating the stage fails on this worker.
        Files.writeString(job.layout().stageRoot(LoopbackJob.EPOCH), "in the way");

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.input()).isEqualTo(seed);
        assertThat(result.children()).containsExactly(DeclaredChild.untriaged(seed, 5));
        assertThat(result.generated()).isEqualTo(2);
        assertThat(result.execution().exitKind()).isEqualTo("ok");
        assertThat(job.diagnostics()).contains("assignment failed on this worker");
        Files.delete(job.layout().stageRoot(LoopbackJob.EPOCH));
        assertThatThrownBy(() -> job.inspect(assign, result)).isInstanceOf(StageRejectedException.class)
                .hasMessageContaining(StageProblem.Kind.MISSING.name());
        assertThat(job.shutdown().figures()).containsEntry(WorkerFigures.FAILURES, 1L)
                .containsEntry(WorkerFigures.CHILDREN_STAGED, 0L);
    }

    @Test
    void aTargetThatCannotBeLaunchedIsAnsweredWithAResultTheInventoryCheckRejects() throws Exception {
        CommandConfig vanishing = target("printf 'child\\n' > \"$2/c\"\n");
        job = LoopbackJob.start(dir, vanishing);
        Digest seed = job.seed("seed\n");
        Assign first = job.assign(seed);
        job.inspect(first, job.awaitResult());
        Files.delete(Path.of(vanishing.program()));

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.children()).containsExactly(DeclaredChild.untriaged(seed, 5));
        assertThat(result.generated()).isEqualTo(1);
        assertThat(result.execution().exitKind()).isEqualTo("not_run");
        assertThatThrownBy(() -> job.inspect(assign, result)).isInstanceOf(StageRejectedException.class);
    }

    @Test
    void theMalformedResultFaultSendsBytesThatAreNotAResultOnceAndStagesTheRealChildren() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "derived", "--fanout", "2"),
                FaultPlan.parse("worker.malformed-result@1"));
        Digest seed = job.seed("seed\n");

        Assign assign = job.assign(seed);
        Envelope malformed = job.awaitResultMessage();
        Result next = job.execute(job.seed("another\n"));

        assertThatThrownBy(() -> WireCodec.decode(malformed.payload(), Result.class))
                .isInstanceOf(MalformedMessageException.class);
        assertThat(namesIn(job.stageDirectory(assign))).hasSize(2);
        assertThat(next.children()).hasSize(2);
        assertThat(job.diagnostics()).contains("fault injected: worker.malformed-result");
        assertThat(job.shutdown().figures()).containsEntry(WorkerFigures.FAULTS_INJECTED, 1L);
    }

    @Test
    void theExtraStageFileFaultLeavesAnUndeclaredObjectBesideTheDeclaredChildren() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "derived", "--fanout", "2"),
                FaultPlan.parse("worker.extra-stage-file@1"));
        Digest seed = job.seed("seed\n");

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        assertThat(result.children()).hasSize(2);
        List<String> staged = namesIn(job.stageDirectory(assign));
        assertThat(staged).hasSize(3).containsAll(result.children().stream().map(c -> c.digest().hex()).toList());
        assertThatThrownBy(() -> job.inspect(assign, result)).isInstanceOf(StageRejectedException.class)
                .hasMessageContaining(StageProblem.Kind.EXTRA_ENTRY.name());
    }

    @Test
    void theStallFaultHoldsTheResultBackForItsDuration() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "same"), FaultPlan.parse("worker.stall@1:ms=1500"));
        Digest seed = job.seed("seed\n");

        long started = System.nanoTime();
        job.assign(seed);
        assertThat(job.coordinator().receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ofMillis(1000))).isEmpty();
        Result result = job.awaitResult();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(Duration.ofMillis(1500));
        assertThat(result.children()).hasSize(1);
    }

    @Test
    void faultsPlannedForAnotherRankDoNothingHere() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "same"),
                FaultPlan.parse("worker.malformed-result@2,worker.extra-stage-file@2"));
        Digest seed = job.seed("seed\n");

        Assign assign = job.assign(seed);
        Result result = job.awaitResult();

        job.inspect(assign, result);
        assertThat(job.shutdown().figures()).containsEntry(WorkerFigures.FAULTS_INJECTED, 0L);
    }

    @Test
    void shutdownIsAnsweredWithExactlyOneAckCarryingTheFiguresAndEndsTheLoop() throws Exception {
        job = LoopbackJob.start(dir, target("printf 'twin\\n' > \"$2/a\"; printf 'twin\\n' > \"$2/b\"; "
                + "printf '%s' \"$(cat \"$1\")\" > \"$2/c\"\n"));
        job.execute(job.seed("one\n"));
        job.execute(job.seed("two\n"));

        ShutdownAck ack = job.shutdown();

        assertThat(ack.worker()).isEqualTo(LoopbackJob.WORKER);
        assertThat(ack.figures()).containsEntry(WorkerFigures.RESULTS, 2L)
                .containsEntry(WorkerFigures.EXECUTIONS, 2L)
                .containsEntry(WorkerFigures.GENERATED, 6L)
                .containsEntry(WorkerFigures.CHILDREN_STAGED, 4L)
                .containsEntry(WorkerFigures.FAILURES, 0L)
                .containsEntry(WorkerFigures.INPUT_MISMATCHES, 0L)
                .containsEntry(WorkerFigures.IGNORED_MESSAGES, 0L)
                .containsKey(WorkerFigures.IDLE_MILLIS);
        assertThat(job.coordinator().receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ofMillis(300))).isEmpty();
    }

    @Test
    void executionTimeIsTheTargetsRunsAndWallTimeRunsFromTheFirstAssignToTheShutdown() throws Exception {
        job = LoopbackJob.start(dir, target("sleep 0.3\n"));
        Digest first = job.seed("one\n");
        Digest second = job.seed("two\n");
        // Start-up before the first ASSIGN is not the worker's wall time at work.
        Thread.sleep(300);
        long before = System.nanoTime();
        job.execute(first);
        // Idle between two assignments: wall time, not execution time.
        Thread.sleep(500);
        job.execute(second);
        Map<String, Long> figures = job.shutdown().figures();
        long after = System.nanoTime();

        long execution = figures.get(WorkerFigures.EXECUTION_MILLIS);
        long wall = figures.get(WorkerFigures.WALL_MILLIS);
        assertThat(execution).as("two runs of a target that sleeps 0.3 s").isGreaterThanOrEqualTo(600);
        assertThat(wall).as("the runs and the idle half second between them").isGreaterThanOrEqualTo(execution + 500);
        assertThat(wall).as("from the first ASSIGN sent to the SHUTDOWN's ACK").isLessThanOrEqualTo((after - before) / 1_000_000);
    }

    @Test
    void aWorkerThatNeverGotAnAssignmentHasNoWallTimeAtWork() throws Exception {
        job = LoopbackJob.start(dir, fileContract());

        assertThat(job.shutdown().figures()).containsEntry(WorkerFigures.WALL_MILLIS, 0L)
                .containsEntry(WorkerFigures.EXECUTION_MILLIS, 0L);
    }

    @Test
    void messagesFromAnotherRankOrWithAnotherTagAreReportedAndIgnored() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "same"));
        Digest seed = job.seed("seed\n");
        byte[] stray = WireCodec.encode(
                new Assign(seed, Token.random(), ResultId.random(), "command", 1, 1, 1, Tier.NEW_COVERAGE, null));

        job.otherWorker().send(LoopbackJob.WORKER, Tags.ASSIGN, stray);
        job.coordinator().send(LoopbackJob.WORKER, Tags.PREPARE, new byte[] {1, 2, 3});
        Result result = job.execute(seed);

        assertThat(result.work()).isEqualTo(seed);
        assertThat(job.otherWorker().receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ZERO)).isEmpty();
        ShutdownAck ack = job.shutdown();
        assertThat(ack.figures()).containsEntry(WorkerFigures.IGNORED_MESSAGES, 2L)
                .containsEntry(WorkerFigures.RESULTS, 1L);
        assertThat(job.diagnostics())
                .contains("frontier worker rank 1: ignored a message [source=2, tag=" + Tags.ASSIGN)
                .contains("ignored a message [source=0, tag=" + Tags.PREPARE);
    }

    @Test
    void aWorkerOfAHybridCampaignRunsTheKindEachAssignNamesAndEndsOnAKindTheCampaignLacks() throws Exception {
        Files.createDirectories(dir.resolve("bin"));
        Path symccTarget = script(dir.resolve("bin"), "symcc-target", "printf 'from symcc' > \"$SYMCC_OUTPUT_DIR/000000\"");
        SymccConfig symcc = new SymccConfig(symccTarget.toString(), List.of(), InputMode.STDIN, false, false, Map.of(),
                ResourceLimits.NONE);
        CommandConfig command = target("printf 'from command' > \"$2/out\"");
        job = LoopbackJob.start(new WorkerSettings(List.of(command, symcc), LoopbackJob.WAIT.toMillis(),
                dir.resolve("campaign").toString(), dir.resolve("scratch").toString(), LoopbackJob.WAIT.toMillis(), null));
        Digest seed = job.seed("seed\n");

        Result bySymcc = job.awaitResultFor(job.assign(seed, "symcc", Tier.NEW_COVERAGE, null));
        Result byCommand = job.awaitResultFor(job.assign(seed, "command", Tier.NEW_COVERAGE, null));

        assertThat(bySymcc.execution().executor()).isEqualTo("symcc");
        assertThat(bySymcc.children()).extracting(DeclaredChild::digest).containsExactly(digestOf("from symcc"));
        assertThat(byCommand.execution().executor()).isEqualTo("command");
        assertThat(byCommand.children()).extracting(DeclaredChild::digest).containsExactly(digestOf("from command"));

        job.assign(seed, "afl", Tier.NEW_COVERAGE, null);

        assertThat(job.awaitFailure()).isInstanceOf(WorkerException.class)
                .hasMessageStartingWith("ASSIGN from the coordinator names an executor kind this campaign does not have")
                .hasMessageContaining("executor=afl").hasMessageContaining("kinds=[command, symcc]");
    }

    @Test
    void aMalformedAssignFromTheCoordinatorEndsTheWorkerWithAnError() throws Exception {
        job = LoopbackJob.start(dir, fileContract());

        job.coordinator().send(LoopbackJob.WORKER, Tags.ASSIGN, "{\"work\":".getBytes(StandardCharsets.UTF_8));

        assertThat(job.awaitFailure()).isInstanceOf(WorkerException.class)
                .hasMessageStartingWith("ASSIGN from the coordinator is malformed").hasMessageContaining("rank=1");
        assertThat(job.coordinator().receive(Transport.ANY_SOURCE, Transport.ANY_TAG, Duration.ZERO)).isEmpty();
    }

    @Test
    void aWorkerWithoutAnyMessageWithinTheIdleLimitFailsInsteadOfWaitingForever() throws Exception {
        job = LoopbackJob.start(LoopbackJob.settings(dir, fileContract(), LoopbackJob.WAIT, Duration.ofMillis(400)));

        job.otherWorker().send(LoopbackJob.WORKER, Tags.RESULT, new byte[0]);

        assertThat(job.awaitFailure()).isInstanceOf(WorkerException.class)
                .hasMessageStartingWith("no message from the coordinator within the idle limit");
        assertThat(job.diagnostics()).contains("ignored a message [source=2");
    }

    @Test
    void aWaitingWorkerKeepsWaitingWithinTheIdleLimit() throws Exception {
        job = LoopbackJob.start(dir, fileContract("--children", "same"));

        assertThat(job.stillRunningAfter(Duration.ofMillis(500))).isTrue();
        assertThat(job.execute(job.seed("late\n")).children()).hasSize(1);
    }

    private static void flipByte(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ 1));
            one.rewind();
            channel.write(one, offset);
        }
    }

    /** Whether {@code file} exists within {@code wait}. */
    private static boolean awaitFile(Path file, Duration wait) {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!Files.exists(file)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
        return true;
    }

    /** A worker's transport that runs {@code hold} before it sends the worker's first RESULT. */
    private static final class HoldingFirstResult implements Transport {

        private final Transport transport;
        private final Runnable hold;
        private boolean held;

        HoldingFirstResult(Transport transport, Runnable hold) {
            this.transport = transport;
            this.hold = hold;
        }

        @Override
        public int rank() {
            return transport.rank();
        }

        @Override
        public int size() {
            return transport.size();
        }

        @Override
        public void send(int destination, int tag, byte[] payload) {
            if (tag == Tags.RESULT && !held) {
                held = true;
                hold.run();
            }
            transport.send(destination, tag, payload);
        }

        @Override
        public Optional<Envelope> receive(int source, int tag, Duration timeout) {
            return transport.receive(source, tag, timeout);
        }
    }
}
