package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.Outcome;
import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.view.EntryId;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.LeftOut;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The report's aggregation of manifest entries, fed entries as {@code ManifestView} reads them:
 * edges and executions over time, per executor kind too, frontier depth, and load per coordinator.
 */
class ManifestAggregatorTest {

    static final double T0 = 1_800_000_000.0;
    static final String ALICE = "epoch-2/rank-0";
    static final String BOB = "epoch-2/rank-1";

    private final ManifestAggregator aggregator = new ManifestAggregator();
    private long commits;

    static Digest id(String name) {
        return ContentHasher.hash(name.getBytes(StandardCharsets.UTF_8)).digest();
    }

    static Child frontier(String name, int newEdges) {
        return Child.triaged(id(name), name.length(), ChildFate.FRONTIER, newEdges);
    }

    static Child child(String name, ChildFate fate) {
        return Child.triaged(id(name), name.length(), fate, 0);
    }

    /** The entry of {@code work}'s result, committed next by {@code owner} at {@code at}, ended as {@code status}. */
    private ManifestRecord entry(String work, String owner, double at, ManifestRecord.Status status, long wallMillis,
                                 Child... children) {
        return entry(work, owner, "afl", at, status, wallMillis, children);
    }

    /** The same, for an execution by {@code executor}. */
    private ManifestRecord entry(String work, String owner, String executor, double at, ManifestRecord.Status status,
                                 long wallMillis, Child... children) {
        byte[] version = ByteBuffer.allocate(10).putLong(2, ++commits).array();
        EntryId id = new EntryId(Versionstamp.complete(version, 0));
        ManifestEntry entry = new ManifestEntry(ManifestEntry.SCHEMA, ResultId.random(), id(work), Token.random(),
                Owner.of(owner), 2, ".stage-2/3/" + commits, children.length, ManifestEntry.chunksFor(children.length),
                new Execution(executor, "ok", 0, false, wallMillis, false), at, 0, 1, LeftOut.NONE, false);
        ResultOutcome outcome = switch (status) {
            case OPEN -> null;
            case DONE -> new ResultOutcome(ResultOutcome.SCHEMA, entry.result(), entry.work(), Outcome.DONE, null,
                    children.length, 2, at);
            case ABANDONED -> new ResultOutcome(ResultOutcome.SCHEMA, entry.result(), entry.work(), Outcome.ABANDONED,
                    "staged bytes lost", 0, 2, at);
        };
        return new ManifestRecord(id, entry, List.of(children), null, outcome);
    }

    private void done(String work, double at, Child... children) {
        aggregator.add(entry(work, ALICE, at, ManifestRecord.Status.DONE, 10, children));
    }

    @Test
    void executionsAndNewEdgesPerExecutorKindComeFromEachEntrysExecution() {
        aggregator.add(entry("seed", ALICE, "afl", T0, ManifestRecord.Status.DONE, 10, frontier("a", 3),
                child("r", ChildFate.REDUNDANT)));
        aggregator.add(entry("a", BOB, "symcc", T0 + 20, ManifestRecord.Status.DONE, 10, frontier("b", 2)));
        aggregator.add(entry("b", ALICE, "afl", T0 + 21, ManifestRecord.Status.OPEN, 10));

        ReportData.Series series = aggregator.executorSeries();

        assertThat(series.bucketMillis()).isEqualTo(1_000);
        assertThat(series.executors()).containsExactly("afl", "symcc");
        assertThat(series.points()).hasSize(22);
        assertThat(series.points().get(0).byExecutor()).containsEntry("afl", new ReportData.ExecutorBucket(1, 3))
                .containsEntry("symcc", new ReportData.ExecutorBucket(0, 0));
        assertThat(series.points().get(20).byExecutor()).containsEntry("afl", new ReportData.ExecutorBucket(0, 0))
                .containsEntry("symcc", new ReportData.ExecutorBucket(1, 2));
        assertThat(series.points().get(21).byExecutor()).containsEntry("afl", new ReportData.ExecutorBucket(1, 0))
                .containsEntry("symcc", new ReportData.ExecutorBucket(0, 0));
    }

    @Test
    void edgesOverTimeAreTheCumulativeNewEdgesOfCommittedChildrenByCommitTime() {
        done("seed", T0, frontier("a", 3), frontier("b", 0), child("b2", ChildFate.REDUNDANT));
        done("a", T0 + 1, frontier("c", 5));
        done("b", T0 + 2);
        done("c", T0 + 2.5, frontier("d", 2));

        ReportData.Timeline timeline = aggregator.timeline();

        assertThat(timeline.points()).extracting(ReportData.TimePoint::edges).containsExactly(3L, 8L, 8L, 10L);
        assertThat(timeline.points()).extracting(ReportData.TimePoint::newEdges).containsExactly(3L, 5L, 0L, 2L);
        assertThat(timeline.points()).extracting(ReportData.TimePoint::totalExecutions)
                .containsExactly(1L, 2L, 3L, 4L);
        assertThat(timeline.points().get(0).seconds()).isZero();
        assertThat(timeline.points().get(3).seconds()).isCloseTo(2.5, offset(0.01));
        assertThat(timeline.points().get(0).at()).startsWith("2027-01-15T08:00:00");
        assertThat(timeline.bucketMillis()).as("2.5 s fit in 500 buckets of 8 ms").isEqualTo(8);
        assertThat(aggregator.edges()).isEqualTo(10);
        assertThat(aggregator.executions()).isEqualTo(4);
        assertThat(aggregator.firstCommitAt()).isEqualTo("2027-01-15T08:00:00Z");
        assertThat(aggregator.lastCommitAt()).isEqualTo("2027-01-15T08:00:02.500Z");
    }

    @Test
    void aLongCampaignInAnyOrderOfTimesKeepsAtMostMaxBucketsAndEveryTotal() {
        Random random = new Random(7);
        long newEdges = 0;
        int entries = 20_000;
        for (int i = 0; i < entries; i++) {
            int edges = random.nextInt(4);
            newEdges += edges;
            double skew = random.nextDouble() * 30;
            done("seed " + i, T0 + i * 13.0 - skew, frontier("child " + i, edges));
        }

        ReportData.Timeline timeline = aggregator.timeline();
        List<ReportData.TimePoint> points = timeline.points();

        assertThat(points).hasSizeLessThanOrEqualTo(TimeBuckets.MAX_BUCKETS).hasSizeGreaterThan(TimeBuckets.MAX_BUCKETS / 4);
        assertThat(Long.bitCount(timeline.bucketMillis())).as("a power of two").isEqualTo(1);
        assertThat(timeline.bucketMillis() * TimeBuckets.MAX_BUCKETS).isGreaterThanOrEqualTo(13_000L * entries - 13_000);
        assertThat(points.get(points.size() - 1).totalExecutions()).isEqualTo(entries);
        assertThat(points.get(points.size() - 1).edges()).isEqualTo(newEdges);
        assertThat(points.stream().mapToLong(ReportData.TimePoint::executions).sum()).isEqualTo(entries);
        assertThat(points).extracting(ReportData.TimePoint::seconds).isSorted();
        assertThat(points).extracting(ReportData.TimePoint::totalExecutions).isSorted();
    }

    @Test
    void aChildIsOneDeeperThanTheWorkThatDeclaredItFirst() {
        done("seed", T0, frontier("a", 1), frontier("b", 1));
        done("a", T0 + 1, frontier("c", 1));
        done("c", T0 + 2, frontier("d", 1), frontier("b", 0));
        done("b", T0 + 3);
        done("d", T0 + 4);
        done("another seed", T0 + 5);

        assertThat(aggregator.depths()).containsExactly(new ReportData.DepthCount(0, 2), new ReportData.DepthCount(1, 2),
                new ReportData.DepthCount(2, 1), new ReportData.DepthCount(3, 1));
        assertThat(aggregator.maxDepth()).isEqualTo(3);
        assertThat(aggregator.timeline().points()).extracting(ReportData.TimePoint::maxDepth)
                .containsExactly(0, 1, 2, 2, 3, 3);
    }

    @Test
    void onlyChildrenThatJoinTheFrontierGetADepthAndEachFateIsCounted() {
        done("seed", T0, frontier("kept", 4), child("dull", ChildFate.REDUNDANT), child("crash", ChildFate.FINDING));
        done("dull", T0 + 1);
        done("crash", T0 + 2);
        done("kept", T0 + 3);

        assertThat(aggregator.childrenGenerated()).isEqualTo(3);
        assertThat(aggregator.childrenAdmitted()).isEqualTo(1);
        assertThat(aggregator.childrenRedundant()).isEqualTo(1);
        assertThat(aggregator.childrenFindings()).isEqualTo(1);
        assertThat(aggregator.depths()).as("dull and crash ran as seeds would, only kept is a child")
                .containsExactly(new ReportData.DepthCount(0, 3), new ReportData.DepthCount(1, 1));
    }

    @Test
    void anAbandonedEntryCountsItsExecutionButNotItsChildrenAndTheRetryKeepsItsDepth() {
        done("seed", T0, frontier("a", 2));
        aggregator.add(entry("a", BOB, T0 + 1, ManifestRecord.Status.ABANDONED, 10, frontier("lost", 7)));
        aggregator.add(entry("a", ALICE, T0 + 2, ManifestRecord.Status.OPEN, 10, frontier("b", 1)));

        assertThat(aggregator.executions()).isEqualTo(3);
        assertThat(aggregator.abandoned()).isEqualTo(1);
        assertThat(aggregator.open()).isEqualTo(1);
        assertThat(aggregator.done()).isEqualTo(1);
        assertThat(aggregator.childrenGenerated()).isEqualTo(2);
        assertThat(aggregator.edges()).as("the edge map took the abandoned child's edges at its commit decision")
                .isEqualTo(10);
        assertThat(aggregator.depths()).containsExactly(new ReportData.DepthCount(0, 1), new ReportData.DepthCount(1, 2));
    }

    @Test
    void loadIsTheExecutionsChildrenAndWallTimeCommittedPerCoordinator() {
        aggregator.add(entry("s1", ALICE, T0, ManifestRecord.Status.DONE, 100, frontier("x", 0), frontier("y", 0)));
        aggregator.add(entry("s2", BOB, T0 + 1, ManifestRecord.Status.DONE, 40, frontier("z", 0)));
        aggregator.add(entry("s3", ALICE, T0 + 2, ManifestRecord.Status.OPEN, 7));
        aggregator.blocked(2);

        assertThat(aggregator.load()).containsExactly(new ReportData.Load(ALICE, 2, 2, 107),
                new ReportData.Load(BOB, 1, 1, 40));
        assertThat(aggregator.blocked()).isEqualTo(2);
    }

    @Test
    void noEntriesGiveEmptyFiguresAndNoTimes() {
        assertThat(aggregator.timeline().points()).isEmpty();
        assertThat(aggregator.depths()).isEmpty();
        assertThat(aggregator.load()).isEmpty();
        assertThat(aggregator.firstCommitAt()).isNull();
        assertThat(aggregator.maxDepth()).isZero();
    }

    @Test
    void aDeepChainIsFollowedToItsEnd() {
        List<String> chain = new ArrayList<>();
        for (int i = 0; i <= 5000; i++) {
            chain.add("link " + i);
        }
        for (int i = 0; i < 5000; i++) {
            done(chain.get(i), T0 + i, frontier(chain.get(i + 1), 1));
        }

        assertThat(aggregator.maxDepth()).isEqualTo(4999);
        assertThat(aggregator.depths()).hasSize(5000).allMatch(depth -> depth.executions() == 1);
    }
}
