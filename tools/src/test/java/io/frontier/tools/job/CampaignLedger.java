package io.frontier.tools.job;

import com.apple.foundationdb.tuple.Versionstamp;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.Counts;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.CampaignSubspace;
import io.frontier.store.keyspace.ManifestKey;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildChunk;
import io.frontier.store.manifest.ManifestCodecs;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Everything a campaign's store holds, read in one snapshot and decoded strictly: work records,
 * manifest entries with their children and outcomes, counters, epoch and heartbeat, and every
 * key and value as text, so a test can compare the store before and after.
 */
record CampaignLedger(Map<Digest, WorkRecord> works, List<Entry> manifest, Counts counts, EpochRecord epoch,
                      JobHeartbeat heartbeat, Map<String, String> raw) {

    /** One manifest entry in commit order, with its children and its outcome (null while committing). */
    record Entry(Versionstamp stamp, ManifestEntry head, List<Child> children, ResultOutcome outcome) {
    }

    static CampaignLedger read(KeyValueStore kv, CampaignKeys keys) {
        Counts counts = new CampaignStore(kv, keys).counts();
        return kv.read(tx -> {
            Map<Digest, WorkRecord> works = new TreeMap<>();
            for (KeyValue pair : all(tx, keys.works().begin(), keys.works().end())) {
                works.put(keys.decodeWork(pair.key()), RecordCodec.WORK.decode(pair.key(), pair.value()));
            }
            Map<Versionstamp, ManifestEntry> heads = new LinkedHashMap<>();
            Map<Versionstamp, List<Child>> children = new LinkedHashMap<>();
            for (KeyValue pair : all(tx, keys.manifest().begin(), keys.manifest().end())) {
                ManifestKey key = keys.decodeManifest(pair.key());
                if (key.part() == 0) {
                    heads.put(key.versionstamp(), ManifestCodecs.ENTRY.decode(pair.key(), pair.value()));
                    children.putIfAbsent(key.versionstamp(), new ArrayList<>());
                } else {
                    ChildChunk chunk = ManifestCodecs.CHUNK.decode(pair.key(), pair.value());
                    children.computeIfAbsent(key.versionstamp(), stamp -> new ArrayList<>()).addAll(chunk.children());
                }
            }
            List<Entry> manifest = new ArrayList<>();
            for (Map.Entry<Versionstamp, ManifestEntry> head : heads.entrySet()) {
                byte[] outcomeKey = keys.outcome(head.getKey());
                byte[] outcome = tx.get(outcomeKey);
                manifest.add(new Entry(head.getKey(), head.getValue(), children.get(head.getKey()),
                        outcome == null ? null : ManifestCodecs.OUTCOME.decode(outcomeKey, outcome)));
            }
            Map<String, String> raw = new TreeMap<>();
            HexFormat hex = HexFormat.of();
            for (KeyValue pair : all(tx, keys.all().begin(), keys.all().end())) {
                raw.put(hex.formatHex(pair.key()), new String(pair.value(), StandardCharsets.ISO_8859_1));
            }
            byte[] beat = tx.get(keys.heartbeat());
            return new CampaignLedger(works, manifest, counts, RecordCodec.EPOCH.decode(keys.epoch(), tx.get(keys.epoch())),
                    beat == null ? null : RecordCodec.HEARTBEAT.decode(keys.heartbeat(), beat), raw);
        });
    }

    private static List<KeyValue> all(ReadTransaction tx, byte[] begin, byte[] end) {
        return tx.getRange(begin, end, ReadTransaction.UNLIMITED, false);
    }

    /**
     * The store's keys and values that only a process of {@code epoch} writes: work records,
     * manifest entries and outcomes stamped with that epoch, the heartbeat of that epoch, and the
     * receipts and executor counts of that epoch's coordinators. After {@code epoch} is fenced
     * off this can only shrink (later jobs move records to their own epoch); a key that appears
     * or changes is a write the fence should have refused.
     */
    Map<String, String> footprintOf(long fenced, CampaignKeys keys) {
        Map<String, String> footprint = new TreeMap<>();
        HexFormat hex = HexFormat.of();
        for (Map.Entry<String, String> pair : raw.entrySet()) {
            byte[] key = hex.parseHex(pair.getKey());
            byte[] value = pair.getValue().getBytes(StandardCharsets.ISO_8859_1);
            if (stampedWith(keys, key, value, fenced)) {
                footprint.put(pair.getKey(), pair.getValue());
            }
        }
        return footprint;
    }

    private static boolean stampedWith(CampaignKeys keys, byte[] key, byte[] value, long epoch) {
        CampaignSubspace subspace = keys.subspaceOf(key);
        return switch (subspace) {
            case WORK -> RecordCodec.WORK.decode(key, value).epoch() == epoch;
            case MANIFEST -> keys.decodeManifest(key).part() == 0
                    && ManifestCodecs.ENTRY.decode(key, value).epoch() == epoch;
            case OUTCOME -> ManifestCodecs.OUTCOME.decode(key, value).epoch() == epoch;
            case HEARTBEAT -> RecordCodec.HEARTBEAT.decode(key, value).epoch() == epoch;
            case RECEIPT -> keys.decodeReceipt(key).owner().name().startsWith("epoch-" + epoch + "/");
            case EXECUTOR_COUNTS -> keys.decodeExecutorCount(key).owner().name().startsWith("epoch-" + epoch + "/");
            default -> false;
        };
    }

    /** The manifest entries of {@code work}. */
    List<Entry> entriesOf(Digest work) {
        return manifest.stream().filter(entry -> entry.head().work().equals(work)).toList();
    }
}
