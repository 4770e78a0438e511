package io.frontier.store.campaign;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.manifest.Child;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.record.WorkPayload;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Shared helpers of the campaign tests: deterministic ids and a full dump of a key range. */
public final class CampaignFixtures {

    private CampaignFixtures() {
    }

    /** The id of the made-up input named {@code name}: the SHA-256 of its UTF-8 bytes. */
    static Digest id(String name) {
        return ContentHasher.hash(name.getBytes(StandardCharsets.UTF_8)).digest();
    }

    static WorkPayload payload(String name) {
        return new WorkPayload(id(name), name.length());
    }

    static Child child(String name) {
        return Child.frontier(id(name), name.length());
    }

    /** What a worker declares for {@code children}: the same digests and sizes, not triaged. */
    public static List<DeclaredChild> declared(List<Child> children) {
        return children.stream().map(child -> DeclaredChild.untriaged(child.digest(), child.size())).toList();
    }

    /** Every pair in {@code range}, hex-encoded, in key order: equal dumps mean equal stores. */
    static List<String> dump(KeyValueStore kv, KeyRange range) {
        return kv.read(tx -> render(tx, range));
    }

    private static List<String> render(ReadTransaction tx, KeyRange range) {
        HexFormat hex = HexFormat.of();
        List<String> lines = new ArrayList<>();
        for (KeyValue pair : tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false)) {
            lines.add(hex.formatHex(pair.key()) + "=" + hex.formatHex(pair.value()));
        }
        return lines;
    }
}
