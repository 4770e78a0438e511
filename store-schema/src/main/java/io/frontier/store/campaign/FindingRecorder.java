package io.frontier.store.campaign;

import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.Transaction;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.record.RecordCodec;

/**
 * Records findings inside a commit decision: each finding key, (signature, input), is written
 * once and counted once in {@link Counter#FINDINGS}. The key is read serializably, so two
 * decisions that record the same key at the same time conflict and the retried one finds it.
 */
final class FindingRecorder {

    private final CampaignKeys keys;

    FindingRecorder(CampaignKeys keys) {
        this.keys = keys;
    }

    /**
     * Writes {@code finding} and counts it unless its key holds anything already (an earlier
     * record of the same input under the same signature, or a value that cannot be decoded,
     * which is left as it is).
     */
    void record(Transaction tx, WorkTable table, FindingRecord finding) {
        byte[] key = keys.finding(finding.finding().signature(), finding.input());
        if (tx.get(key) == null) {
            tx.set(key, RecordCodec.FINDING.encode(finding));
            table.count(Counter.FINDINGS, finding.input(), 1);
        }
    }
}
