package io.frontier.store.keyspace;

/**
 * The key prefixes of one campaign. Every key is the tuple
 * {@code (campaign prefix..., subspace number, elements...)}:
 *
 * <pre>
 * (prefix)
 *  ├─ 0  CONFIG                                  → CampaignConfig JSON
 *  ├─ 1  EPOCH                                   → EpochRecord JSON
 *  ├─ 2  WORK        (id: 32 bytes)              → WorkRecord JSON
 *  ├─ 3  READY       (bucket, id)                → empty      one per pending tier-0 item
 *  │                                               without a count of new edges (a seed, an
 *  │                                               input kept without triage)
 *  ├─ 4  LEASED      (epoch, expiry, id)         → empty      one per leased item
 *  ├─ 5  COMMITTING  (id)                        → (result)   one per committing item
 *  ├─ 6  MANIFEST    (versionstamp, part)        → part 0: ManifestEntry JSON,
 *  │                                               part 1+i: ChildChunk i JSON (children with
 *  │                                               their fates); append-only
 *  ├─ 7  RESULT      (result: 16 bytes)          → (versionstamp) of its manifest entry
 *  ├─ 8  PROMOTED    (versionstamp)              → bitmap, BIT_OR, bit i = child i promoted;
 *  │                                               set only for kept (not redundant) children
 *  ├─ 9  OUTCOME     (versionstamp)              → ResultOutcome JSON, written once
 *  ├─ 10 COUNT       (counter, shard)            → 8-byte little-endian, atomic ADD
 *  ├─ 11 RECEIPT     (owner, operation)          → Receipt JSON of the owner's last call
 *  ├─ 12 QUIESCENCE                              → QuiescenceMarker JSON
 *  ├─ 13 INVALID     (result: 16 bytes)          → InvalidResultMarker JSON, written once,
 *  │                                               when the result is counted invalid
 *  ├─ 14 HEARTBEAT                               → JobHeartbeat JSON of the current job's
 *  │                                               root, rewritten every beat
 *  ├─ 15 FINDING     (signature, input: 32 bytes) → FindingRecord JSON, written once per key
 *  │                                               and then counted in COUNT FINDINGS
 *  ├─ 16 EDGES       (shard)                     → edge map shard: one byte per edge, bit b =
 *  │                                               hit-count bucket b seen; 4096 bytes, merged
 *  │                                               with full-width BIT_OR only
 *  ├─ 17 LOAD        (owner)                     → executions committed by that coordinator,
 *  │                                               8-byte little-endian, atomic ADD
 *  ├─ 18 IDENTITY                                → CampaignIdentity JSON: the campaign id its
 *  │                                               settings file names too, written with CONFIG
 *  ├─ 19 SETTINGS    (sequence)                  → SettingsChange JSON, one per change of the
 *  │                                               campaign's settings after its creation
 *  ├─ 20 EXPLORATION                             → ExplorationPolicy JSON, written with CONFIG;
 *  │                                               absent in campaigns created before tiers
 *  ├─ 21 TIERED      (tier, rank, bucket, id)    → empty      one per other pending item
 *  ├─ 22 PRUNING     (shard)                     → SymCC pruning map shard: 4096 bytes of the
 *  │                                               shared map, merged with full-width BIT_OR only
 *  ├─ 23 PRUNING_POLICY                          → PruningPolicy JSON, written with CONFIG;
 *  │                                               absent in campaigns created before shared maps
 *  ├─ 24 EXECUTOR_COUNTS (owner, executor, counter) → 8-byte little-endian, atomic ADD: what the
 *  │                                               executions of one executor kind committed by
 *  │                                               that coordinator amount to
 *  ├─ 25 SESSIONS    (kind, slot, id)            → empty      one per pending session item
 *  ├─ 26 FEED        (versionstamp, part)        → FeedEntry JSON: inputs that reached new
 *  │                                               coverage, in commit order; append-only
 *  ├─ 27 CHILD_CHUNKS (result: 16 bytes, index)  → ChildChunk JSON of an entry whose children are
 *  │                                               more than one transaction takes, written ahead
 *  │                                               of its decision; append-only once referenced
 *  ├─ 28 DRAFTS      (epoch, result: 16 bytes)   → empty      one per decision whose chunks are
 *  │                                               being written ahead; cleared by the decision
 *  └─ 29 COMPLETION_PARTS (result: 16 bytes, part) → bitmap, bit i = child i of the part's slice
 *                                                  of queued children was enqueued by that part
 * </pre>
 *
 * <p>LEASED orders by epoch first, so one range read finds every lease of an older epoch and
 * every lease of the current epoch that has expired. What belongs to one manifest entry is keyed
 * by its versionstamp, which grows with commit order, so those writes land at the right edge of
 * the key order instead of on random pages. FINDING orders by signature, so the duplicates of one
 * bug list together; a commit decision reads a FINDING key serializably, so each is written and
 * counted once. EDGES and LOAD are only ever merged with atomic mutations, and commit decisions
 * read EDGES by snapshot only, so coordinators that add coverage or executions at the same time
 * do not conflict (two may then both admit an input for the same new tuple; none is lost);
 * EXECUTOR_COUNTS likewise, and each of its keys is written by the one coordinator it names.
 * HEARTBEAT is written blind and read only by snapshot, so a beat conflicts with nothing but an
 * epoch bump. READY is claimed before TIERED; TIERED orders by claim order (tier 0 first, see
 * ClaimOrder) and then by rank inside the tier (in tier 0, most new edges first, then smaller
 * inputs; below, smaller inputs first), so one range read from its start finds the items to
 * claim next. SESSIONS holds the pending session items apart from READY and TIERED, so that no
 * claim of input work takes one: a coordinator claims a session only for a worker it has chosen
 * to fuzz, its own slot first. FEED is written with versionstamped keys and read by snapshot only,
 * so appending to it conflicts with nothing. PRUNING, like EDGES, is only ever merged with BIT_OR
 * and read by snapshot, so coordinators merging their workers' maps never conflict. CHILD_CHUNKS of a result are invisible
 * until the decision's transaction writes a head that names them ({@code chunksByResult}) and
 * clears the result's DRAFTS key in the same transaction: a DRAFTS key of an older epoch marks
 * chunks no decision can reference any more, which the next job removes. COMPLETION_PARTS record
 * what each part of a completion in several transactions enqueued, until the completion ends.
 * Numbers are only ever appended.
 */
public enum CampaignSubspace {
    CONFIG(0),
    EPOCH(1),
    WORK(2),
    READY(3),
    LEASED(4),
    COMMITTING(5),
    MANIFEST(6),
    RESULT(7),
    PROMOTED(8),
    OUTCOME(9),
    COUNT(10),
    RECEIPT(11),
    QUIESCENCE(12),
    INVALID(13),
    HEARTBEAT(14),
    FINDING(15),
    EDGES(16),
    LOAD(17),
    IDENTITY(18),
    SETTINGS(19),
    EXPLORATION(20),
    TIERED(21),
    PRUNING(22),
    PRUNING_POLICY(23),
    EXECUTOR_COUNTS(24),
    SESSIONS(25),
    FEED(26),
    CHILD_CHUNKS(27),
    DRAFTS(28),
    COMPLETION_PARTS(29);

    private final long number;

    CampaignSubspace(long number) {
        this.number = number;
    }

    /** The tuple element that starts every key of this subspace. */
    public long number() {
        return number;
    }
}
