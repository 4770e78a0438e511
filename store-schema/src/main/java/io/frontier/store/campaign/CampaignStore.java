package io.frontier.store.campaign;

import io.frontier.store.coverage.EdgeMap;
import io.frontier.store.error.CampaignSetupException;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.keyspace.CountKey;
import io.frontier.store.keyspace.KeyRange;
import io.frontier.store.kv.KeyValue;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.ReadTransaction;
import io.frontier.store.kv.Transaction;
import io.frontier.store.kv.TransactionBody;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.paging.ShrinkingPages;
import io.frontier.store.pruning.PruningMap;
import io.frontier.store.pruning.PruningPolicy;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.record.InvalidResultMarker;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.record.Owner;
import io.frontier.store.record.QuiescenceMarker;
import io.frontier.store.record.RecordCodec;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.SettingsChange;
import io.frontier.store.record.Times;
import io.frontier.store.record.Token;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.session.FeedEntry;
import io.frontier.store.session.SessionCodecs;
import io.frontier.store.session.SessionSlot;
import io.frontier.store.wire.ExecutorKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import java.util.Set;

/**
 * The campaign's leases, commit decisions, manifest, counters and epochs, on any
 * {@link KeyValueStore}.
 *
 * <p>Every mutating method is one transaction (a batch of commit decisions may take several, see
 * {@link #beginCommits}) that (1) reads the stored epoch serializably and
 * refuses a caller of another epoch, (2) for an item, reads its record serializably and refuses
 * a token other than the one stored, (3) checks for its own earlier effect and returns it if the
 * body already ran, and (4) only then writes. Tokens, result ids and request ids are generated
 * before the transaction starts, and times are passed in by the caller, so a re-executed body
 * makes the same decision. A refused call writes nothing.
 *
 * <p>Outcome unknown: when the store cannot tell whether a mutating call's transaction
 * committed ({@link TransactionOutcomeUnknownException}, on FoundationDB after
 * {@code commit_unknown_result} or a timeout during a commit), the method calls the store again
 * with the same body, up to {@value #OUTCOME_CALLS} times, since each body recognises its own
 * earlier effect. If the outcome is still unknown, the method throws
 * {@link TransactionOutcomeUnknownException}: the operation took effect once or not at all, and
 * calling it again with the same arguments, or replay by the next job, finishes it. Every other
 * exception of a mutating method means that it changed nothing.
 *
 * <p>Times are Unix seconds as {@code double}; NaN, infinite and negative times and TTLs are
 * refused with {@link InvalidInputException} before anything is read. A stored record that
 * cannot be decoded is never overwritten: single-item calls throw its
 * {@link io.frontier.store.error.UnreadableRecordException}, scans report it as {@link Blocked}.
 *
 * <p>Thread-safe; many instances in many processes may share one store.
 */
public final class CampaignStore {

    /** Most items one claim or recovery grants: FoundationDB's "a few dozen" per transaction. */
    public static final int MAX_CLAIM = 50;
    /** Most items in one batch of admissions, renewals, commits, marks or completions. */
    public static final int MAX_BATCH = 256;
    /**
     * Most children one transaction writes (commit batch, marks or completion batch): 1,024,
     * about 150 KB of chunks in a decision and a record and an index key each in a completion,
     * well under FoundationDB's 1 MB guideline. A result with more children is decided with its
     * chunks written ahead and completed in parts (see {@link #beginCommits} and {@link #complete}).
     */
    public static final int MAX_CHILDREN_PER_TRANSACTION = 1_024;
    /** Chunks one transaction writes ahead of a decision: 16 of up to 30 KB each, under 0.5 MB. */
    static final int DRAFT_CHUNKS_PER_TRANSACTION = 16;
    /** Work keys one read looks up while the copies among a drafted decision's children are counted. */
    static final int KNOWN_PER_READ = 4_096;
    /** Drafts of earlier epochs one transaction discards. */
    static final int DRAFTS_PER_SWEEP = 16;
    /**
     * Most edge map shards one transaction merges into: 64 BIT_ORs of 4 KiB, 256 KiB, which
     * leaves a commit batch with room for its manifest entries under FoundationDB's 1 MB
     * guideline. The whole map is 2048 shards, 8 MiB, close to FoundationDB's 10 MB hard limit.
     */
    public static final int MAX_EDGE_SHARDS_PER_TRANSACTION = 64;

    /**
     * How many times one mutating operation is called while the store cannot tell whether it
     * committed ({@link TransactionOutcomeUnknownException}) before that reaches the caller.
     */
    static final int OUTCOME_CALLS = 3;

    private final KeyValueStore kv;
    private final CampaignKeys keys;
    private final EpochFence fence;
    private final InvalidResults invalid;
    /** The executor kinds of the job using this store, which the rounds of its items run on. */
    private final List<String> executorKinds;
    /** Remembers how large a page of committing entries could be read without timing out. */
    private final ShrinkingPages committingPages = new ShrinkingPages();
    /** Derived from the campaign's configuration, which never changes once written. */
    private volatile Parts parts;

    /**
     * A store for reading and administering the campaign; completions it makes send an item's
     * later rounds to the kind that ran the round before ({@link io.frontier.store.exploration.Rounds}).
     */
    public CampaignStore(KeyValueStore kv, CampaignKeys keys) {
        this(kv, keys, List.of());
    }

    /**
     * A store for a job whose executors are {@code executorKinds}, in the order the campaign
     * lists them: completions plan an item's later rounds on them ({@link io.frontier.store.exploration.Rounds}).
     */
    public CampaignStore(KeyValueStore kv, CampaignKeys keys, List<String> executorKinds) {
        this.kv = kv;
        this.keys = keys;
        this.fence = new EpochFence(keys);
        this.invalid = new InvalidResults(keys);
        this.executorKinds = List.copyOf(executorKinds);
    }

    public CampaignKeys keys() {
        return keys;
    }

    /**
     * Creates the campaign with {@code config} in epoch 1, set by {@code job}. Idempotent: if the
     * campaign exists with the same configuration, returns its current epoch record.
     *
     * @throws CampaignSetupException if it exists with another configuration
     */
    public EpochRecord init(CampaignConfig config, String job, double now) {
        EpochRecord first = EpochRecord.of(1, Owner.of(job).name(), Times.instant("now", now));
        return mutate(tx -> {
            byte[] stored = tx.get(keys.config());
            if (stored != null) {
                CampaignConfig existing = RecordCodec.CONFIG.decode(keys.config(), stored);
                if (!existing.equals(config)) {
                    throw new CampaignSetupException("campaign exists with another configuration")
                            .with("stored", existing).with("requested", config);
                }
                return fence.current(tx);
            }
            tx.set(keys.config(), RecordCodec.CONFIG.encode(config));
            tx.set(keys.epoch(), RecordCodec.EPOCH.encode(first));
            return first;
        });
    }

    /**
     * Creates the campaign as {@link #init(CampaignConfig, String, double)} does and, in the same
     * transaction, records which campaign the store holds. Idempotent for the same configuration
     * and campaign id (the home it records is the first caller's).
     *
     * @throws CampaignSetupException if the campaign exists with another configuration or
     *     identity (or none: a store made by an older Frontier)
     */
    public EpochRecord init(CampaignConfig config, CampaignIdentity identity, String job, double now) {
        return init(config, identity, null, job, now);
    }

    /**
     * Creates the campaign as {@link #init(CampaignConfig, CampaignIdentity, String, double)} does,
     * with {@code policy} as its exploration policy (null: the policy of a campaign created before
     * tiers) and a pruning map per worker, as before shared maps.
     */
    public EpochRecord init(CampaignConfig config, CampaignIdentity identity, ExplorationPolicy policy, String job,
            double now) {
        return init(config, identity, policy, null, job, now);
    }

    /**
     * Creates the campaign as {@link #init(CampaignConfig, CampaignIdentity, String, double)} does,
     * with {@code policy} as its exploration policy (null: the policy of a campaign created before
     * tiers) and {@code pruning} as its pruning policy (null: a map per worker, as before shared
     * maps). A campaign that exists keeps the policies it was created with.
     */
    public EpochRecord init(CampaignConfig config, CampaignIdentity identity, ExplorationPolicy policy,
            PruningPolicy pruning, String job, double now) {
        EpochRecord first = EpochRecord.of(1, Owner.of(job).name(), Times.instant("now", now));
        return mutate(tx -> {
            byte[] stored = tx.get(keys.config());
            if (stored != null) {
                CampaignConfig existing = RecordCodec.CONFIG.decode(keys.config(), stored);
                CampaignIdentity existingIdentity = identity(tx);
                if (!existing.equals(config) || existingIdentity == null
                        || !existingIdentity.id().equals(identity.id())) {
                    throw new CampaignSetupException("campaign exists with another configuration or identity")
                            .with("stored", existing).with("storedIdentity", existingIdentity)
                            .with("requested", config).with("requestedIdentity", identity);
                }
                return fence.current(tx);
            }
            tx.set(keys.config(), RecordCodec.CONFIG.encode(config));
            tx.set(keys.identity(), RecordCodec.IDENTITY.encode(identity));
            if (policy != null) {
                tx.set(keys.exploration(), RecordCodec.EXPLORATION.encode(policy));
            }
            if (pruning != null) {
                tx.set(keys.pruningPolicy(), RecordCodec.PRUNING_POLICY.encode(pruning));
            }
            tx.set(keys.epoch(), RecordCodec.EPOCH.encode(first));
            return first;
        });
    }

    /** True if the campaign has been created in the store. */
    public boolean exists() {
        return kv.read(tx -> tx.get(keys.config())) != null;
    }

    /** Which campaign the store holds, or null if it was created without an identity (by an older Frontier). */
    public CampaignIdentity identity() {
        return kv.read(this::identity);
    }

    /**
     * Replaces the store's identity with {@code next}, if it still is {@code expected} (null: none,
     * a store made by an older Frontier): a copy of a campaign taking an identity of its own, or
     * an older campaign getting its first. Idempotent: a store that holds {@code next} already is
     * left as it is.
     *
     * @throws CampaignSetupException if the campaign is not in the store, or its identity is
     *     neither {@code expected} nor {@code next}
     */
    public void replaceIdentity(String expected, CampaignIdentity next) {
        mutate(tx -> {
            if (tx.get(keys.config()) == null) {
                throw new CampaignSetupException("campaign is not in the store");
            }
            CampaignIdentity current = identity(tx);
            if (next.equals(current)) {
                return null;
            }
            String currentId = current == null ? null : current.id();
            if (!Objects.equals(currentId, expected)) {
                throw new CampaignSetupException("store's campaign identity changed meanwhile")
                        .with("expected", expected).with("stored", currentId);
            }
            tx.set(keys.identity(), RecordCodec.IDENTITY.encode(next));
            return null;
        });
    }

    private CampaignIdentity identity(ReadTransaction tx) {
        byte[] stored = tx.get(keys.identity());
        return stored == null ? null : RecordCodec.IDENTITY.decode(keys.identity(), stored);
    }

    /** The current epoch record. */
    public EpochRecord epoch() {
        return kv.read(fence::current);
    }

    /** The campaign's exploration policy; {@link ExplorationPolicy#BEFORE_TIERS} if it was created without one. */
    public ExplorationPolicy exploration() {
        return kv.read(tx -> parts(tx).policy);
    }

    /** The campaign's configuration. */
    public CampaignConfig config() {
        return kv.read(tx -> parts(tx).config);
    }

    /**
     * Whether the campaign's SymCC runs share one pruning map; {@link PruningPolicy#BEFORE_SHARING}
     * if it was created without a pruning policy.
     */
    public PruningPolicy pruningPolicy() {
        return kv.read(tx -> {
            byte[] value = tx.get(keys.pruningPolicy());
            return value == null ? PruningPolicy.BEFORE_SHARING
                    : RecordCodec.PRUNING_POLICY.decode(keys.pruningPolicy(), value);
        });
    }

    /**
     * Merges {@code bits} into the campaign's shared SymCC pruning map: one transaction that
     * reads the epoch serializably and then writes one BIT_OR of the full shard width for each
     * shard in which {@code bits} has a bit set, and nothing for the others (no transaction at
     * all for an empty map). The map itself is never read here, so merges of coordinators running
     * at the same time do not conflict with each other or with any other operation but an epoch
     * bump.
     *
     * <p>After it returns, every bit of {@code bits} is in the stored map for good. Idempotent:
     * merging the same bits again changes nothing. It cannot be undone.
     *
     * @throws io.frontier.store.error.StaleEpochException if {@code epoch} is not current: a job
     *     fenced off can no longer add bits
     */
    public void mergePruning(long epoch, PruningMap bits) {
        if (bits == null) {
            throw new InvalidInputException("pruning map to merge is null");
        }
        Map<Integer, byte[]> shards = bits.shards();
        if (shards.isEmpty()) {
            return;
        }
        kv.run(tx -> {
            fence.check(tx, epoch);
            shards.forEach((shard, operand) -> tx.bitOr(keys.pruning(shard), operand));
            return null;
        });
    }

    /**
     * Fences off every job of epochs up to {@code expected}: moves the epoch from
     * {@code expected} to {@code expected + 1} on behalf of {@code job}.
     *
     * <p>After it returns, no operation presenting epoch {@code expected} or older can change the
     * campaign: each re-reads the epoch serializably in its own transaction, so one racing with
     * the bump either commits before it or fails. Every lease granted before becomes recoverable
     * at once, whatever its expiry, and every committing entry waits for the new job's replay.
     * No job of those epochs can {@linkplain #beat beat} any more either.
     *
     * <p>Idempotent for the same {@code job}: a repeated call that finds the epoch already at
     * {@code expected + 1} by this job returns it. It cannot be undone; epochs only grow.
     *
     * @throws CampaignSetupException if the epoch is no longer {@code expected} because another
     *     job moved it
     */
    public EpochRecord bumpEpoch(long expected, String job, double now) {
        EpochRecord next = EpochRecord.of(expected + 1, Owner.of(job).name(), Times.instant("now", now));
        return mutate(tx -> {
            EpochRecord current = fence.current(tx);
            if (current.epoch() == next.epoch() && current.job().equals(next.job())) {
                return current;
            }
            if (current.epoch() != expected) {
                throw new CampaignSetupException("epoch was moved by another job")
                        .with("expectedEpoch", expected).with("currentEpoch", current.epoch())
                        .with("currentJob", current.job()).with("job", job);
            }
            tx.set(keys.epoch(), RecordCodec.EPOCH.encode(next));
            return next;
        });
    }

    /**
     * Records {@code beat} as the latest sign of life of the job that runs {@code epoch}.
     *
     * <p>One transaction: reads the epoch serializably, refuses unless it is {@code epoch} and
     * was set by {@code beat}'s job, then overwrites the heartbeat without reading it. Nothing
     * else reads the heartbeat serializably, so a beat conflicts with no other operation except
     * {@link #bumpEpoch}: once the epoch has moved, no job of an older epoch can beat any more,
     * and so none can look alive again. Idempotent: repeating a beat writes the same value.
     *
     * @throws io.frontier.store.error.StaleEpochException if {@code epoch} is no longer current
     * @throws InvalidInputException if the beat is not of {@code epoch}, or names a job other
     *     than the one that moved the campaign to it
     */
    public void beat(long epoch, JobHeartbeat beat) {
        if (beat == null || beat.epoch() != epoch) {
            throw new InvalidInputException("heartbeat is not of the caller's epoch")
                    .with("presentedEpoch", epoch).with("heartbeatEpoch", beat == null ? "null" : beat.epoch());
        }
        mutate(tx -> {
            EpochRecord current = fence.check(tx, epoch);
            if (!current.job().equals(beat.job())) {
                throw new InvalidInputException("heartbeat names another job than the one that runs the epoch")
                        .with("epoch", epoch).with("job", beat.job()).with("epochJob", current.job());
            }
            tx.set(keys.heartbeat(), RecordCodec.HEARTBEAT.encode(beat));
            return null;
        });
    }

    /** The last heartbeat any job wrote, or null if none ever did. Read-only; conflicts with nothing. */
    public JobHeartbeat heartbeat() {
        return kv.read(tx -> {
            byte[] value = tx.get(keys.heartbeat());
            return value == null ? null : RecordCodec.HEARTBEAT.decode(keys.heartbeat(), value);
        });
    }

    /**
     * Records a change of the campaign's settings as the next in sequence, unless the epoch has
     * moved from {@code expectedEpoch}: the caller judged, in that epoch, that no job runs, and a
     * job that started since may already have read the old settings. One transaction that reads
     * the epoch serializably, so it is ordered against {@link #bumpEpoch}. Idempotent: if the
     * last recorded change is this one (same epoch, changes and settings digest), as after a
     * commit whose outcome was unknown or a command run again, it is returned and nothing is
     * written.
     *
     * @throws CampaignSetupException if the epoch is no longer {@code expectedEpoch}
     */
    public SettingsChange recordSettingsChange(long expectedEpoch, List<String> changes, String settingsSha256,
                                               double now) {
        return mutate(tx -> {
            EpochRecord current = fence.current(tx);
            if (current.epoch() != expectedEpoch) {
                throw new CampaignSetupException("a job started while the settings were being changed")
                        .with("expectedEpoch", expectedEpoch).with("currentEpoch", current.epoch())
                        .with("currentJob", current.job());
            }
            KeyRange range = keys.settingsChanges();
            List<KeyValue> last = tx.getRange(range.begin(), range.end(), 1, true);
            SettingsChange previous = last.isEmpty() ? null
                    : RecordCodec.SETTINGS_CHANGE.decode(last.get(0).key(), last.get(0).value());
            if (previous != null && previous.epoch() == expectedEpoch && previous.changes().equals(changes)
                    && previous.settingsSha256().equals(settingsSha256)) {
                return previous;
            }
            long sequence = previous == null ? 1 : previous.sequence() + 1;
            SettingsChange change = SettingsChange.of(sequence, expectedEpoch, changes, settingsSha256, now);
            tx.set(keys.settingsChange(sequence), RecordCodec.SETTINGS_CHANGE.encode(change));
            return change;
        });
    }

    /** Every recorded change of the campaign's settings, in sequence. Read-only. */
    public List<SettingsChange> settingsChanges() {
        return kv.read(tx -> {
            KeyRange range = keys.settingsChanges();
            return tx.getRange(range.begin(), range.end(), Integer.MAX_VALUE, false).stream()
                    .map(entry -> RecordCodec.SETTINGS_CHANGE.decode(entry.key(), entry.value())).toList();
        });
    }

    /**
     * Admits items as pending work with no parent (seeds). Idempotent per item: an item already
     * known, in any state, is returned as it is with {@code created} false.
     */
    public List<ItemResult<Admission>> admit(long epoch, List<WorkPayload> payloads) {
        batchSize(payloads, MAX_BATCH);
        List<byte[]> records = payloads.stream().map(payload -> keys.work(payload.hash())).toList();
        return batch(epoch, records, payloads, (tx, table, parts, payload) -> {
            WorkRecord known = table.read(payload.hash());
            if (known != null) {
                if (!known.payload().equals(payload)) {
                    throw new InvalidInputException("payload differs from the stored one for this id")
                            .with("work", payload.hash()).with("storedSize", known.payload().size())
                            .with("size", payload.size());
                }
                return new Admission(known, false);
            }
            WorkRecord created = WorkRecord.seed(payload, epoch);
            table.write(null, created);
            return new Admission(created, true);
        });
    }

    /** {@link #admit} for one seed; throws its failure. */
    public Admission admitSeed(long epoch, WorkPayload payload) {
        return admit(epoch, List.of(payload)).get(0).orThrow();
    }

    /**
     * Leases up to {@code max} pending items to {@code owner} until {@code now + ttl}, each under
     * a new unique token, preferring the {@code preferred} buckets and stealing from the others
     * when those are empty. A re-executed body returns the grants of its first execution.
     */
    public ClaimResult claim(long epoch, Owner owner, Set<Integer> preferred, int max, double now, double ttl) {
        double expiry = expiry(now, ttl);
        if (max < 1 || max > MAX_CLAIM) {
            throw new InvalidInputException("claim size out of range").with("max", max).with("limit", MAX_CLAIM);
        }
        List<Token> tokens = new ArrayList<>();
        for (int i = 0; i < max; i++) {
            tokens.add(Token.random());
        }
        String request = ResultId.random().hex();
        Set<Integer> buckets = Set.copyOf(preferred);
        return edit(epoch, (tx, table, parts) ->
                parts.leasing.claim(tx, table, request, owner, buckets, tokens, epoch, expiry));
    }

    /**
     * Leases one pending session item of {@code kind} to {@code owner} until {@code now + ttl},
     * under a new unique token: slot {@code preferredSlot} if it is pending, else any other. A
     * re-executed body returns the grant of its first execution. Granted nothing when every
     * session of that kind is leased (or none exists).
     */
    public ClaimResult claimSession(long epoch, Owner owner, String kind, int preferredSlot, double now, double ttl) {
        double expiry = expiry(now, ttl);
        if (!ExecutorKind.isSession(kind)) {
            throw new InvalidInputException("session claim names a kind that runs no sessions").with("kind", kind);
        }
        Token token = Token.random();
        String request = ResultId.random().hex();
        return edit(epoch, (tx, table, parts) ->
                parts.leasing.claimSession(tx, table, request, owner, kind, preferredSlot, token, epoch, expiry));
    }

    /**
     * Makes sure slots {@code 0 .. count-1} of the sessions of {@code kind} exist as work items,
     * creating the missing ones pending; idempotent. Returns how many it created.
     */
    public int ensureSessions(long epoch, String kind, int count) {
        if (count < 0 || count > SessionSlot.MAX_SLOT + 1) {
            throw new InvalidInputException("session count out of range").with("count", count)
                    .with("max", SessionSlot.MAX_SLOT + 1);
        }
        int created = 0;
        for (int from = 0; from < count; from += MAX_BATCH) {
            List<SessionSlot> slots = new ArrayList<>();
            for (int slot = from; slot < Math.min(count, from + MAX_BATCH); slot++) {
                slots.add(new SessionSlot(kind, slot));
            }
            created += edit(epoch, (tx, table, parts) -> {
                tx.prefetch(slots.stream().map(slot -> keys.work(slot.payload().hash())).toList());
                int made = 0;
                for (SessionSlot slot : slots) {
                    WorkRecord known = table.read(slot.payload().hash());
                    if (known == null) {
                        table.write(null, WorkRecord.session(slot, epoch));
                        made++;
                    } else if (!slot.equals(known.session())) {
                        throw new CorruptRecordException("work record of a session slot's id is not that session")
                                .with("work", known.id()).with("kind", kind).with("slot", slot.slot());
                    }
                }
                return made;
            });
        }
        return created;
    }

    /**
     * Up to {@code limit} entries of the campaign's feed after {@code after} (null: from its
     * start), in commit order, read by snapshot.
     */
    public List<FeedEntry.Read> feed(FeedEntry.Position after, int limit) {
        if (limit < 1) {
            throw new InvalidInputException("feed page limit below 1").with("limit", limit);
        }
        KeyRange range = keys.feedAfter(after);
        return kv.read(tx -> tx.getRange(range.begin(), range.end(), limit, false).stream()
                .map(pair -> new FeedEntry.Read(keys.decodeFeed(pair.key()),
                        SessionCodecs.FEED.decode(pair.key(), pair.value())))
                .toList());
    }

    /**
     * Extends each lease held under its exact token in this epoch to {@code now + ttl} (never
     * shortens it). Each lease that is lost fails on its own with the reason.
     */
    public List<ItemResult<WorkRecord>> renew(long epoch, List<Lease> leases, double now, double ttl) {
        double expiry = expiry(now, ttl);
        batchSize(leases, MAX_BATCH);
        List<Lease> copy = List.copyOf(leases);
        return edit(epoch, (tx, table, parts) -> {
            tx.prefetch(workKeys(copy));
            return parts.leasing.renew(table, copy, epoch, expiry);
        });
    }

    /**
     * Hands leases back unused, e.g. when a campaign stops at a budget and its coordinator gives
     * back work it claimed but never dispatched. Each item held under exactly the presented token
     * in this epoch goes back to {@code pending} with no token, owner or expiry, into the ready
     * index, with one attempt fewer, so that a grant that never ran is not counted as an attempt;
     * the counters move with it. Each lease that is not held so fails on its own with the reason,
     * as in {@link #renew}, and changes nothing.
     *
     * <p>After an item's release its token is dead: it can no longer be renewed, requeued or
     * committed, and the next claim grants the item under a new token. Idempotent: an item found
     * {@code pending} is reported as it is and left unchanged, since whether this call's earlier
     * execution released it or recovery did, nobody holds it and it is in the queue; an item
     * that was claimed again since fails with the new holder's token. It cannot be undone.
     *
     * @param now the caller's clock, checked as every time argument is; a release records no time
     * @throws io.frontier.store.error.StaleEpochException if {@code epoch} is not current
     */
    public List<ItemResult<WorkRecord>> release(long epoch, List<Lease> leases, double now) {
        Times.instant("now", now);
        batchSize(leases, MAX_BATCH);
        List<Lease> copy = List.copyOf(leases);
        return edit(epoch, (tx, table, parts) -> {
            tx.prefetch(workKeys(copy));
            return parts.leasing.release(table, copy, epoch);
        });
    }

    /**
     * Keeps an item with its holder after the holder rejected a result for it as invalid: the
     * state stays {@code leased} under the same token (the holder puts it at the head of its own
     * queue and dispatches it again), attempts grow by one, the lease is extended to
     * {@code now + ttl}, and the rejected-results counter ({@link Counter#REJECTED}) grows. In the
     * same transaction {@code rejected} is counted as an invalid result, as
     * {@link #countInvalidResult} does, unless it was counted before. Keeping the item leased,
     * rather than pending, is what lets the holder keep its token: a pending item could be
     * granted to anyone. Idempotent for the same {@code rejected} result.
     *
     * @throws io.frontier.store.error.StaleTokenException if the token is no longer held: the
     *     result is stale and must be dropped, not retried (count it with
     *     {@link #countInvalidResult})
     */
    public WorkRecord requeue(long epoch, Lease lease, ResultId rejected, double now, double ttl) {
        double at = Times.instant("now", now);
        double expiry = expiry(now, ttl);
        return edit(epoch, (tx, table, parts) -> parts.leasing.requeue(tx, table, lease, rejected, epoch, at, expiry));
    }

    /**
     * Counts {@code result}, which a worker returned for {@code work}, as an invalid worker
     * result, when its holder could not keep the work ({@link #requeue} refused, or the parent
     * object proved corrupt): adds one to {@link Counter#INVALID} and writes a marker under the
     * result id, in one transaction.
     *
     * <p>After it returns, the campaign's count of invalid results includes {@code result} for
     * good, in this and every later epoch, so the campaign cannot end as if every result had been
     * valid. Idempotent per result id: a repeated call, or one for a result {@link #requeue}
     * already counted, changes nothing and returns the marker first written. It cannot be undone.
     * Like every mutating call it is refused under a stale epoch: a job fenced off by a newer one
     * can no longer count anything.
     *
     * @throws InvalidInputException if {@code result} was counted for another work
     */
    public InvalidResultMarker countInvalidResult(long epoch, Digest work, ResultId result, double now) {
        double at = Times.instant("now", now);
        if (work == null || result == null) {
            throw new InvalidInputException("invalid result to count lacks work or result");
        }
        return edit(epoch, (tx, table, parts) -> invalid.count(tx, table, result, work, epoch, at));
    }

    /**
     * Puts back to pending up to {@code max} leased items whose lease expired at or before
     * {@code now} or was granted under an older epoch (those need no waiting). Returns each as
     * {@code (id, payload)}; an item whose key, record id and payload hash disagree, or whose
     * record cannot be decoded, is left as it is and reported blocked. {@code committing} items
     * are never recovered. A re-executed body returns what its first execution released.
     */
    public RecoveryResult recoverExpired(long epoch, Owner owner, int max, double now) {
        double at = Times.instant("now", now);
        if (max < 1 || max > MAX_CLAIM) {
            throw new InvalidInputException("recovery size out of range").with("max", max).with("limit", MAX_CLAIM);
        }
        String request = ResultId.random().hex();
        return edit(epoch, (tx, table, parts) -> parts.leasing.recover(tx, table, request, owner, max, epoch, at));
    }

    /**
     * Takes the irreversible commit decision for a validated result, with the triage of its
     * children.
     *
     * <p>In one transaction: checks the epoch and that the item is {@code leased} under exactly
     * the request's token in this epoch; decides each child's {@link ChildFate}; appends the
     * manifest entry (head and child chunks with their fates, under a fresh versionstamp),
     * indexes the result id, moves the item to {@code committing}, adds one execution to the
     * load of the item's owner, and counts, under that owner and the execution's executor kind
     * ({@link io.frontier.store.keyspace.ExecutorCounter}), the execution, its wall time, its
     * children, those that reached nothing new, were known as work already or carried no coverage,
     * and their new edges. After it returns, the item can no longer expire, be recovered, be
     * claimed or be committed under any other token or result; only completion or abandonment
     * by a coordinator of the current epoch ends it, and any such coordinator can finish it from
     * the manifest (replay), so the holder's crash loses nothing.
     *
     * <p>Triage, child by child in declared order: a child the worker declared a finding for is
     * {@link ChildFate#FINDING}, and its {@link FindingRecord} is written under (signature,
     * child) unless that key exists, and counted in {@link Counter#FINDINGS} only then; a child
     * without coverage is {@link ChildFate#FRONTIER} with no new edges (untriaged); any other
     * child is compared with the campaign's edge map plus what earlier children of this request
     * (and of earlier requests of the same {@link #beginCommits} batch) added: if it reached a
     * tuple not yet set it is {@code FRONTIER}, with {@link Child#newEdges} the edges whose map
     * byte was 0 before it, and its tuples are merged into the map; otherwise it is
     * {@link ChildFate#REDUNDANT}. The request's own finding (the executed input crashed or hung)
     * is recorded the same way for the work item itself. Redundant children stay in the manifest
     * but are never promoted, marked, enqueued or needed for completion; findings are promoted
     * but not enqueued.
     *
     * <p>The edge map is read with snapshot reads and merged with BIT_OR, so concurrent
     * decisions never conflict on it (on FoundationDB; the embedded store has one writer at a
     * time anyway). The consequence: two coordinators deciding at the same moment may both see
     * a tuple as new and both admit a child for it, so the frontier may hold an input more than
     * strictly needed; a tuple is never lost, because BIT_OR only sets bits and a child is
     * admitted with every tuple it reached: the map holds only tuples that admitted children
     * reach. Its tuples are merged in the transaction that admits it, except those in shards past
     * {@link #MAX_EDGE_SHARDS_PER_TRANSACTION} (see {@link #beginCommits}): if those merges do not
     * happen, the map holds less than the frontier reaches, and a later input is taken for new
     * more often, never less. Finding keys, by contrast, are read serializably, so each is
     * written and counted exactly once.
     *
     * <p>Idempotent for the same token and result: a repeated call returns the stored decision,
     * the fates included, with {@code repeated} true, and writes nothing (no finding, count or
     * load again). A body that FoundationDB runs again after its first execution committed finds
     * the item committing and so takes that path; an execution that did not commit left nothing,
     * and the next may decide differently only because the map moved meanwhile. It cannot be
     * undone.
     *
     * @throws io.frontier.store.error.StaleTokenException if another token holds or committed it
     * @throws io.frontier.store.error.StaleEpochException if the caller's epoch or the lease's
     *     epoch is not current
     * @throws io.frontier.store.error.WrongStateException if the token already committed another
     *     result
     */
    public CommitTicket beginCommit(long epoch, CommitRequest request, double now) {
        return beginCommits(epoch, List.of(request), now).get(0).orThrow();
    }

    /**
     * {@link #beginCommit} for many requests, each decided on its own, in order: a request's
     * children are triaged against what earlier requests of the batch admitted. The requests must
     * name distinct results.
     *
     * <p>One transaction decides them all unless their children add to more than
     * {@link #MAX_EDGE_SHARDS_PER_TRANSACTION} edge map shards: a request that would take it past
     * that is left for another transaction, run right after, which decides it against the map
     * with the earlier decisions merged. A request whose children alone add to more shards than
     * that is decided in one transaction that merges the first of them; the rest are merged by
     * transactions of their own before this call returns. Each request is still decided, with all
     * its writes, in exactly one transaction, so a crash between them leaves some requests decided
     * and the others not, as separate calls would.
     *
     * <p>A request that declares more than {@link #MAX_CHILDREN_PER_TRANSACTION} children is
     * decided on its own ({@link #beginAhead}): its child chunks are written ahead under its
     * result id, invisible to every reader, and the one transaction that takes the decision names
     * them, with the same checks, effects and guarantees as a decision in one transaction. The
     * triage of such a request is taken against the map as a snapshot showed it before its
     * chunks were written, so a decision of another coordinator in between may see a tuple as new
     * that this one admits too (the frontier then holds an input more than needed; none is lost).
     */
    public List<ItemResult<CommitTicket>> beginCommits(long epoch, List<CommitRequest> requests, double now) {
        return beginCommits(epoch, requests, now, false);
    }

    /**
     * {@link #beginCommits(long, List, double)}; with {@code endWhatKeepsNothing}, a decision that
     * keeps no child (every child redundant or dropped, or none declared) also ends its entry in
     * the transaction that takes it, as {@link #complete} would right after: the item is done, or
     * pending for its next round, the outcome is written beside the entry, and the ticket holds
     * the {@link CommitTicket#completion}. Nothing is left to promote, mark or complete, and the
     * entry is never committing: a crash leaves either no decision or an ended entry whose stage
     * (the redundant children's bytes) the stage janitor removes. Such a call made again with the
     * same token and result returns the ended entry with {@code repeated} true. A decision whose
     * children are written ahead (more than one transaction takes) always leaves its entry
     * committing.
     */
    public List<ItemResult<CommitTicket>> beginCommits(long epoch, List<CommitRequest> requests, double now,
            boolean endWhatKeepsNothing) {
        double at = Times.instant("now", now);
        batchSize(requests, MAX_BATCH);
        if (requests.stream().map(CommitRequest::result).distinct().count() != requests.size()) {
            throw new InvalidInputException("commit batch names one result twice");
        }
        List<ItemResult<CommitTicket>> results = new ArrayList<>(Collections.nCopies(requests.size(), null));
        List<Integer> waiting = new ArrayList<>();
        int children = 0;
        for (int i = 0; i < requests.size(); i++) {
            int declared = requests.get(i).children().size();
            if (declared > MAX_CHILDREN_PER_TRANSACTION) {
                results.set(i, beginAhead(epoch, requests.get(i), at));
            } else {
                waiting.add(i);
                children += declared;
            }
        }
        if (children > MAX_CHILDREN_PER_TRANSACTION) {
            throw new InvalidInputException("commit batch declares more children than one transaction may hold")
                    .with("children", children).with("limit", MAX_CHILDREN_PER_TRANSACTION);
        }
        AttemptMemory<CommitTicket> ending = endWhatKeepsNothing ? new AttemptMemory<>() : null;
        while (!waiting.isEmpty()) {
            List<CommitRequest> round = waiting.stream().map(requests::get).toList();
            CommitRound done = edit(epoch, (tx, table, parts) ->
                    parts.committing.beginAll(tx, table, round, epoch, at, ending));
            mergeEdges(epoch, done.unmerged());
            List<Integer> left = new ArrayList<>();
            for (int k = 0; k < waiting.size(); k++) {
                ItemResult<CommitTicket> result = done.results().get(k);
                if (result == null) {
                    left.add(waiting.get(k));
                } else {
                    results.set(waiting.get(k), result);
                }
            }
            if (left.size() == waiting.size()) {
                throw new IllegalStateException("a commit round decided none of its requests");
            }
            waiting = left;
        }
        return results;
    }

    /**
     * The decision for a request with more children than one transaction takes, in several:
     * triage in a read-only transaction, the child chunks written under the result id in
     * transactions of at most {@value #DRAFT_CHUNKS_PER_TRANSACTION} chunks (with a draft mark of
     * this epoch), then the one transaction that takes the decision and names them, and the merges
     * of the edge map it could not make itself. Until the decision's transaction commits nothing
     * refers to the chunks; if it never does (the request was refused, the process died, a newer
     * job fenced this one), they are removed, at once or by the next job ({@link #sweepDrafts}).
     */
    private ItemResult<CommitTicket> beginAhead(long epoch, CommitRequest request, double now) {
        try {
            Committing.DraftBasis basis = kv.read(tx -> {
                fence.check(tx, epoch);
                return parts(tx).committing.draftBasis(tx, request, epoch, now);
            });
            Committing.Drafted drafted = basis == null ? null : draft(basis, request, epoch, now);
            if (drafted != null) {
                int chunks = ManifestEntry.chunksFor(request.children().size());
                for (int from = 0; from < chunks; from += DRAFT_CHUNKS_PER_TRANSACTION) {
                    int first = from;
                    int last = Math.min(chunks, from + DRAFT_CHUNKS_PER_TRANSACTION);
                    edit(epoch, (tx, table, parts) -> {
                        parts.committing.writeDraft(tx, table, request, drafted, first, last, epoch);
                        return null;
                    });
                }
            }
            CommitRound done = edit(epoch, (tx, table, parts) -> drafted == null
                    ? parts.committing.beginAll(tx, table, List.of(request), epoch, now)
                    : parts.committing.beginDrafted(tx, table, request, drafted, epoch, now));
            mergeEdges(epoch, done.unmerged());
            ItemResult<CommitTicket> result = done.results().get(0);
            if (result != null && !result.succeeded()) {
                discardDraft(epoch, request);
            }
            return result;
        } catch (FrontierException e) {
            discardDraft(epoch, request);
            return ItemResult.failed(e);
        }
    }

    /**
     * The triage of a decision drafted from {@code basis}, computed outside any transaction, with
     * its children known as work already counted by snapshot reads of at most
     * {@value #KNOWN_PER_READ} keys each.
     */
    private Committing.Drafted draft(Committing.DraftBasis basis, CommitRequest request, long epoch, double now) {
        Committing committing = kv.read(tx -> parts(tx).committing);
        EdgeMap map = Committing.mapOf(basis);
        Committing.Triaged triaged = committing.triageDraft(basis, request, epoch, now, map);
        List<Digest> joined = triaged.joined();
        long known = 0;
        for (int from = 0; from < joined.size(); from += KNOWN_PER_READ) {
            List<Digest> part = joined.subList(from, Math.min(joined.size(), from + KNOWN_PER_READ));
            known += kv.read(tx -> committing.countKnown(tx, part));
        }
        return new Committing.Drafted(triaged, known, map.additions());
    }

    /**
     * Removes what was written ahead for a decision that was not taken, if anything; a failure
     * leaves it to {@link #sweepDrafts} of the next job.
     */
    private void discardDraft(long epoch, CommitRequest request) {
        try {
            kv.run(tx -> {
                parts(tx).committing.discardDraft(tx, request.result(), epoch);
                return null;
            });
        } catch (FrontierException e) {
            // The next job's sweep removes what a decision of this epoch left.
        }
    }

    /**
     * Removes the child chunks written ahead of decisions in epochs before {@code epoch} that
     * were never taken: no decision of an older epoch can be taken any more, so nothing will ever
     * refer to them. Chunks an entry refers to are never removed. Idempotent; returns how many
     * drafts it discarded. Call it at the start of a job, after its epoch bump.
     */
    public int sweepDrafts(long epoch) {
        int swept = 0;
        while (true) {
            int found = mutate(tx -> parts(tx).committing.sweepDrafts(tx, epoch, DRAFTS_PER_SWEEP));
            swept += found;
            if (found < DRAFTS_PER_SWEEP) {
                return swept;
            }
        }
    }

    /**
     * Merges edge map bits a commit round admitted but could not merge itself, at most
     * {@link #MAX_EDGE_SHARDS_PER_TRANSACTION} shards per transaction. The merges are blind
     * BIT_ORs, harmless to repeat; should one fail or the process die first, those tuples are
     * missing from the map, and a later input that reaches them is taken for new: the frontier
     * may then hold an input more than needed, and none is lost.
     */
    private void mergeEdges(long epoch, Map<Integer, byte[]> unmerged) {
        List<Map.Entry<Integer, byte[]>> shards = new ArrayList<>(unmerged.entrySet());
        for (int from = 0; from < shards.size(); from += MAX_EDGE_SHARDS_PER_TRANSACTION) {
            List<Map.Entry<Integer, byte[]>> part = shards.subList(from,
                    Math.min(shards.size(), from + MAX_EDGE_SHARDS_PER_TRANSACTION));
            edit(epoch, (tx, table, parts) -> {
                part.forEach(shard -> tx.bitOr(keys.edges(shard.getKey()), shard.getValue()));
                return null;
            });
        }
    }

    /**
     * Records that a child of a committed result was promoted into the public corpus. Marks are
     * BIT_OR updates, so marking twice is harmless and marks never conflict with each other.
     *
     * @throws InvalidInputException if the entry has no such child, or does not keep it (a
     *     redundant child is never promoted)
     */
    public void markPromoted(long epoch, Promotion promotion) {
        markPromoted(epoch, List.of(promotion)).get(0).orThrow();
    }

    /**
     * {@link #markPromoted} for many marks, in one transaction per
     * {@value #MAX_CHILDREN_PER_TRANSACTION} of them (the children of one large entry are marked
     * in several). A failing transaction fails its marks; those of the transactions before stay,
     * which is harmless: marks are idempotent.
     */
    public List<ItemResult<Promotion>> markPromoted(long epoch, List<Promotion> promotions) {
        if (promotions == null || promotions.isEmpty() || promotions.stream().anyMatch(Objects::isNull)) {
            throw new InvalidInputException("batch is empty or holds null")
                    .with("size", promotions == null ? "null" : promotions.size());
        }
        List<ItemResult<Promotion>> results = new ArrayList<>(promotions.size());
        for (int from = 0; from < promotions.size(); from += MAX_CHILDREN_PER_TRANSACTION) {
            List<Promotion> part = List.copyOf(promotions.subList(from,
                    Math.min(promotions.size(), from + MAX_CHILDREN_PER_TRANSACTION)));
            results.addAll(edit(epoch, (tx, table, parts) -> parts.committing.mark(tx, table, part)));
        }
        return results;
    }

    /**
     * Ends a committing entry whose kept children (frontier and findings) are all marked
     * promoted: the item becomes {@code done}, each frontier child not yet known becomes pending
     * work exactly once (whichever parent's completion commits first enqueues it), with this
     * item as its parent and the entry's executor as its origin, and the outcome is written
     * beside the entry. Redundant children need no mark; neither they nor findings are enqueued.
     * Any coordinator of the current epoch may call it (replay needs no token).
     * Idempotent: a repeated call returns the stored outcome with {@code repeated} true. A call
     * whose first attempt committed although the store could not say so, and ran again, is not a
     * repeated call: it returns what that attempt enqueued.
     *
     * @throws io.frontier.store.error.WrongStateException if the item is not committing this
     *     result or a kept child is not yet promoted
     */
    public Completion complete(long epoch, Digest work, ResultId result, double now) {
        return complete(epoch, List.of(new Commitment(work, result)), now).get(0).orThrow();
    }

    /**
     * {@link #complete} for many entries in one transaction. Entries whose children would take
     * the transaction past {@link #MAX_CHILDREN_PER_TRANSACTION} fail with
     * {@link InvalidInputException} and are left for another call; an entry that alone enqueues
     * more is completed in parts, right after that transaction: each part, a transaction of its
     * own, enqueues {@value #MAX_CHILDREN_PER_TRANSACTION} of its queued children not yet known
     * (and records which), then one transaction ends the entry as a completion in one transaction
     * does and reports every child the parts enqueued. The item stays committing until that last
     * transaction, so a crash between parts leaves an entry replay completes: a part done before
     * is not done again, and a child enqueued by it is pending exactly once.
     */
    public List<ItemResult<Completion>> complete(long epoch, List<Commitment> entries, double now) {
        double at = Times.instant("now", now);
        batchSize(entries, MAX_BATCH);
        List<Commitment> copy = List.copyOf(entries);
        AttemptMemory<Completion> memory = new AttemptMemory<>();
        List<ItemResult<Completion>> results = new ArrayList<>(
                edit(epoch, (tx, table, parts) -> parts.committing.completeAll(tx, table, copy, epoch, at, memory)));
        for (int i = 0; i < results.size(); i++) {
            if (!results.get(i).succeeded() && results.get(i).failure() instanceof PartsRequiredException) {
                results.set(i, completeInParts(epoch, copy.get(i), at));
            }
        }
        return results;
    }

    private ItemResult<Completion> completeInParts(long epoch, Commitment commitment, double now) {
        try {
            Committing.PartedEntry entry = kv.read(tx -> parts(tx).committing.partedEntry(tx, commitment));
            AttemptMemory<Completion> memory = new AttemptMemory<>();
            if (entry == null) {
                return edit(epoch, (tx, table, parts) ->
                        parts.committing.completeAll(tx, table, List.of(commitment), epoch, now, memory)).get(0);
            }
            int count = entry.parts();
            for (int part = 0; part < count; part++) {
                int each = part;
                edit(epoch, (tx, table, parts) -> {
                    parts.committing.completePart(tx, table, commitment, entry, each, epoch);
                    return null;
                });
            }
            return ItemResult.ok(edit(epoch, (tx, table, parts) ->
                    parts.committing.completeParted(tx, table, commitment, entry, count, epoch, now, memory)));
        } catch (FrontierException e) {
            return ItemResult.failed(e);
        }
    }

    /**
     * Ends a committing entry that replay cannot finish (e.g. its staged bytes are gone): the
     * outcome {@code abandoned} with {@code reason} is written beside the entry, and the item
     * goes back to pending as a new attempt, or to {@code abandoned} for good once it has had
     * the campaign's {@code maxAttempts}; {@link Completion#state} says which, and
     * {@link Completion#abandonedForGood} is true for the latter. Idempotent for the same result:
     * a repeated call returns the stored outcome with {@code repeated} true and the item's state
     * now.
     */
    public Completion abandon(long epoch, Digest work, ResultId result, String reason, double now) {
        double at = Times.instant("now", now);
        if (reason == null || reason.isBlank()) {
            throw new InvalidInputException("abandon reason is empty").with("work", work);
        }
        return edit(epoch, (tx, table, parts) -> parts.committing.abandon(tx, table, work, result, reason, epoch, at));
    }

    /**
     * The first {@code limit} committing items (fewer if their children are many, as
     * {@link #listCommitting(Digest, int)} says) with their entries, children and promotion
     * marks, in work id order. Read-only.
     *
     * @throws io.frontier.store.error.UnreadableRecordException the problem of the first item
     *     among them that is blocked; {@link #listCommitting(Digest, int)} reports blocked items
     *     and goes on
     */
    public List<CommittingEntry> listCommitting(int limit) {
        CommittingPage page = listCommitting(null, limit);
        if (!page.blocked().isEmpty()) {
            throw page.blocked().get(0).problem();
        }
        return page.entries();
    }

    /**
     * One page of committing items, for replay: up to {@code limit} entries of the committing
     * index whose work id sorts after {@code after} (exclusive; null starts at the first), in work
     * id order, each with its manifest entry, children and promotion marks, in one read-only
     * transaction. An index entry whose key, value, work record, result index or manifest entry
     * cannot be read, or that disagree on the work or the result, is reported as {@link Blocked}
     * in the page and left as it is; the others are listed. Pass {@link CommittingPage#next} to
     * read the following page; entries ended meanwhile have left the index and are not listed.
     * A page holds fewer entries, at least one, once their children come to about a mebibyte of
     * chunks, or when a larger page's read timed out and it was read again smaller.
     */
    public CommittingPage listCommitting(Digest after, int limit) {
        if (limit < 1) {
            throw new InvalidInputException("listing limit must be positive").with("limit", limit);
        }
        return committingPages.read(limit, size -> kv.read(tx -> parts(tx).committing.page(tx, after, size)));
    }

    /** The record of {@code work}, or null. Read-only. */
    public WorkRecord work(Digest work) {
        return kv.read(tx -> WorkTable.read(tx, keys, work));
    }

    /** The counters, summed over their shards, in a read that conflicts with nothing. */
    public Counts counts() {
        return kv.read(this::sumCounters);
    }

    /**
     * The executions committed in every job, one per commit decision, in a read that conflicts
     * with nothing: the coordinators' loads summed. Not the items done: in a campaign with
     * repeated or retried rounds one item runs several times.
     */
    public long executions() {
        return kv.read(tx -> {
            KeyRange range = keys.loads();
            long total = 0;
            for (KeyValue pair : tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false)) {
                total += CampaignKeys.decodeSum(pair.value());
            }
            return total;
        });
    }

    /**
     * The quiescence check: in one transaction, reads serializably the counters of pending,
     * leased and committing items and the ready, leased, committing and session indexes (one key
     * each), and if all are empty writes a {@link QuiescenceMarker}: a campaign with a fuzzing
     * session is never quiescent, since a session is always pending, leased or committing. Every edge into or out of those
     * states adds to one of those counters and touches one of those indexes, so an edge committed
     * concurrently conflicts with the check, which then re-runs and sees it. The terminal
     * counters are read by snapshot, for the report only.
     */
    public Quiescence checkQuiescence(long epoch, double now) {
        double at = Times.instant("now", now);
        String check = ResultId.random().hex();
        return mutate(tx -> {
            fence.check(tx, epoch);
            byte[] markerKey = keys.quiescence();
            byte[] stored = tx.get(markerKey);
            Map<Counter, Long> sums = new EnumMap<>(Counter.class);
            for (Counter counter : Counter.values()) {
                boolean unfinished = counter == Counter.PENDING || counter == Counter.LEASED
                        || counter == Counter.COMMITTING;
                sumCounters(unfinished ? tx : tx.snapshot(), keys.counts(counter), sums);
            }
            Counts counts = new Counts(sums);
            if (stored != null) {
                QuiescenceMarker earlier = RecordCodec.QUIESCENCE.decode(markerKey, stored);
                if (earlier.check().equals(check)) {
                    return new Quiescence(earlier, counts, true);
                }
            }
            boolean indexesEmpty = true;
            for (KeyRange range : List.of(keys.ready(), keys.tiered(), keys.leased(), keys.committing(),
                    keys.sessions())) {
                indexesEmpty &= tx.getRange(range.begin(), range.end(), 1, false).isEmpty();
            }
            if (!indexesEmpty || counts.unfinished() != 0) {
                return new Quiescence(null, counts, indexesEmpty);
            }
            QuiescenceMarker marker = QuiescenceMarker.of(epoch, check, at);
            tx.set(markerKey, RecordCodec.QUIESCENCE.encode(marker));
            return new Quiescence(marker, counts, true);
        });
    }

    private Counts sumCounters(ReadTransaction tx) {
        Map<Counter, Long> sums = new EnumMap<>(Counter.class);
        sumCounters(tx, keys.counts(), sums);
        return new Counts(sums);
    }

    /** {@code counter} summed over its shards, as {@code tx} reads it. */
    static long sum(ReadTransaction tx, CampaignKeys keys, Counter counter) {
        long total = 0;
        KeyRange range = keys.counts(counter);
        for (KeyValue pair : tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false)) {
            total += CampaignKeys.decodeSum(pair.value());
        }
        return total;
    }

    private void sumCounters(ReadTransaction tx, KeyRange range, Map<Counter, Long> sums) {
        for (KeyValue pair : tx.getRange(range.begin(), range.end(), ReadTransaction.UNLIMITED, false)) {
            CountKey key = keys.decodeCount(pair.key());
            sums.merge(key.counter(), CampaignKeys.decodeSum(pair.value()), Long::sum);
        }
    }

    /**
     * Runs a mutating {@code body} in one transaction. When the store cannot tell whether the
     * transaction committed, the same body runs again, up to {@value #OUTCOME_CALLS} calls in
     * all: every body here recognises its own earlier effect, so a call that commits, or that
     * finds the earlier commit, ends the doubt. If the outcome stays unknown, the exception says
     * so and how it is resolved.
     *
     * @throws TransactionOutcomeUnknownException if the last of the calls still could not tell
     */
    private <T> T mutate(TransactionBody<T> body) {
        for (int call = 1; ; call++) {
            try {
                return kv.run(body);
            } catch (TransactionOutcomeUnknownException unknown) {
                if (call == OUTCOME_CALLS) {
                    throw new TransactionOutcomeUnknownException("store could not tell whether a campaign operation"
                            + " took effect, even after running it again; it is idempotent: running it again finishes"
                            + " it, and frontier resume replays what a job left unfinished", unknown)
                            .with("calls", call)
                            .with("lastCall", unknown.getMessage());
                }
            }
        }
    }

    /**
     * Runs {@code body} in one transaction after the epoch check, with this execution's own
     * {@link WorkTable}, whose summed counter changes are written last.
     */
    private <T> T edit(long epoch, Edit<T> body) {
        return mutate(transaction -> {
            fence.check(transaction, epoch);
            Parts parts = parts(transaction);
            ReadAhead tx = new ReadAhead(transaction);
            WorkTable table = new WorkTable(tx, keys, parts.config.buckets());
            T result = body.apply(tx, table, parts);
            table.flush();
            return result;
        });
    }

    /**
     * Runs {@code each} for every item in one {@link #edit}, after reading {@code prefetched}
     * together; a refused item fails alone.
     */
    private <R, T> List<ItemResult<T>> batch(long epoch, List<byte[]> prefetched, List<R> items, Item<R, T> each) {
        List<R> copy = List.copyOf(items);
        return edit(epoch, (tx, table, parts) -> {
            tx.prefetch(prefetched);
            List<ItemResult<T>> results = new ArrayList<>(copy.size());
            for (R item : copy) {
                try {
                    results.add(ItemResult.ok(each.apply(tx, table, parts, item)));
                } catch (FrontierException e) {
                    results.add(ItemResult.failed(e));
                }
            }
            return results;
        });
    }

    /** The body of an {@link #edit}. */
    @FunctionalInterface
    private interface Edit<T> {
        T apply(ReadAhead tx, WorkTable table, Parts parts);
    }

    /** The body of one item of a {@link #batch}. */
    @FunctionalInterface
    private interface Item<R, T> {
        T apply(Transaction tx, WorkTable table, Parts parts, R item);
    }

    private List<byte[]> workKeys(List<Lease> leases) {
        return leases.stream().map(lease -> keys.work(lease.work())).toList();
    }

    private static double expiry(double now, double ttl) {
        double expiry = Times.instant("now", now) + Times.duration("ttl", ttl);
        return Times.instant("expiry", expiry);
    }

    private static void batchSize(List<?> items, int limit) {
        if (items == null || items.isEmpty() || items.size() > limit || items.stream().anyMatch(Objects::isNull)) {
            throw new InvalidInputException("batch is empty, holds null or is larger than one transaction may carry")
                    .with("size", items == null ? "null" : items.size()).with("limit", limit);
        }
    }

    private Parts parts(ReadTransaction tx) {
        Parts current = parts;
        if (current == null) {
            byte[] value = tx.get(keys.config());
            if (value == null) {
                throw new CampaignSetupException("campaign is not initialised");
            }
            byte[] policy = tx.get(keys.exploration());
            current = new Parts(keys, RecordCodec.CONFIG.decode(keys.config(), value),
                    policy == null ? ExplorationPolicy.BEFORE_TIERS : RecordCodec.EXPLORATION.decode(keys.exploration(), policy),
                    executorKinds);
            parts = current;
        }
        return current;
    }

    /** The helpers that depend on the configuration, built once it has been read. */
    private static final class Parts {
        final CampaignConfig config;
        final ExplorationPolicy policy;
        final Leasing leasing;
        final Committing committing;

        Parts(CampaignKeys keys, CampaignConfig config, ExplorationPolicy policy, List<String> executorKinds) {
            this.config = config;
            this.policy = policy;
            this.leasing = new Leasing(keys, config.buckets());
            this.committing = new Committing(keys, config, policy, executorKinds);
        }
    }
}
