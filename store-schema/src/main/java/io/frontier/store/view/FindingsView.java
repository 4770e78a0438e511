package io.frontier.store.view;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.record.RecordCodec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The campaign's findings (inputs that made the target crash or hang), read for operators and
 * grouped by their duplicate-grouping signature. See the package rule: snapshot reads only.
 *
 * <p>The findings are read {@link #PAGE} entries per snapshot, in key order (signature, then
 * input). Finding records are written once and never removed, so a listing that spans several
 * snapshots holds every finding recorded before it started, and possibly some recorded while it
 * ran. The listing is held in memory, one record per input: findings are the rare inputs, and a
 * campaign with a hundred thousand of them takes some tens of MB. Stateless and thread-safe.
 */
public final class FindingsView {

    /** Finding entries read per snapshot: keeps each read well inside a transaction's time limit. */
    static final int PAGE = 500;

    private static final HexFormat HEX = HexFormat.of();

    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public FindingsView(KeyValueStore kv, CampaignKeys keys) {
        this.kv = kv;
        this.keys = keys;
    }

    /**
     * Every finding, grouped by signature. An entry whose value cannot be decoded, or whose key
     * names another signature or input than its record, is reported blocked and left out of the
     * groups.
     */
    public Findings list() {
        Map<String, List<FindingRecord>> bySignature = new LinkedHashMap<>();
        List<Blocked> blocked = new ArrayList<>();
        KeyRange range = keys.findings();
        while (true) {
            KeyRange from = range;
            List<KeyValue> pairs = kv.read(tx -> tx.getRange(from.begin(), from.end(), PAGE, false));
            for (KeyValue pair : pairs) {
                try {
                    FindingRecord record = decode(pair);
                    bySignature.computeIfAbsent(record.finding().signature(), signature -> new ArrayList<>()).add(record);
                } catch (UnreadableRecordException e) {
                    blocked.add(new Blocked(HEX.formatHex(pair.key()), e));
                }
            }
            if (pairs.size() < PAGE) {
                break;
            }
            range = range.after(pairs.get(pairs.size() - 1).key());
        }
        List<FindingGroup> groups = new ArrayList<>(bySignature.size());
        bySignature.forEach((signature, records) -> groups.add(FindingGroup.of(signature, records)));
        return new Findings(groups, blocked);
    }

    /** The record stored in {@code pair}, which must sit under its own signature and input. */
    private FindingRecord decode(KeyValue pair) {
        FindingRecord record = RecordCodec.FINDING.decode(pair.key(), pair.value());
        if (!Arrays.equals(pair.key(), keys.finding(record.finding().signature(), record.input()))) {
            throw new CorruptRecordException("finding entry's key names another signature or input than its record")
                    .with("key", HEX.formatHex(pair.key())).with("signature", record.finding().signature())
                    .with("input", record.input());
        }
        return record;
    }
}
