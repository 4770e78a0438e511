package io.frontier.coordinator.replay;

import static io.frontier.coordinator.CampaignFixture.ALICE;
import static io.frontier.coordinator.CampaignFixture.T0;
import static io.frontier.coordinator.CampaignFixture.TTL;
import static io.frontier.coordinator.CampaignFixture.bytes;
import static io.frontier.coordinator.CampaignFixture.idOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.coordinator.commit.Checkpoints;
import io.frontier.coordinator.commit.CommitChain;
import io.frontier.coordinator.commit.CommitOutcome;
import io.frontier.coordinator.commit.CommitPoint;
import io.frontier.coordinator.commit.EntryFinisher;
import io.frontier.coordinator.commit.SimulatedCrash;
import io.frontier.coordinator.validation.ResultValidator;
import io.frontier.coordinator.validation.Verdict;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.store.wire.WireCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ReplayTest {

    private static final String[] CHILDREN = {"child-1", "child-2", "child-3"};
    private static final String[] NAMES = {"seed", "child-1", "child-2", "child-3"};

    @TempDir
    Path directory;
    @TempDir
    Path referenceDirectory;

    private CampaignFixture campaign;

    @BeforeEach
    void open() {
        campaign = new CampaignFixture(directory);
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    /** The end state of the same commit run without interruption, in a campaign of its own. */
    private String uninterruptedEndState() {
        try (CampaignFixture reference = new CampaignFixture(referenceDirectory)) {
            ActiveAssignment assignment = reference.assigned("seed");
            Verdict.Valid valid = valid(reference, assignment, reference.workerAnswers(assignment, CHILDREN));
            CommitOutcome outcome = chain(reference, Checkpoints.NONE).commit(assignment, valid, T0 + 1);
            assertThat(outcome).isInstanceOf(CommitOutcome.Committed.class);
            return reference.endState(NAMES);
        }
    }

    /** Commits the seed's result with {@link #CHILDREN} and crashes at {@code point}. */
    private ActiveAssignment crashedCommit(CampaignFixture target, String seed, CommitPoint point) {
        ActiveAssignment assignment = target.assigned(seed);
        Verdict.Valid valid = valid(target, assignment, target.workerAnswers(assignment, CHILDREN));
        assertThatThrownBy(() -> chain(target, SimulatedCrash.at(point)).commit(assignment, valid, T0 + 1))
                .isInstanceOf(SimulatedCrash.class);
        return assignment;
    }

    @ParameterizedTest
    @EnumSource(CommitPoint.class)
    void replayAfterACrashAtAnyPointReachesTheUninterruptedEndState(CommitPoint point) {
        ActiveAssignment assignment = crashedCommit(campaign, "seed", point);
        Set<String> inCorpusAfterCrash = campaign.corpusNames();
        campaign.nextJob("job-2", T0 + 100);

        ReplayReport first = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);
        String afterFirst = campaign.endState(NAMES);
        boolean stageLeftByReplay = Files.exists(campaign.stageOf(assignment));
        ReplayReport second = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 102);
        JanitorReport sweep = janitor().sweepUpTo(campaign.epoch - 1);

        assertThat(first.finished()).isTrue();
        assertThat(first.abandoned()).isEmpty();
        assertThat(campaign.endState(NAMES)).isEqualTo(afterFirst).isEqualTo(uninterruptedEndState());
        assertThat(second.completed()).isEmpty();
        assertThat(second.abandoned()).isEmpty();
        if (point == CommitPoint.AFTER_COMPLETE) {
            assertThat(first.completed()).isEmpty();
        } else {
            CommitOutcome.Committed replayed = first.completed().get(0);
            assertThat(replayed.enqueued()).containsExactly(ids(CHILDREN));
            // Each child was renamed exactly once: by the crashed commit or by replay, not both.
            Set<String> renamedByReplay = replayed.promoted().stream().map(Digest::hex).collect(Collectors.toSet());
            assertThat(renamedByReplay).doesNotContainAnyElementsOf(inCorpusAfterCrash);
            Set<String> all = new HashSet<>(inCorpusAfterCrash);
            all.addAll(renamedByReplay);
            assertThat(all).containsExactlyInAnyOrderElementsOf(campaign.corpusNames());
            assertThat(first.childrenPromoted()).isEqualTo(renamedByReplay.size());
            assertThat(first.enqueued()).containsExactly(ids(CHILDREN));
        }
        // A crash after completion leaves the stage to the janitor; replay removes every other.
        assertThat(stageLeftByReplay).isEqualTo(point == CommitPoint.AFTER_COMPLETE);
        assertThat(sweep.removed()).containsExactly(1L);
        assertThat(campaign.stageTrees()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(value = CommitPoint.class, names = "AFTER_BEGIN_COMMIT", mode = EnumSource.Mode.EXCLUDE)
    void replayKilledAnywhereAndRunAgainReachesTheSameEndState(CommitPoint replayPoint) {
        ActiveAssignment assignment = crashedCommit(campaign, "seed", CommitPoint.AFTER_BEGIN_COMMIT);
        campaign.nextJob("job-2", T0 + 100);
        assertThatThrownBy(() -> replay(SimulatedCrash.at(replayPoint)).run(campaign.epoch, work -> true, T0 + 101))
                .isInstanceOf(SimulatedCrash.class);
        campaign.nextJob("job-3", T0 + 200);

        ReplayReport again = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 201);
        boolean stageLeftByReplay = Files.exists(campaign.stageOf(assignment));
        janitor().sweepUpTo(campaign.epoch - 1);

        assertThat(again.finished()).isTrue();
        assertThat(campaign.endState(NAMES)).isEqualTo(uninterruptedEndState());
        assertThat(stageLeftByReplay).isEqualTo(replayPoint == CommitPoint.AFTER_COMPLETE);
        assertThat(campaign.stageTrees()).isEmpty();
    }

    @Test
    void stagedBytesDeletedBeforeReplayAbandonTheEntryAndRequeueTheParent() throws Exception {
        ActiveAssignment assignment = crashedCommit(campaign, "seed", CommitPoint.AFTER_BEGIN_COMMIT);
        Files.delete(campaign.stageOf(assignment).resolve(idOf("child-2").hex()));
        campaign.nextJob("job-2", T0 + 100);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);

        assertThat(report.finished()).isTrue();
        assertThat(report.completed()).isEmpty();
        assertThat(report.abandoned()).hasSize(1);
        assertThat(report.abandoned().get(0).reason()).contains("MISSING " + idOf("child-2").hex());
        assertThat(report.abandoned().get(0).forGood()).isFalse();
        assertParentRequeuedAndNothingPublished(assignment);
    }

    @Test
    void stagedBytesCorruptedBeforeReplayAbandonTheEntryAndRequeueTheParent() {
        ActiveAssignment assignment = crashedCommit(campaign, "seed", CommitPoint.AFTER_BEGIN_COMMIT);
        CampaignFixture.flipFirstByte(campaign.stageOf(assignment).resolve(idOf("child-3").hex()));
        campaign.nextJob("job-2", T0 + 100);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);

        assertThat(report.abandoned()).hasSize(1);
        assertThat(report.abandoned().get(0).reason()).contains("WRONG_DIGEST " + idOf("child-3").hex());
        assertParentRequeuedAndNothingPublished(assignment);
    }

    private void assertParentRequeuedAndNothingPublished(ActiveAssignment assignment) {
        WorkRecord parent = campaign.store.work(idOf("seed"));
        assertThat(parent.state()).isEqualTo(WorkState.PENDING);
        assertThat(parent.token()).isNull();
        for (String child : CHILDREN) {
            assertThat(campaign.store.work(idOf(child))).isNull();
        }
        assertThat(campaign.corpusNames()).containsExactly(idOf("seed").hex());
        assertThat(campaign.stageOf(assignment)).doesNotExist();
        String after = campaign.endState(NAMES);
        ReplayReport again = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 102);
        assertThat(again.abandoned()).isEmpty();
        assertThat(campaign.endState(NAMES)).isEqualTo(after);
        WorkRecord retried = campaign.store.claim(campaign.epoch, ALICE, Set.of(), 1, T0 + 103, TTL).granted().get(0);
        assertThat(retried.id()).isEqualTo(idOf("seed"));
        assertThat(retried.attempts()).isEqualTo(2);
        assertThat(retried.token()).isNotEqualTo(assignment.token());
    }

    @Test
    void corruptPublicObjectFoundByReplayIsAControlFailureAndTheEntryWaits() throws Exception {
        ActiveAssignment assignment = crashedCommit(campaign, "seed", CommitPoint.AFTER_BEGIN_COMMIT);
        Path planted = campaign.corpusPathOf("child-2");
        Files.write(planted, bytes("child-2"));
        CampaignFixture.flipFirstByte(planted);
        campaign.nextJob("job-2", T0 + 100);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);
        ReplayReport again = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 102);
        JanitorReport sweep = janitor().sweepUpTo(campaign.epoch - 1);

        assertThat(report.finished()).isFalse();
        assertThat(report.controlFailure().get("work")).isEqualTo(idOf("seed").hex());
        assertThat(report.controlFailure().get("expected")).isEqualTo(idOf("child-2").hex());
        assertThat(report.controlFailure().get("actual")).hasSize(64).isNotEqualTo(idOf("child-2").hex());
        assertThat(again.controlFailure()).isEqualTo(report.controlFailure());
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.COMMITTING);
        assertThat(campaign.corpusNames()).containsExactlyInAnyOrder(idOf("seed").hex(), idOf("child-2").hex());
        assertThat(campaign.stageOf(assignment).resolve(idOf("child-1").hex())).exists();
        assertThat(sweep.kept()).containsExactly(1L);
        assertThat(sweep.removed()).isEmpty();
    }

    @Test
    void entriesOfTheCallersOwnEpochAreLeftToTheirCommitter() {
        ActiveAssignment assignment = crashedCommit(campaign, "seed", CommitPoint.AFTER_BEGIN_COMMIT);
        String before = campaign.endState(NAMES);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 2);

        assertThat(report.leftToCurrentEpoch()).isEqualTo(1);
        assertThat(report.completed()).isEmpty();
        assertThat(campaign.endState(NAMES)).isEqualTo(before);
        assertThat(campaign.stageOf(assignment).resolve(idOf("child-1").hex())).exists();
    }

    @Test
    void entriesOutsideTheCallersShareAreLeftToOthers() {
        crashedCommit(campaign, "seed", CommitPoint.AFTER_BEGIN_COMMIT);
        campaign.nextJob("job-2", T0 + 100);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> !work.equals(idOf("seed")), T0 + 101);

        assertThat(report.leftToOthers()).isEqualTo(1);
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.COMMITTING);
    }

    @Test
    void replayReachesOldEntriesBehindMoreThanAPageOfCurrentOnes() {
        List<String> old = names("old-", 2, true);
        List<String> current = names("current-", Replay.PAGE + 1, false);
        for (String name : old) {
            crashedCommit(campaign, name, CommitPoint.AFTER_BEGIN_COMMIT);
        }
        campaign.nextJob("job-2", T0 + 100);
        campaign.commitWithoutChildren(current, T0 + 100);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);

        assertThat(report.completed()).extracting(CommitOutcome.Committed::work)
                .containsExactlyInAnyOrderElementsOf(old.stream().map(CampaignFixture::idOf).toList());
        assertThat(report.leftToCurrentEpoch()).isEqualTo(current.size());
    }

    @Test
    void replayReadsEachCommittingEntryOnceWhateverTheirNumber() {
        List<String> old = names("old-", 2, true);
        List<String> current = names("current-", 3 * Replay.PAGE, false);
        for (String name : old) {
            crashedCommit(campaign, name, CommitPoint.AFTER_BEGIN_COMMIT);
        }
        campaign.nextJob("job-2", T0 + 100);
        campaign.commitWithoutChildren(current, T0 + 100);
        CountingReads reads = new CountingReads(campaign.kv, campaign.store.keys().committing());
        CampaignStore counted = new CampaignStore(reads, campaign.store.keys());

        ReplayReport report = replay(counted, Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);

        assertThat(report.finished()).isTrue();
        assertThat(report.completed()).hasSize(old.size());
        assertThat(report.leftToCurrentEpoch()).isEqualTo(current.size());
        assertThat(reads.returned()).isEqualTo(old.size() + current.size());
    }

    @Test
    void aCommittingEntryThatCannotBeReadIsAControlFailureAndTheOthersAreReplayed() {
        List<String> seeds = List.of("seed-a", "seed-b", "seed-c");
        List<ActiveAssignment> assignments = new ArrayList<>();
        for (String seed : seeds) {
            assignments.add(crashedCommit(campaign, seed, CommitPoint.AFTER_BEGIN_COMMIT));
        }
        campaign.truncateRecord("seed-b");
        byte[] damagedKey = campaign.store.keys().work(idOf("seed-b"));
        byte[] damaged = campaign.stored(damagedKey);
        campaign.nextJob("job-2", T0 + 100);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);
        ReplayReport again = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 102);

        assertThat(report.completed()).extracting(CommitOutcome.Committed::work)
                .containsExactlyInAnyOrder(idOf("seed-a"), idOf("seed-c"));
        assertThat(report.blocked()).singleElement().satisfies(failure -> {
            assertThat(failure.get("blocked"))
                    .isEqualTo(HexFormat.of().formatHex(campaign.store.keys().committing(idOf("seed-b"))));
            assertThat(failure.reason()).isEqualTo("stored record cannot be decoded");
            assertThat(failure.get("key")).isEqualTo(HexFormat.of().formatHex(damagedKey));
        });
        assertThat(report.controlFailure()).isEqualTo(report.blocked().get(0));
        assertThat(report.finished()).isFalse();
        assertThat(campaign.stored(damagedKey)).isEqualTo(damaged);
        assertThat(campaign.stageOf(assignments.get(1)).resolve(idOf("child-1").hex())).exists();
        assertThat(campaign.store.work(idOf("seed-a")).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.store.work(idOf("seed-c")).state()).isEqualTo(WorkState.DONE);
        assertThat(again.completed()).isEmpty();
        assertThat(again.blocked()).isEqualTo(report.blocked());
    }

    @Test
    void anEntryWhoseStageNameCannotBeParsedIsAControlFailureAndTheOthersAreReplayed() {
        crashedCommit(campaign, "seed-a", CommitPoint.AFTER_BEGIN_COMMIT);
        campaign.nextJob("job-2", T0 + 100);
        List<String> odd = names("odd-", 1, false);
        campaign.commitWithoutChildren(odd, T0 + 100);
        campaign.nextJob("job-3", T0 + 200);
        WorkRecord record = campaign.store.work(idOf(odd.get(0)));
        byte[] resultKey = campaign.store.keys().result(record.result());
        byte[] entryKey = campaign.store.keys().manifest(
                campaign.store.keys().decodeVersionstampValue(resultKey, campaign.stored(resultKey)), 0);
        String entry = new String(campaign.stored(entryKey), StandardCharsets.UTF_8);
        campaign.plant(entryKey, entry.replace("\".stage-2/9/", "\"elsewhere/9/").getBytes(StandardCharsets.UTF_8));

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 201);

        assertThat(report.completed()).extracting(CommitOutcome.Committed::work).containsExactly(idOf("seed-a"));
        assertThat(report.blocked()).singleElement()
                .satisfies(failure -> assertThat(failure.get("work")).isEqualTo(idOf(odd.get(0)).hex()));
        assertThat(report.controlFailure()).isEqualTo(report.blocked().get(0));
        assertThat(campaign.store.work(idOf(odd.get(0)))).isEqualTo(record);
    }

    @Test
    void anEntryAbandonedOnItsLastAttemptIsReportedAsAbandonedForGood() throws Exception {
        ActiveAssignment first = campaign.assigned("seed");
        WorkRecord kept = campaign.store.work(first.work());
        while (kept.attempts() < CampaignFixture.CONFIG.maxAttempts()) {
            kept = campaign.store.requeue(campaign.epoch, first.lease(), ResultId.random(), T0, TTL);
        }
        ActiveAssignment last =
                ActiveAssignment.issue(kept, campaign.epoch, CampaignFixture.WORKER, CampaignFixture.EXECUTOR, T0);
        Verdict.Valid valid = valid(campaign, last, campaign.workerAnswers(last, CHILDREN));
        assertThatThrownBy(() -> chain(campaign, SimulatedCrash.at(CommitPoint.AFTER_BEGIN_COMMIT))
                .commit(last, valid, T0 + 1)).isInstanceOf(SimulatedCrash.class);
        Files.delete(campaign.stageOf(last).resolve(idOf("child-2").hex()));
        campaign.nextJob("job-2", T0 + 100);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);

        assertThat(report.abandoned()).singleElement().satisfies(lost -> {
            assertThat(lost.forGood()).isTrue();
            assertThat(lost.repeated()).isFalse();
        });
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.ABANDONED);
    }

    @Test
    void replayNeedsNoStagedBytesForARedundantChild() throws Exception {
        ActiveAssignment assignment = campaign.assigned("seed");
        List<DeclaredChild> staged = campaign.stage(assignment, CHILDREN);
        Coverage reached = Coverage.of(new int[] {Coverage.tuple(3, 1)});
        List<DeclaredChild> declared = List.of(CampaignFixture.triaged(staged.get(0), reached, null),
                CampaignFixture.triaged(staged.get(1), reached, null),
                CampaignFixture.triaged(staged.get(2), reached, new DeclaredFinding(FindingKind.HANG, 0, "signal:9")));
        Verdict.Valid valid = valid(campaign, assignment, WireCodec.encode(CampaignFixture.result(assignment, declared)));
        assertThatThrownBy(() -> chain(campaign, SimulatedCrash.at(CommitPoint.AFTER_BEGIN_COMMIT))
                .commit(assignment, valid, T0 + 1)).isInstanceOf(SimulatedCrash.class);
        Files.delete(campaign.stageOf(assignment).resolve(idOf("child-2").hex()));
        campaign.nextJob("job-2", T0 + 100);

        ReplayReport report = replay(Checkpoints.NONE).run(campaign.epoch, work -> true, T0 + 101);

        assertThat(report.finished()).isTrue();
        assertThat(report.abandoned()).isEmpty();
        assertThat(report.completed()).singleElement().satisfies(done -> {
            assertThat(done.promoted()).containsExactlyInAnyOrder(idOf("child-1"), idOf("child-3"));
            assertThat(done.enqueued()).containsExactly(idOf("child-1"));
        });
        assertThat(campaign.corpusNames()).containsExactlyInAnyOrder(idOf("seed").hex(), idOf("child-1").hex(),
                idOf("child-3").hex());
        assertThat(campaign.store.work(idOf("seed")).state()).isEqualTo(WorkState.DONE);
        assertThat(campaign.stageOf(assignment)).doesNotExist();
    }

    /**
     * {@code count} names with {@code prefix} whose work ids sort after every id not starting
     * with {@code f} ({@code last}), or before every id starting with it.
     */
    private static List<String> names(String prefix, int count, boolean last) {
        List<String> names = new ArrayList<>();
        for (int i = 0; names.size() < count; i++) {
            String name = prefix + i;
            if (idOf(name).hex().startsWith("f") == last) {
                names.add(name);
            }
        }
        return names;
    }

    private Replay replay(Checkpoints checkpoints) {
        return replay(campaign.store, checkpoints);
    }

    private Replay replay(CampaignStore store, Checkpoints checkpoints) {
        return new Replay(store, new EntryFinisher(store, campaign.layout, campaign.files, checkpoints));
    }

    private StageJanitor janitor() {
        return new StageJanitor(campaign.store, campaign.layout, campaign.files);
    }

    private static CommitChain chain(CampaignFixture target, Checkpoints checkpoints) {
        return new CommitChain(target.store, target.layout, target.files, checkpoints);
    }

    private static Verdict.Valid valid(CampaignFixture target, ActiveAssignment assignment, byte[] payload) {
        Verdict verdict = new ResultValidator(target.layout).validate(assignment, payload);
        assertThat(verdict).isInstanceOf(Verdict.Valid.class);
        return (Verdict.Valid) verdict;
    }

    private static Digest[] ids(String... names) {
        return Arrays.stream(names).map(CampaignFixture::idOf).toArray(Digest[]::new);
    }
}
