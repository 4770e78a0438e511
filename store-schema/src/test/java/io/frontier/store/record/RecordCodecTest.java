package io.frontier.store.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FutureSchemaException;
import io.frontier.store.exploration.ClaimOrder;
import io.frontier.store.exploration.Tier;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildChunk;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestCodecs;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.Outcome;
import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.session.SessionSlot;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.ExecutorKind;
import io.frontier.store.wire.LeftOut;
import io.frontier.store.wire.FindingKind;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordCodecTest {

    private static final byte[] KEY = {1, 2, 3};
    private static final Digest ID = Digest.parse("ab".repeat(32));
    private static final Digest OTHER = Digest.parse("cd".repeat(32));
    private static final Token TOKEN = Token.of("0123456789abcdef0123456789abcdef");
    private static final ResultId RESULT = ResultId.of("fedcba9876543210fedcba9876543210");
    private static final Owner OWNER = Owner.of("job-1/rank-0");
    private static final Digest TOKEN_DIGEST = Digest.parse("ef".repeat(32));
    private static final Digest FRONTIER_DIGEST = Digest.parse("01".repeat(32));

    private static WorkRecord leased() {
        return WorkRecord.child(new WorkPayload(ID, 42), OTHER, "symcc", 1, 0, 0, 0, false, ClaimOrder.NEW_COVERAGE).leased(TOKEN, OWNER, 1, 1234.5);
    }

    private static String leasedJson() {
        return new String(RecordCodec.WORK.encode(leased()), StandardCharsets.UTF_8);
    }

    private static WorkRecord decode(String json) {
        return RecordCodec.WORK.decode(KEY, json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void workRecordsOfEveryStateRoundTrip() {
        WorkRecord pending = WorkRecord.seed(new WorkPayload(ID, 42), 1);
        WorkRecord leased = pending.leased(TOKEN, OWNER, 1, 10.0);
        WorkRecord committing = leased.committing(RESULT);
        WorkRecord child = WorkRecord.child(new WorkPayload(OTHER, 7), ID, "afl", 2, 0, 5, 3, true, ClaimOrder.GATE);
        for (WorkRecord record : List.of(pending, leased, leased.renewed(20.0), leased.retried(RESULT, 30.0),
                leased.released(2), leased.unclaimed(2), committing, committing.done(1), committing.abandoned(1),
                child, child.leased(TOKEN, OWNER, 2, 5.0).committing(RESULT).done(2),
                committing.again(Tier.REPEAT, 2, "afl", 3))) {
            assertThat(RecordCodec.WORK.decode(KEY, RecordCodec.WORK.encode(record))).isEqualTo(record);
        }
    }

    @Test
    void encodedWorkRecordNamesEveryField() {
        assertThat(leasedJson()).contains("\"schema\":7", "\"id\":\"" + ID + "\"", "\"state\":\"leased\"",
                "\"token\":\"" + TOKEN + "\"", "\"owner\":\"job-1/rank-0\"", "\"leaseExpiry\":1234.5",
                "\"attempts\":1", "\"parent\":\"" + OTHER + "\"", "\"origin\":\"symcc\"", "\"result\":null",
                "\"rejected\":null", "\"tier\":0", "\"round\":0", "\"limitFactor\":1", "\"newEdges\":0", "\"roundKind\":null", "\"depth\":0",
                "\"triaged\":false", "\"claimOrder\":0", "\"session\":null");
    }

    @Test
    void aWorkRecordWrittenBeforeSessionsIsNoSession() {
        String before = leasedJson().replace("{\"schema\":7,", "{\"schema\":6,").replace(",\"session\":null", "");
        assertThat(before).doesNotContain("session");
        assertThat(decode(before)).isEqualTo(leased());
    }

    @Test
    void aSessionItemRoundTripsThroughEveryStateAndKeepsItsSlot() {
        SessionSlot slot = new SessionSlot(ExecutorKind.AFL_SESSION, 3);
        WorkRecord session = WorkRecord.session(slot, 2);
        WorkRecord leased = session.leased(TOKEN, OWNER, 2, 5.0);
        for (WorkRecord record : List.of(session, leased, leased.committing(RESULT),
                leased.committing(RESULT).again(Tier.NEW_COVERAGE, 1, slot.kind(), 2))) {
            assertThat(RecordCodec.WORK.decode(KEY, RecordCodec.WORK.encode(record))).isEqualTo(record);
            assertThat(record.session()).isEqualTo(slot);
        }
        assertThat(new String(RecordCodec.WORK.encode(session), StandardCharsets.UTF_8))
                .contains("\"session\":{\"kind\":\"afl_session\",\"slot\":3}");
    }

    @Test
    void aWorkRecordWrittenBeforeTiersReadsAsTierZeroRoundZeroFactorOne() {
        String before = leasedJson().replace("{\"schema\":7,", "{\"schema\":1,").replace(",\"session\":null", "")
                .replace(",\"tier\":0,\"round\":0,\"limitFactor\":1,\"newEdges\":0,\"roundKind\":null,\"depth\":0,\"triaged\":false,\"claimOrder\":0", "");
        assertThat(before).doesNotContain("tier");
        assertThat(decode(before)).isEqualTo(leased());
        String receipt = new String(RecordCodec.RECEIPT.encode(Receipt.of(RESULT.hex(), List.of(leased()))),
                StandardCharsets.UTF_8).replace("{\"schema\":7,", "{\"schema\":1,").replace(",\"session\":null", "")
                .replace(",\"tier\":0,\"round\":0,\"limitFactor\":1,\"newEdges\":0,\"roundKind\":null,\"depth\":0,\"triaged\":false,\"claimOrder\":0", "");
        assertThat(RecordCodec.RECEIPT.decode(KEY, receipt.getBytes(StandardCharsets.UTF_8)).records())
                .containsExactly(leased());
    }

    @Test
    void aWorkRecordWrittenBeforeNewEdgesReadsAsHavingNoCountAndNoRoundKind() {
        String before = leasedJson().replace("{\"schema\":7,", "{\"schema\":2,").replace(",\"session\":null", "")
                .replace(",\"newEdges\":0,\"roundKind\":null,\"depth\":0,\"triaged\":false,\"claimOrder\":0", "");
        assertThat(before).doesNotContain("newEdges").doesNotContain("roundKind");
        assertThat(decode(before)).isEqualTo(leased());
    }

    @Test
    void aWorkRecordWrittenBeforeDepthsReadsAsDepthZero() {
        String before = leasedJson().replace("{\"schema\":7,", "{\"schema\":3,").replace(",\"session\":null", "")
                .replace(",\"depth\":0,\"triaged\":false,\"claimOrder\":0", "");
        assertThat(before).doesNotContain("depth");
        assertThat(decode(before)).isEqualTo(leased());
    }

    @Test
    void aWorkRecordWrittenBeforeTriageWasRecordedIsTriagedIfItCountsNewEdges() {
        WorkRecord ranked = WorkRecord.child(new WorkPayload(OTHER, 7), ID, "symcc", 2, Tier.NEW_COVERAGE, 3, 1, true, ClaimOrder.NEW_COVERAGE);
        WorkRecord unranked = WorkRecord.child(new WorkPayload(OTHER, 7), ID, "symcc", 2, Tier.NEW_COVERAGE, 0, 1, false, ClaimOrder.NEW_COVERAGE);
        for (WorkRecord record : List.of(ranked, unranked)) {
            String before = new String(RecordCodec.WORK.encode(record), StandardCharsets.UTF_8)
                    .replace("{\"schema\":7,", "{\"schema\":4,").replace(",\"session\":null", "").replace(",\"triaged\":" + record.triaged() + ",\"claimOrder\":0", "");
            assertThat(before).doesNotContain("triaged");
            assertThat(decode(before)).isEqualTo(record);
        }
    }

    @Test
    void aWorkRecordWrittenBeforeClaimOrdersStandsAtItsTiersNumber() {
        for (int tier = Tier.NEW_COVERAGE; tier <= Tier.LOWEST; tier++) {
            WorkRecord record = WorkRecord.child(new WorkPayload(OTHER, 7), ID, "symcc", 2, tier, 0, 1, true, ClaimOrder.ofNew(tier));
            String before = new String(RecordCodec.WORK.encode(record), StandardCharsets.UTF_8)
                    .replace("{\"schema\":7,", "{\"schema\":5,").replace(",\"session\":null", "").replace(",\"claimOrder\":" + record.claimOrder(), "");
            assertThat(before).doesNotContain("claimOrder");
            assertThat(decode(before).claimOrder()).as("the key a build before claim orders wrote, tier %d", tier)
                    .isEqualTo(tier);
        }
    }

    @Test
    void aChildChunkWrittenBeforeTriageWasRecordedJudgesItsChildrenByFateAndNewEdges() {
        ChildChunk chunk = new ChildChunk(ChildChunk.SCHEMA, RESULT, 0, List.of(Child.frontier(OTHER, 9),
                Child.triaged(ID, 3, ChildFate.FRONTIER, 2), Child.triaged(TOKEN_DIGEST, 4, ChildFate.DEFERRED, 0),
                Child.triaged(FRONTIER_DIGEST, 5, ChildFate.DROPPED, 0),
                new Child(Digest.parse("02".repeat(32)), 6, ChildFate.FINDING, 0, false)));
        String before = new String(ManifestCodecs.CHUNK.encode(chunk), StandardCharsets.UTF_8)
                .replace("{\"schema\":2,", "{\"schema\":1,").replace(",\"triaged\":true", "")
                .replace(",\"triaged\":false", "");
        assertThat(before).doesNotContain("triaged");
        assertThat(ManifestCodecs.CHUNK.decode(KEY, before.getBytes(StandardCharsets.UTF_8))).isEqualTo(chunk);
    }

    @Test
    void aManifestEntryWrittenBeforeRoundsReadsAsRoundZeroFactorOne() {
        ManifestEntry entry = new ManifestEntry(ManifestEntry.SCHEMA, RESULT, ID, TOKEN, OWNER, 1, ".stage-1/3/" + RESULT,
                0, 0, new Execution("command", "ok", 0, false, 42, false), 5.0, 0, 1, LeftOut.NONE, false);
        String before = new String(ManifestCodecs.ENTRY.encode(entry), StandardCharsets.UTF_8)
                .replace("\"schema\":3", "\"schema\":1").replace(",\"round\":0,\"limitFactor\":1", "")
                .replace(",\"leftOut\":{\"links\":0,\"special\":0,\"overLimit\":0},\"chunksByResult\":false", "");
        assertThat(before).doesNotContain("round", "leftOut", "chunksByResult");
        assertThat(ManifestCodecs.ENTRY.decode(KEY, before.getBytes(StandardCharsets.UTF_8))).isEqualTo(entry);
    }

    @Test
    void aManifestEntryWrittenBeforeLeftOutputsWereCountedReadsAsNothingLeftOutWithItsChunksInTheManifest() {
        ManifestEntry entry = new ManifestEntry(ManifestEntry.SCHEMA, RESULT, ID, TOKEN, OWNER, 1, ".stage-1/3/" + RESULT,
                300, 2, new Execution("command", "ok", 0, false, 42, false), 5.0, 2, 4, LeftOut.NONE, false);
        String before = new String(ManifestCodecs.ENTRY.encode(entry), StandardCharsets.UTF_8)
                .replace("\"schema\":3", "\"schema\":2")
                .replace(",\"leftOut\":{\"links\":0,\"special\":0,\"overLimit\":0},\"chunksByResult\":false", "");
        assertThat(before).contains("\"schema\":2", "\"round\":2").doesNotContain("leftOut", "chunksByResult");
        assertThat(ManifestCodecs.ENTRY.decode(KEY, before.getBytes(StandardCharsets.UTF_8))).isEqualTo(entry);
    }

    @Test
    void otherRecordsRoundTrip() {
        roundTrip(RecordCodec.CONFIG, CampaignConfig.of("c", 64, 3));
        roundTrip(RecordCodec.EPOCH, EpochRecord.of(4, "job-9", 17.25));
        roundTrip(RecordCodec.RECEIPT, Receipt.of(RESULT.hex(), List.of(leased())));
        roundTrip(RecordCodec.QUIESCENCE, QuiescenceMarker.of(2, RESULT.hex(), 99.0));
        roundTrip(RecordCodec.INVALID_RESULT, InvalidResultMarker.of(RESULT, ID, 2, 99.5));
        roundTrip(RecordCodec.HEARTBEAT, JobHeartbeat.running(3, "job-9", "node-1.cluster", 4242, 6, 5000, 99.5));
        roundTrip(RecordCodec.HEARTBEAT, JobHeartbeat.running(3, "job-9", "node-1", 4242, 6, 5000, 99.5).endedAt(100.0));
        roundTrip(RecordCodec.HEARTBEAT, JobHeartbeat.starting(3, "job-9", "login", 77, 6, 5000, 99.0));
        roundTrip(ManifestCodecs.ENTRY, new ManifestEntry(ManifestEntry.SCHEMA, RESULT, ID, TOKEN, OWNER, 1, ".stage-1/3/" + RESULT,
                300, 2, new Execution("command", "crash", 11, true, 42, false), 5.0, 1, 2, new LeftOut(3, 1, 0), false));
        roundTrip(ManifestCodecs.ENTRY, new ManifestEntry(ManifestEntry.SCHEMA, RESULT, ID, TOKEN, OWNER, 1, ".stage-1/3/" + RESULT,
                10_000, 40, new Execution("command", "ok", 0, false, 42, false), 5.0, 0, 1, LeftOut.NONE, true));
        roundTrip(ManifestCodecs.CHUNK, new ChildChunk(ChildChunk.SCHEMA, RESULT, 0, List.of(Child.frontier(OTHER, 9),
                Child.triaged(ID, 3, ChildFate.REDUNDANT, 0), new Child(TOKEN_DIGEST, 4, ChildFate.FINDING, 0, false),
                Child.triaged(FRONTIER_DIGEST, 5, ChildFate.FRONTIER, 17))));
        roundTrip(RecordCodec.FINDING, FindingRecord.of(ID, new DeclaredFinding(FindingKind.CRASH, 11, "stack:00ff"),
                "afl", OTHER, RESULT, 2, 99.25));
        roundTrip(RecordCodec.FINDING, FindingRecord.of(ID, new DeclaredFinding(FindingKind.HANG, 0, "signal:9"),
                "symcc", ID, RESULT, 1, 0.0));
        roundTrip(ManifestCodecs.OUTCOME, new ResultOutcome(1, RESULT, ID, Outcome.ABANDONED, "stage lost", 0, 2, 3.0));
        roundTrip(ManifestCodecs.OUTCOME, new ResultOutcome(1, RESULT, ID, Outcome.DONE, null, 3, 2, 3.0));
    }

    @Test
    void heartbeatWithAnUnusableFieldIsCorrupt() {
        String json = new String(RecordCodec.HEARTBEAT.encode(JobHeartbeat.running(3, "job-9", "node-1", 4242, 6, 5000, 99.5)),
                StandardCharsets.UTF_8);
        for (String bad : List.of(json.replace("\"node-1\"", "\"node 1\""), json.replace("\"pid\":4242", "\"pid\":0"),
                json.replace("\"intervalMillis\":5000", "\"intervalMillis\":0"), json.replace("99.5", "-1.0"),
                json.replace("\"running\"", "\"asleep\""))) {
            assertThatThrownBy(() -> RecordCodec.HEARTBEAT.decode(KEY, bad.getBytes(StandardCharsets.UTF_8)))
                    .as(bad).isInstanceOf(CorruptRecordException.class);
        }
    }

    private static <T> void roundTrip(RecordCodec<T> codec, T record) {
        assertThat(codec.decode(KEY, codec.encode(record))).isEqualTo(record);
    }

    @Test
    void truncatedValueIsCorrupt() {
        String json = leasedJson();
        assertThatThrownBy(() -> decode(json.substring(0, json.length() / 2)))
                .isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("stored record cannot be decoded")
                .hasMessageContaining("key=010203");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "not json", "[1,2]", "\"text\"", "null", "{\"schema\":1} trailing"})
    void nonRecordValuesAreCorrupt(String value) {
        assertThatThrownBy(() -> decode(value)).isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void binaryGarbageIsCorrupt() {
        byte[] garbage = {(byte) 0xff, 0, 17, (byte) 0x80};
        assertThatThrownBy(() -> RecordCodec.WORK.decode(KEY, garbage)).isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void unknownFieldIsCorrupt() {
        assertThatThrownBy(() -> decode(leasedJson().replace("{\"schema\":7,", "{\"schema\":7,\"extra\":true,")))
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("extra");
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"attempts\":1,", "\"rejected\":null", "\"parent\":\"" + "cd" + "\"",
        "\"origin\":\"symcc\","})
    void missingFieldIsCorrupt(String field) {
        String json = leasedJson();
        String without = field.startsWith("\"parent\"")
                ? json.replaceAll(",\"parent\":\"[0-9a-f]{64}\"", "")
                : field.endsWith(",") ? json.replace(field, "") : json.replace("," + field, "");
        assertThat(without).isNotEqualTo(json);
        assertThatThrownBy(() -> decode(without)).isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void duplicatedFieldIsCorrupt() {
        assertThatThrownBy(() -> decode(leasedJson().replace("\"attempts\":1,", "\"attempts\":1,\"attempts\":2,")))
                .isInstanceOf(CorruptRecordException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"attempts\":\"1\"", "\"attempts\":1.5", "\"attempts\":true", "\"epoch\":\"1\"",
        "\"owner\":7", "\"state\":0", "\"state\":\"LEASED\"", "\"state\":\"lost\"", "\"leaseExpiry\":\"5\"",
        "\"payload\":\"x\"", "\"leaseExpiry\":true"})
    void wrongTypesAreCorrupt(String replacement) {
        String field = replacement.substring(0, replacement.indexOf(':'));
        String json = leasedJson().replaceFirst(java.util.regex.Pattern.quote(field) + ":(\"[^\"]*\"|[^,}]+|\\{[^}]*\\})",
                java.util.regex.Matcher.quoteReplacement(replacement));
        assertThat(json).contains(replacement);
        assertThatThrownBy(() -> decode(json)).isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void emptyTokenIsCorrupt() {
        assertThatThrownBy(() -> decode(leasedJson().replace(TOKEN.hex(), "")))
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("token is empty");
    }

    @ParameterizedTest
    @ValueSource(strings = {"NaN", "Infinity", "-Infinity", "1e400", "-1", "-0.5"})
    void nonFiniteOrNegativeLeaseExpiryIsCorrupt(String expiry) {
        assertThatThrownBy(() -> decode(leasedJson().replace("1234.5", expiry)))
                .isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void payloadHashThatDiffersFromIdIsCorrupt() {
        String json = leasedJson().replace("{\"hash\":\"" + ID, "{\"hash\":\"" + OTHER);
        assertThatThrownBy(() -> decode(json)).isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("payload hash differs from work id");
    }

    @Test
    void fieldsThatContradictTheStateAreCorrupt() {
        assertThatThrownBy(() -> decode(leasedJson().replace("\"state\":\"leased\"", "\"state\":\"pending\"")))
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("contradict its state");
        assertThatThrownBy(() -> decode(leasedJson().replace("\"leaseExpiry\":1234.5", "\"leaseExpiry\":null")))
                .isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void aParentWithoutOriginOrAnOriginWithoutParentIsCorrupt() {
        assertThatThrownBy(() -> decode(leasedJson().replace("\"origin\":\"symcc\"", "\"origin\":null")))
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("parent and origin disagree");
        assertThatThrownBy(() -> decode(leasedJson().replaceAll("\"parent\":\"[0-9a-f]{64}\"", "\"parent\":null")))
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("parent and origin disagree");
        assertThatThrownBy(() -> decode(leasedJson().replace("\"origin\":\"symcc\"", "\"origin\":\"Sym CC\"")))
                .isInstanceOf(CorruptRecordException.class).hasMessageContaining("origin is malformed");
    }

    @Test
    void anUnclaimedLeaseGivesItsAttemptBack() {
        WorkRecord leased = leased();
        WorkRecord unclaimed = leased.unclaimed(3);
        assertThat(unclaimed.state()).isEqualTo(WorkState.PENDING);
        assertThat(unclaimed.attempts()).isEqualTo(leased.attempts() - 1);
        assertThat(unclaimed.token()).isNull();
        assertThat(unclaimed.owner()).isNull();
        assertThat(unclaimed.epoch()).isEqualTo(3);
        assertThat(unclaimed.origin()).isEqualTo("symcc");
    }

    @Test
    void futureSchemaVersionIsItsOwnError() {
        String json = leasedJson().replace("{\"schema\":7,", "{\"schema\":8,\"newField\":1,");
        assertThatThrownBy(() -> decode(json)).isInstanceOf(FutureSchemaException.class)
                .hasMessageContaining("newer schema version").hasMessageContaining("schema=8")
                .hasMessageContaining("supported=7");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "1.0", "\"1\"", "null"})
    void schemaThatIsNotAKnownVersionIsCorrupt(String schema) {
        assertThatThrownBy(() -> decode(leasedJson().replace("{\"schema\":7,", "{\"schema\":" + schema + ",")))
                .isInstanceOf(CorruptRecordException.class);
    }

    @Test
    void decodingDoesNotChangeTheValue() {
        byte[] value = leasedJson().replace("1234.5", "NaN").getBytes(StandardCharsets.UTF_8);
        byte[] copy = value.clone();
        assertThatThrownBy(() -> RecordCodec.WORK.decode(KEY, value)).isInstanceOf(CorruptRecordException.class);
        assertThat(Arrays.equals(value, copy)).isTrue();
    }
}
