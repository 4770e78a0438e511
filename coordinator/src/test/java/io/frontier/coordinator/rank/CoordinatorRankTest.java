package io.frontier.coordinator.rank;

import static io.frontier.coordinator.CampaignFixture.ALICE;
import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.coordinator.admission.AuditScope;
import io.frontier.coordinator.admission.CorpusAudit;
import io.frontier.coordinator.admission.SeedAdmission;
import io.frontier.coordinator.budget.Budget;
import io.frontier.coordinator.commit.Checkpoints;
import io.frontier.coordinator.commit.CommitChain;
import io.frontier.coordinator.commit.CommitPoint;
import io.frontier.coordinator.commit.EntryFinisher;
import io.frontier.coordinator.coverage.EdgeMapMirror;
import io.frontier.coordinator.progress.StoreProgress;
import io.frontier.coordinator.pruning.SharedPruning;
import io.frontier.coordinator.rejection.InvalidResultHandler;
import io.frontier.coordinator.replay.Replay;
import io.frontier.coordinator.replay.StageJanitor;
import io.frontier.coordinator.stop.StopRequests;
import io.frontier.coordinator.termination.Outcome;
import io.frontier.coordinator.termination.TerminationSettings;
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.corpus.seed.SeedScanner;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.exploration.Tier;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.pruning.PruningPolicy;
import io.frontier.store.record.Token;
import io.frontier.store.session.FeedInput;
import io.frontier.store.record.WorkState;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.view.PruningMapView;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.ExecutorKind;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.SessionSlice;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.LoopbackTransport;
import io.frontier.worker.link.Receiving;
import io.frontier.worker.link.Transport;
import io.frontier.worker.shutdown.ShutdownReply;
import io.frontier.worker.topology.JobTopology;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real coordinator rank on its own thread over {@link LoopbackTransport}, with a real SQLite
 * store and corpus; the test plays its two workers.
 */
@Timeout(60)
class CoordinatorRankTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final JobTopology TOPOLOGY = new JobTopology(3, 1);
    private static final List<Integer> WORKERS = List.of(1, 2);
    private static final TerminationSettings FAST = new TerminationSettings(Duration.ofMillis(20),
            Duration.ofMillis(20), Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(2),
            Duration.ofSeconds(2));

    @TempDir
    Path directory;

    private CampaignFixture campaign;
    private final List<Transport> ranks = LoopbackTransport.connect(TOPOLOGY.size());
    private GatedTransport root;
    /** The campaign's executor kinds, as the coordinator's settings list them. */
    private List<String> kinds = List.of("command");
    /** How long one session slice fuzzes: zero while {@link #kinds} has no session kind. */
    private Duration slice = Duration.ZERO;
    /** Commit points in the order the coordinator reached them, with the ASSIGNs sent by then. */
    private final List<String> journal = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void open() {
        campaign = new CampaignFixture(directory);
        root = new GatedTransport(ranks.get(0));
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    @Test
    void eachWorkerHoldsTwoAssignmentsAndResultsReceivedTogetherAreCommittedAsOneBatch() throws Exception {
        List<Digest> items = seeds(6);
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator().run());
        Map<Integer, Deque<Assign>> held = awaitTwoAssignsEach();

        // Results that keep a child: one that keeps none is completed by its decision.
        root.close();
        for (int worker : WORKERS) {
            answerWithChild(worker, held.get(worker).pollFirst(), "child found by worker " + worker);
        }
        root.open();
        for (int worker : WORKERS) {
            held.get(worker).addLast(awaitAssign(worker));
        }
        awaitJournal(4);
        for (int worker : WORKERS) {
            for (Assign next = held.get(worker).pollFirst(); next != null; next = held.get(worker).pollFirst()) {
                answer(worker, next);
            }
        }
        // The first two results each kept a child, which became an item of its own.
        List<CompletableFuture<Integer>> children = WORKERS.stream()
                .map(worker -> CompletableFuture.supplyAsync(() -> serve(worker))).toList();
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.ending()).isEqualTo(Outcome.Ending.COMMITTED);
        assertThat(ended.clean()).isTrue();
        // The two results received together were decided in one batch, and both workers had
        // their next items before it: the four first ASSIGNs and the two that replaced them.
        String decided = CommitPoint.AFTER_BEGIN_COMMIT + " after 6 ASSIGNs";
        String completed = CommitPoint.AFTER_COMPLETE + " after 6 ASSIGNs";
        assertThat(List.copyOf(journal).stream().filter(point -> point.equals(decided) || point.equals(completed))
                .limit(4)).containsExactly(decided, decided, completed, completed);
        assertThat(children.stream().mapToInt(CompletableFuture::join).sum()).isEqualTo(2);
        assertThat(root.assignsSent()).isEqualTo(items.size() + 2);
        for (Digest item : items) {
            assertThat(campaign.store.work(item).state()).isEqualTo(WorkState.DONE);
        }
    }

    @Test
    void onceExecutionsTakeLongerThanTwoSecondsABusyWorkerIsGivenNoNextAssignmentAndAnIdleOneOnlyOne() throws Exception {
        List<Digest> items = seeds(6);
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator().run());
        Map<Integer, Deque<Assign>> held = awaitTwoAssignsEach();

        answer(1, held.get(1).pollFirst(), 10_000);
        awaitJournal(2);
        TimeUnit.MILLISECONDS.sleep(200);
        assertThat(root.assignsSent()).as("worker 1 still executes its second item: nothing more is sent").isEqualTo(4);

        answer(1, held.get(1).pollFirst(), 10_000);
        held.get(1).addLast(awaitAssign(1));
        awaitJournal(4);
        TimeUnit.MILLISECONDS.sleep(200);
        assertThat(root.assignsSent()).as("worker 1 got one item, for the place its execution left").isEqualTo(5);
        assertThat(campaign.store.counts().get(Counter.LEASED))
                .as("nothing claimed beyond it: worker 1's item and worker 2's two").isEqualTo(3);

        held.get(2).forEach(assign -> answer(2, assign));
        answer(1, held.get(1).pollFirst());
        CompletableFuture<Integer> other = CompletableFuture.supplyAsync(() -> serve(2));
        int servedByOne = serve(1);
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.ending()).isEqualTo(Outcome.Ending.COMMITTED);
        assertThat(3 + servedByOne + 2 + other.get()).as("each item ran once").isEqualTo(items.size());
        for (Digest item : items) {
            assertThat(campaign.store.work(item).state()).isEqualTo(WorkState.DONE);
        }
    }

    @Test
    void aQuarantinedWorkerGetsNoFurtherAssignmentEvenWhenItsOtherResultIsValid() throws Exception {
        List<Digest> items = seeds(6);
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator().run());
        Assign first = awaitAssign(1);
        Assign second = awaitAssign(1);
        CompletableFuture<Integer> servedByOther = CompletableFuture.supplyAsync(() -> serve(2));

        ranks.get(1).send(0, Tags.RESULT, "not a result".getBytes(StandardCharsets.UTF_8));
        answer(1, second);
        Envelope next = Receiving.receiveOrFail(ranks.get(1), 0, Transport.ANY_TAG, WAIT);
        assertThat(next.tag()).isEqualTo(Tags.SHUTDOWN);
        ShutdownReply.acknowledge(ranks.get(1), TOPOLOGY, next, Map.of());
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.ending()).isEqualTo(Outcome.Ending.COMMITTED);
        assertThat(ended.exitCode()).isEqualTo(1);
        assertThat(servedByOther.get()).isEqualTo(items.size() - 1);
        assertThat(campaign.store.work(second.work()).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.store.work(first.work()).state()).isEqualTo(WorkState.DONE);
        for (Digest item : items) {
            assertThat(campaign.store.work(item).state()).isEqualTo(WorkState.DONE);
        }
    }

    @Test
    void rootDispatchesAfterTheFirstSliceOfSeedsAndAdmitsTheRestWhileWorkRuns() throws Exception {
        Path seeds = Files.createDirectories(directory.resolve("seeds"));
        int files = CoordinatorRank.SEED_SLICE * 3 + 5;
        for (int i = 0; i < files; i++) {
            Files.write(seeds.resolve("seed-" + i), ("seed " + i + "\n").getBytes(StandardCharsets.UTF_8));
        }
        List<Long> itemsAtAssign = Collections.synchronizedList(new ArrayList<>());
        root.watchAssigns(() -> itemsAtAssign.add(
                campaign.store.counts().get(Counter.PENDING) + campaign.store.counts().get(Counter.LEASED)));
        SeedAdmission admission = new SeedAdmission(new SeedScanner(seeds, campaign.corpus), campaign.store);

        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator(admission).run());
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> serve(1));
        CompletableFuture<Integer> second = CompletableFuture.supplyAsync(() -> serve(2));
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.ending()).isEqualTo(Outcome.Ending.COMMITTED);
        assertThat(ended.clean()).isTrue();
        assertThat(itemsAtAssign.get(0)).as("items in the store at the first ASSIGN")
                .isEqualTo(CoordinatorRank.SEED_SLICE);
        assertThat(first.get() + second.get()).isEqualTo(files);
        assertThat(campaign.store.counts().get(Counter.DONE)).isEqualTo(files);
    }

    @Test
    void resultsReceivedTogetherStartOnlyTheExecutionsTheBudgetLeaves() throws Exception {
        for (int i = 0; i < 8; i++) {
            campaign.seed("item-" + i);
        }
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(
                () -> coordinator(null, new Budget(Duration.ZERO, 2, 0)).run());
        Map<Integer, Deque<Assign>> held = awaitTwoAssignsEach();

        // Two results in one batch reach the budget of two: neither leaves room for one more
        // execution, although both freed a place before the commit.
        answerFirstOfEachTogether(held);
        for (int worker : WORKERS) {
            answer(worker, held.get(worker).pollFirst());
        }
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> serve(1));
        CompletableFuture<Integer> second = CompletableFuture.supplyAsync(() -> serve(2));
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.ending()).isEqualTo(Outcome.Ending.COMMITTED);
        assertThat(first.get() + second.get()).as("executions started after the batch").isZero();
        assertThat(root.assignsSent()).isEqualTo(4);
        assertThat(campaign.store.counts().get(Counter.DONE)).isEqualTo(4);
        assertThat(campaign.store.counts().get(Counter.PENDING)).isEqualTo(4);
    }

    @Test
    void aWorkersNextAssignmentHandsItTheBitsAnotherWorkersValidResultBrought() throws Exception {
        sharingCampaign();
        for (int i = 0; i < 6; i++) {
            campaign.seed("item-" + i);
        }
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator().run());
        Map<Integer, Deque<Assign>> held = awaitTwoAssignsEach();
        assertThat(held.values()).allSatisfy(assigns -> assertThat(assigns)
                .allSatisfy(assign -> assertThat(assign.pruningMap()).isEqualTo(PruningMap.empty())));

        answer(1, held.get(1).pollFirst(), withBits(9));
        held.get(1).addLast(awaitAssign(1));
        answer(2, held.get(2).pollFirst(), null);
        Assign toOtherWorker = awaitAssign(2);
        held.get(2).addLast(toOtherWorker);
        serveHeldAndShutDown(held);
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.clean()).isTrue();
        assertThat(toOtherWorker.pruningMap()).as("worker 2 is handed the bit worker 1's run set").isEqualTo(withBits(9));
        assertThat(new PruningMapView(campaign.kv, campaign.store.keys()).read().map())
                .as("the bit is in the store for the other coordinators and later jobs").isEqualTo(withBits(9));
    }

    @Test
    void theBitsOfAnInvalidResultAreNeitherHandedOnNorStored() throws Exception {
        sharingCampaign();
        for (int i = 0; i < 6; i++) {
            campaign.seed("item-" + i);
        }
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator().run());
        Map<Integer, Deque<Assign>> held = awaitTwoAssignsEach();
        Assign rejected = held.get(1).pollFirst();
        Result stale = new Result(rejected.work(), Token.random(), rejected.result(), rejected.work(), List.of(), 0,
                new Execution("command", "ok", 0, false, 5, false), null, withBits(11));

        ranks.get(1).send(0, Tags.RESULT, WireCodec.encode(stale));
        answer(1, held.get(1).pollFirst(), withBits(12));
        List<Assign> toOtherWorker = Collections.synchronizedList(new ArrayList<>(held.get(2)));
        held.get(2).forEach(assign -> answer(2, assign, null));
        CompletableFuture<Integer> served = CompletableFuture.supplyAsync(() -> serve(2, toOtherWorker));
        Envelope shutdown = Receiving.receiveOrFail(ranks.get(1), 0, Tags.SHUTDOWN, WAIT);
        ShutdownReply.acknowledge(ranks.get(1), TOPOLOGY, shutdown, Map.of());
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.exitCode()).isEqualTo(1);
        assertThat(served.get() + 2).as("worker 2 ran every item but worker 1's valid one").isEqualTo(5);
        assertThat(toOtherWorker.get(toOtherWorker.size() - 1).pruningMap().isSet(12))
                .as("the valid result's bit is handed on").isTrue();
        assertThat(toOtherWorker).allSatisfy(assign -> assertThat(assign.pruningMap().isSet(11)).isFalse());
        assertThat(new PruningMapView(campaign.kv, campaign.store.keys()).read().map())
                .as("worker 1's valid bit and the bit of worker 2's runs, not the invalid one").isEqualTo(withBits(3, 12));
    }

    @Test
    void inACampaignWithAMapPerWorkerNoAssignmentCarriesAMapAndNoBitsAreStored() throws Exception {
        for (int i = 0; i < 4; i++) {
            campaign.seed("item-" + i);
        }
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator().run());
        List<Assign> assigns = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> serve(1, assigns));
        CompletableFuture<Integer> second = CompletableFuture.supplyAsync(() -> serve(2, assigns));
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.clean()).isTrue();
        assertThat(first.get() + second.get()).isEqualTo(4);
        assertThat(assigns).hasSize(4).allSatisfy(assign -> assertThat(assign.pruningMap()).isNull());
        assertThat(new PruningMapView(campaign.kv, campaign.store.keys()).read().shards()).isZero();
    }

    @Test
    void inAHybridCampaignEachAssignNamesTheKindItsItemRunsOnWhicheverWorkerGetsIt() throws Exception {
        kinds = List.of("symcc", "afl");
        Digest seed = campaign.seed("seed");
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator().run());
        Map<Digest, List<String>> ranOn = Collections.synchronizedMap(new TreeMap<>());
        List<CompletableFuture<Integer>> workers = WORKERS.stream()
                .map(worker -> CompletableFuture.supplyAsync(() -> serve(worker, assign -> {
                    ranOn.computeIfAbsent(assign.work(), work -> new ArrayList<>()).add(assign.executor());
                    answerFindingOneChildIfSeed(worker, assign, seed);
                }))).toList();
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.clean()).isTrue();
        assertThat(workers.stream().mapToInt(CompletableFuture::join).sum()).isEqualTo(2);
        Digest child = CampaignFixture.idOf("found by symcc");
        assertThat(ranOn).containsEntry(seed, List.of("symcc")).containsEntry(child, List.of("afl")).hasSize(2);
        assertThat(campaign.store.work(child).state()).isEqualTo(WorkState.DONE);
    }

    @Test
    void inAHybridCampaignARunOfSymccIsFollowedByAflAndRepeatedByAfl() throws Exception {
        campaign.close();
        kinds = List.of("symcc", "afl");
        campaign = new CampaignFixture(Files.createDirectories(directory.resolve("repeating")),
                ExplorationPolicy.DEFAULT.withRounds(8, 2, List.of("afl", "symcc")), null, kinds);
        campaign.seed("seed");
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator().run());
        List<String> ranOn = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<Integer>> workers = WORKERS.stream()
                .map(worker -> CompletableFuture.supplyAsync(() -> serve(worker, assign -> {
                    ranOn.add(assign.executor() + " in tier " + assign.tier());
                    answer(worker, assign, null);
                }))).toList();
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        assertThat(ended.clean()).isTrue();
        assertThat(workers.stream().mapToInt(CompletableFuture::join).sum()).isEqualTo(3);
        assertThat(ranOn).as("the seed's SymCC run is followed up by AFL++, whose run, finding nothing, is repeated")
                .containsExactly("symcc in tier " + Tier.NEW_COVERAGE, "afl in tier " + Tier.NEW_COVERAGE,
                        "afl in tier " + Tier.REPEAT);
    }

    @Test
    void theExecutionBudgetCountsEveryRepeatedRunOfAnItem() throws Exception {
        campaign.close();
        campaign = new CampaignFixture(Files.createDirectories(directory.resolve("budget-repeats")),
                ExplorationPolicy.DEFAULT.withRounds(8, 8, List.of("afl")), null);
        kinds = List.of("afl");
        campaign.seed("seed");
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(
                () -> coordinator(null, new Budget(Duration.ZERO, 3, 0)).run());
        // Each run outlasts the budget's read interval (250 ms), so the store's count is read
        // between runs and not only this coordinator's own count of its commits.
        List<CompletableFuture<Integer>> workers = WORKERS.stream()
                .map(worker -> CompletableFuture.supplyAsync(() -> serve(worker, assign -> {
                    sleep(Duration.ofMillis(400));
                    answer(worker, assign, null);
                }))).toList();
        Outcome ended = outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS);

        // One item, so one execution at a time: the budget stops it exactly, although the item,
        // back in the repeat tier after each run, is never done.
        assertThat(ended.ending()).isEqualTo(Outcome.Ending.COMMITTED);
        assertThat(workers.stream().mapToInt(CompletableFuture::join).sum()).isEqualTo(3);
        assertThat(campaign.store.executions()).isEqualTo(3);
        assertThat(campaign.store.counts().get(Counter.DONE)).isZero();
    }

    @Test
    void aFreeWorkerFuzzesItsOwnSessionFromTheFeedAndItsNextSliceGoesOnWithTheFeedsNewInputsOnly() throws Exception {
        sessionCampaign(List.of(ExecutorKind.AFL_SESSION));
        Digest seed = campaign.seed("seed");
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator(null,
                new Budget(Duration.ZERO, 4, 0)).run());
        Assign first = awaitAssign(1);
        Assign other = awaitAssign(2);

        assertThat(first.executor()).isEqualTo(ExecutorKind.AFL_SESSION);
        assertThat(first.session().fresh()).isTrue();
        assertThat(first.session().slot()).isEqualTo(0);
        assertThat(other.session().slot()).isEqualTo(1);
        assertThat(first.session().seeds()).extracting(FeedInput::digest).containsExactly(seed);
        assertThat(first.session().millis()).isEqualTo(slice.toMillis());
        answerStaging(1, first, SessionSlice.FUZZER_RUNNING, "found by the fuzzer");
        Assign next = awaitAssign(1);

        assertThat(next.work()).as("the worker's own session again").isEqualTo(first.work());
        assertThat(next.token()).isNotEqualTo(first.token());
        assertThat(next.session().fresh()).isFalse();
        assertThat(next.session().imports()).extracting(FeedInput::digest)
                .containsExactly(CampaignFixture.idOf("found by the fuzzer"));
        answerStaging(1, next, SessionSlice.FUZZER_RUNNING);
        answerStaging(2, other, SessionSlice.FUZZER_RUNNING);
        serveSlicesAndShutDown();
        assertThat(outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS).ending()).isEqualTo(Outcome.Ending.COMMITTED);
        assertThat(campaign.store.work(CampaignFixture.idOf("found by the fuzzer")))
                .as("a find of a campaign of sessions alone becomes no work").isNull();
    }

    @Test
    void aSliceWhoseFuzzerEndedIsFollowedByOneThatStartsANewInstanceFromTheFeed() throws Exception {
        sessionCampaign(List.of(ExecutorKind.AFL_SESSION));
        Digest seed = campaign.seed("seed");
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator(null,
                new Budget(Duration.ZERO, 4, 0)).run());
        Assign first = awaitAssign(1);
        answerStaging(1, first, "crash");
        Assign next = awaitAssign(1);

        assertThat(next.session().fresh()).isTrue();
        assertThat(next.session().seeds()).extracting(FeedInput::digest).containsExactly(seed);
        answerStaging(1, next, SessionSlice.FUZZER_RUNNING);
        answerStaging(2, awaitAssign(2), SessionSlice.FUZZER_RUNNING);
        serveSlicesAndShutDown();
        assertThat(outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS).ending()).isEqualTo(Outcome.Ending.COMMITTED);
    }

    @Test
    void inAHybridOneOfTwoFreeWorkersFuzzesAndTheOtherRunsInputsAndASessionsFindRunsOnTheOtherKind()
            throws Exception {
        sessionCampaign(List.of("command", ExecutorKind.AFL_SESSION));
        seeds(4);
        CompletableFuture<Outcome> outcome = CompletableFuture.supplyAsync(() -> coordinator(null,
                new Budget(Duration.ZERO, 6, 0)).run());
        Assign fuzzing = awaitAssign(1);
        Assign running = awaitAssign(2);

        assertThat(fuzzing.executor()).isEqualTo(ExecutorKind.AFL_SESSION);
        assertThat(running.executor()).isEqualTo("command");
        assertThat(running.session()).isNull();
        answerStaging(1, fuzzing, SessionSlice.FUZZER_RUNNING, "fuzzer find");
        List<Assign> received = Collections.synchronizedList(new ArrayList<>());
        answer(2, running);
        CompletableFuture<Integer> fuzzer = CompletableFuture.supplyAsync(() -> serve(1, assign -> {
            received.add(assign);
            answerStaging(1, assign, SessionSlice.FUZZER_RUNNING);
        }));
        CompletableFuture<Integer> runner = CompletableFuture.supplyAsync(() -> serve(2, assign -> {
            received.add(assign);
            answer(2, assign);
        }));
        fuzzer.join();
        runner.join();
        assertThat(outcome.get(WAIT.toSeconds(), TimeUnit.SECONDS).ending()).isEqualTo(Outcome.Ending.COMMITTED);
        assertThat(campaign.store.work(CampaignFixture.idOf("fuzzer find")).origin())
                .isEqualTo(ExecutorKind.AFL_SESSION);
        assertThat(received).filteredOn(assign -> assign.work().equals(CampaignFixture.idOf("fuzzer find")))
                .extracting(Assign::executor).allMatch("command"::equals);
    }

    /** Replaces the test's campaign by one whose job runs {@code sessionKinds}, with 50-ms slices. */
    private void sessionCampaign(List<String> sessionKinds) throws IOException {
        campaign.close();
        campaign = new CampaignFixture(Files.createDirectories(directory.resolve("sessions")),
                ExplorationPolicy.DEFAULT, null, sessionKinds);
        kinds = sessionKinds;
        slice = Duration.ofMillis(50);
    }

    /**
     * Answers {@code assign} with the children named {@code found}, staged as a worker stages them,
     * and an execution that ended as {@code exitKind}.
     */
    private void answerStaging(int worker, Assign assign, String exitKind, String... found) {
        List<DeclaredChild> children = staged(worker, assign, found);
        boolean signaled = !exitKind.equals(SessionSlice.FUZZER_RUNNING);
        Result result = new Result(assign.work(), assign.token(), assign.result(), assign.work(), children,
                children.size(), new Execution(assign.executor(), exitKind, signaled ? 6 : 0, signaled, 50, false),
                null, null);
        ranks.get(worker).send(0, Tags.RESULT, WireCodec.encode(result));
    }

    /** {@code names}' bytes staged as children of {@code worker}'s answer to {@code assign}, untriaged. */
    private List<DeclaredChild> staged(int worker, Assign assign, String... names) {
        List<DeclaredChild> children = new ArrayList<>();
        StageWriter writer = new StageWriter(campaign.layout,
                new StageLocation(assign.epoch(), worker, assign.result().hex()), campaign.files);
        for (String name : names) {
            StagedChild staged = writer.stage(CampaignFixture.bytes(name));
            children.add(DeclaredChild.untriaged(staged.digest(), staged.size()));
        }
        return children;
    }

    /** Both workers answer every further slice with nothing new until their SHUTDOWN. */
    private void serveSlicesAndShutDown() {
        List<CompletableFuture<Integer>> workers = new ArrayList<>();
        for (int worker : WORKERS) {
            workers.add(CompletableFuture.supplyAsync(() -> serve(worker,
                    assign -> answerStaging(worker, assign, SessionSlice.FUZZER_RUNNING))));
        }
        workers.forEach(CompletableFuture::join);
    }

    /**
     * Answers {@code assign} as run by the kind it names: the run of {@code seed} finds one child,
     * {@code "found by symcc"}, every other run none.
     */
    private void answerFindingOneChildIfSeed(int worker, Assign assign, Digest seed) {
        if (assign.work().equals(seed)) {
            answerWithChild(worker, assign, "found by symcc");
        } else {
            answer(worker, assign);
        }
    }

    /** A RESULT that declares one child, {@code child}'s bytes staged, without coverage: kept. */
    private void answerWithChild(int worker, Assign assign, String child) {
        List<DeclaredChild> children = staged(worker, assign, child);
        Result result = new Result(assign.work(), assign.token(), assign.result(), assign.work(), children,
                children.size(), new Execution(assign.executor(), "ok", 0, false, 5, false), null, null);
        ranks.get(worker).send(0, Tags.RESULT, WireCodec.encode(result));
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a worker ran", e);
        }
    }

    /** Replaces the test's campaign by one that shares its SymCC pruning map. */
    private void sharingCampaign() throws IOException {
        campaign.close();
        campaign = new CampaignFixture(Files.createDirectories(directory.resolve("sharing")), PruningPolicy.SHARED);
    }

    private static PruningMap withBits(int... bits) {
        byte[] file = new byte[PruningMap.BYTES];
        for (int bit : bits) {
            file[bit >>> 3] |= (byte) (1 << (bit & 7));
        }
        return PruningMap.of(file);
    }

    /** Both workers answer what they hold and every ASSIGN that follows, then acknowledge SHUTDOWN. */
    private void serveHeldAndShutDown(Map<Integer, Deque<Assign>> held) {
        List<CompletableFuture<Integer>> workers = new ArrayList<>();
        for (int worker : WORKERS) {
            for (Assign assign : held.get(worker)) {
                answer(worker, assign, null);
            }
            workers.add(CompletableFuture.supplyAsync(() -> serve(worker)));
        }
        workers.forEach(CompletableFuture::join);
    }

    /** Admits {@code count} seeds, {@code item-0} on, and returns their ids in that order. */
    private List<Digest> seeds(int count) throws Exception {
        List<Digest> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(campaign.seed("item-" + i));
        }
        return items;
    }

    /** The two assignments each worker gets at the start, in the order they came. */
    private Map<Integer, Deque<Assign>> awaitTwoAssignsEach() {
        Map<Integer, Deque<Assign>> held = new TreeMap<>();
        for (int worker : WORKERS) {
            held.put(worker, new ArrayDeque<>(List.of(awaitAssign(worker), awaitAssign(worker))));
        }
        return held;
    }

    /**
     * Both workers answer their first held assignment while the coordinator is kept from
     * receiving, so that it finds both RESULTs at once.
     */
    private void answerFirstOfEachTogether(Map<Integer, Deque<Assign>> held) throws InterruptedException {
        root.close();
        for (int worker : WORKERS) {
            answer(worker, held.get(worker).pollFirst());
        }
        root.open();
    }

    /** Plays {@code worker} until its SHUTDOWN: answers every ASSIGN; returns how many it answered. */
    private int serve(int worker) {
        return serve(worker, Collections.synchronizedList(new ArrayList<>()));
    }

    /**
     * Plays {@code worker} until its SHUTDOWN: answers every ASSIGN, each with a run that set
     * bit 3 of its pruning map, and adds it to {@code received}; returns how many it answered.
     */
    private int serve(int worker, List<Assign> received) {
        return serve(worker, assign -> {
            received.add(assign);
            answer(worker, assign, assign.pruningMap() == null || assign.pruningMap().isSet(3) ? null : withBits(3));
        });
    }

    /** Plays {@code worker} until its SHUTDOWN: {@code answering} answers every ASSIGN; returns how many. */
    private int serve(int worker, Consumer<Assign> answering) {
        int answered = 0;
        while (true) {
            Envelope message = Receiving.receiveOrFail(ranks.get(worker), 0, Transport.ANY_TAG, WAIT);
            if (message.tag() == Tags.SHUTDOWN) {
                ShutdownReply.acknowledge(ranks.get(worker), TOPOLOGY, message, Map.of());
                return answered;
            }
            answering.accept(WireCodec.decode(message.payload(), Assign.class));
            answered++;
        }
    }

    private CoordinatorRank coordinator() {
        return coordinator(null);
    }

    private CoordinatorRank coordinator(SeedAdmission seeds) {
        return coordinator(seeds, Budget.NONE);
    }

    /** The coordinator under test, root of its job; {@code seeds} is its seed directory, or null for none. */
    private CoordinatorRank coordinator(SeedAdmission seeds, Budget budget) {
        Checkpoints recording = (point, work) -> journal.add(point + " after " + root.assignsSent() + " ASSIGNs");
        EntryFinisher finisher = new EntryFinisher(campaign.store, campaign.layout, campaign.files, Checkpoints.NONE);
        CoordinatorServices services = new CoordinatorServices(campaign.store, campaign.corpus, seeds,
                new ResultValidator(campaign.layout),
                new CommitChain(campaign.store, campaign.layout, campaign.files, recording),
                new InvalidResultHandler(campaign.store, campaign.layout, campaign.files),
                new Replay(campaign.store, finisher),
                new StageJanitor(campaign.store, campaign.layout, campaign.files),
                new CorpusAudit(campaign.layout.corpus(), campaign.kv, campaign.store, AuditScope.AUTO), FaultPlan.NONE,
                new StoreProgress(campaign.store, campaign.kv, Map.of(ALICE, 0)), StopRequests.NONE,
                SharedPruning.open(campaign.store, new PruningMapView(campaign.kv, campaign.store.keys()), campaign.epoch,
                        Set.of("command")),
                new EdgeMapMirror(new EdgeMapView(campaign.kv, campaign.store.keys()), campaign.store,
                        campaign.store.exploration()));
        CoordinatorSettings settings = new CoordinatorSettings(Duration.ofMinutes(5), 10, null, WAIT, FAST, budget,
                kinds, slice, Duration.ofMinutes(1));
        PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return new CoordinatorRank(root, TOPOLOGY, services, settings, campaign.epoch, ALICE, Set.of(), log);
    }

    /** Waits until the coordinator has reached {@code points} commit points. */
    private void awaitJournal(int points) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (journal.size() < points && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(5);
        }
    }

    private Assign awaitAssign(int worker) {
        Envelope message = Receiving.receiveOrFail(ranks.get(worker), 0, Tags.ASSIGN, WAIT);
        return WireCodec.decode(message.payload(), Assign.class);
    }

    /** What a worker does for an input without children: a RESULT that declares none. */
    private void answer(int worker, Assign assign) {
        answer(worker, assign, null);
    }

    /** A RESULT that declares no children and carries {@code pruningBits} (null: none). */
    private void answer(int worker, Assign assign, PruningMap pruningBits) {
        answer(worker, assign, pruningBits, 5);
    }

    /** A RESULT that declares no children, of an execution that took {@code wallMillis}. */
    private void answer(int worker, Assign assign, long wallMillis) {
        answer(worker, assign, null, wallMillis);
    }

    private void answer(int worker, Assign assign, PruningMap pruningBits, long wallMillis) {
        Result result = new Result(assign.work(), assign.token(), assign.result(), assign.work(), List.of(), 0,
                new Execution(assign.executor(), "ok", 0, false, wallMillis, false), null, pruningBits);
        ranks.get(worker).send(0, Tags.RESULT, WireCodec.encode(result));
    }

    /**
     * The coordinator's transport, which the test can close: a receive then waits until the test
     * opens it again. Counts the ASSIGNs sent through it.
     */
    private static final class GatedTransport implements Transport {

        private final Transport transport;
        private final AtomicInteger assigns = new AtomicInteger();
        private volatile Runnable assignWatcher = () -> { };
        private boolean closed;
        private boolean waiting;

        GatedTransport(Transport transport) {
            this.transport = transport;
        }

        /** Closes the gate and returns once the coordinator waits at it. */
        synchronized void close() throws InterruptedException {
            closed = true;
            while (!waiting) {
                wait();
            }
        }

        synchronized void open() {
            closed = false;
            notifyAll();
        }

        int assignsSent() {
            return assigns.get();
        }

        /** Runs {@code watcher} on the coordinator's thread before each ASSIGN goes out. */
        void watchAssigns(Runnable watcher) {
            assignWatcher = watcher;
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
            if (tag == Tags.ASSIGN) {
                assignWatcher.run();
                assigns.incrementAndGet();
            }
            transport.send(destination, tag, payload);
        }

        @Override
        public Optional<Envelope> receive(int source, int tag, Duration timeout) {
            synchronized (this) {
                while (closed) {
                    waiting = true;
                    notifyAll();
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return Optional.empty();
                    }
                }
                waiting = false;
            }
            return transport.receive(source, tag, timeout);
        }
    }
}
