package io.frontier.store.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.ResultId;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FindingsView} on a real embedded store. Findings are written as the commit decision
 * writes them: one {@link FindingRecord} under its signature and input.
 */
class FindingsViewTest {

    static final double T0 = 1_000_000.0;
    static final Digest PARENT = id("parent");

    @TempDir
    Path directory;

    KeyValueStore kv;
    CampaignKeys keys;
    FindingsView view;

    @BeforeEach
    void open() {
        kv = SqliteKeyValueStore.open(directory.resolve("campaign.db"), StoreOptions.DEFAULT);
        keys = TestKeyspace.campaign("findings");
        view = new FindingsView(kv, keys);
    }

    @AfterEach
    void close() {
        kv.close();
    }

    static Digest id(String name) {
        return ContentHasher.hash(name.getBytes(StandardCharsets.UTF_8)).digest();
    }

    static FindingRecord record(String input, FindingKind kind, int signal, String signature, String executor,
                                long epoch, double foundAt) {
        return FindingRecord.of(id(input), new DeclaredFinding(kind, signal, signature), executor, PARENT,
                ResultId.random(), epoch, foundAt);
    }

    private void write(List<FindingRecord> records) {
        kv.run(tx -> {
            for (FindingRecord record : records) {
                tx.set(keys.finding(record.finding().signature(), record.input()), RecordCodec.FINDING.encode(record));
            }
            return null;
        });
    }

    private void plant(byte[] key, byte[] value) {
        kv.run(tx -> {
            tx.set(key, value);
            return null;
        });
    }

    @Test
    void aCampaignWithoutFindingsListsNone() {
        Findings findings = view.list();

        assertThat(findings.groups()).isEmpty();
        assertThat(findings.blocked()).isEmpty();
        assertThat(findings.count()).isZero();
    }

    @Test
    void findingsAreGroupedBySignatureInSignatureOrderWithInputsInTheOrderFound() {
        List<String> byDigest = Stream.of("segv a", "segv b", "segv c").sorted(Comparator.comparing(name -> id(name)))
                .toList();
        FindingRecord segvLast = record(byDigest.get(0), FindingKind.CRASH, 11, "stack:00aa", "symcc", 3, T0 + 30);
        FindingRecord segvSecond = record(byDigest.get(1), FindingKind.CRASH, 11, "stack:00aa", "afl", 2, T0 + 20);
        FindingRecord segvFirst = record(byDigest.get(2), FindingKind.CRASH, 11, "stack:00aa", "afl", 2, T0 + 10);
        FindingRecord abort = record("abort", FindingKind.CRASH, 6, "signal:6", "afl", 2, T0 + 20);
        FindingRecord hang = record("hang", FindingKind.HANG, 0, "edges:ff01", "afl", 4, T0 + 40);
        write(List.of(segvLast, hang, abort, segvFirst, segvSecond));

        Findings findings = view.list();

        assertThat(findings.blocked()).isEmpty();
        assertThat(findings.count()).isEqualTo(5);
        assertThat(findings.groups()).extracting(FindingGroup::signature)
                .containsExactly("edges:ff01", "signal:6", "stack:00aa");
        FindingGroup stack = findings.groups().get(2);
        assertThat(stack.count()).isEqualTo(3);
        assertThat(stack.inputs()).as("found first, listed first; the store keeps them in digest order")
                .containsExactly(segvFirst, segvSecond, segvLast);
        assertThat(stack.firstFoundAt()).isEqualTo(T0 + 10);
        assertThat(stack.kind()).isEqualTo(FindingKind.CRASH);
        assertThat(stack.signal()).isEqualTo(11);
        assertThat(stack.inputs().get(2).executor()).isEqualTo("symcc");
        assertThat(stack.inputs().get(2).epoch()).isEqualTo(3);
        assertThat(stack.inputs().get(2).work()).isEqualTo(PARENT);
        FindingGroup hangs = findings.groups().get(0);
        assertThat(hangs.kind()).isEqualTo(FindingKind.HANG);
        assertThat(hangs.signal()).isZero();
        assertThat(hangs.inputs()).containsExactly(hang);
        assertThat(findings.groups().get(1).inputs()).containsExactly(abort);
    }

    @Test
    void aListingLongerThanOnePageKeepsEveryFindingOnceAndItsGroupWhole() {
        List<FindingRecord> records = new ArrayList<>();
        for (int i = 0; i < 2 * FindingsView.PAGE + 3; i++) {
            records.add(record("crash " + i, FindingKind.CRASH, 11, i % 2 == 0 ? "signal:11" : "stack:beef", "afl", 1,
                    T0 + i));
        }
        write(records);

        Findings findings = view.list();

        assertThat(findings.count()).isEqualTo(records.size());
        assertThat(findings.groups()).extracting(FindingGroup::signature).containsExactly("signal:11", "stack:beef");
        assertThat(findings.groups().get(0).count()).isEqualTo(FindingsView.PAGE + 2);
        assertThat(findings.groups().get(1).count()).isEqualTo(FindingsView.PAGE + 1);
        assertThat(findings.groups().stream().flatMap(group -> group.inputs().stream()).map(FindingRecord::input))
                .doesNotHaveDuplicates().hasSize(records.size());
        assertThat(findings.groups().get(0).firstFoundAt()).isEqualTo(T0);
        assertThat(findings.groups().get(1).firstFoundAt()).isEqualTo(T0 + 1);
    }

    @Test
    void anUndecodableOrMisfiledEntryIsBlockedAndTheOthersAreListed() {
        FindingRecord good = record("good", FindingKind.CRASH, 11, "signal:11", "afl", 1, T0);
        FindingRecord misfiled = record("misfiled", FindingKind.CRASH, 6, "signal:6", "afl", 1, T0);
        write(List.of(good));
        byte[] garbageKey = keys.finding("signal:4", id("garbage"));
        byte[] misfiledKey = keys.finding("signal:6", id("another input"));
        plant(garbageKey, "{\"schema\":1".getBytes(StandardCharsets.UTF_8));
        plant(misfiledKey, RecordCodec.FINDING.encode(misfiled));

        Findings findings = view.list();

        assertThat(findings.groups()).hasSize(1);
        assertThat(findings.groups().get(0).inputs()).containsExactly(good);
        assertThat(findings.blocked()).extracting(blocked -> blocked.key())
                .containsExactly(HexFormat.of().formatHex(garbageKey), HexFormat.of().formatHex(misfiledKey));
        assertThat(findings.blocked().get(1).problem()).isInstanceOf(CorruptRecordException.class)
                .hasMessageContaining("another signature or input");
    }
}
