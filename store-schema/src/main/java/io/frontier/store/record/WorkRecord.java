package io.frontier.store.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.corpus.Digest;
import io.frontier.store.exploration.ClaimOrder;
import io.frontier.store.exploration.Tier;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.session.SessionSlot;
import io.frontier.store.wire.ExecutorKind;

/**
 * The stored state of one work item under {@code work/<id>}.
 *
 * <p>Invariants, checked on construction and so on every decode:
 * <ul>
 *   <li>{@code id} equals {@code payload.hash} (and the store checks it equals the key);
 *   <li>{@code pending} and {@code abandoned} have no token, owner, lease expiry or result;
 *   <li>{@code leased} has token, owner and a finite non-negative lease expiry, and no result;
 *   <li>{@code committing} and {@code done} keep the committing token and owner and name the
 *       result, and have no lease expiry (they never expire);
 *   <li>{@code epoch} is the epoch of the last edge, at least 1; {@code attempts} counts the
 *       executions granted so far (a grant handed back unused by {@link #unclaimed} does not
 *       count) and is never negative;
 *   <li>{@code parent} and {@code origin} are both null (a seed) or both set (a child), and an
 *       origin is spelled as {@link io.frontier.store.wire.Execution#executor} is;
 *   <li>{@code tier} is a {@link io.frontier.store.exploration.Tier} number, {@code claimOrder}
 *       one that tier may stand at ({@link ClaimOrder#fits}), {@code round} is never negative and
 *       {@code limitFactor} is 1 or more;
 *   <li>a session item ({@code session} set) is no input: it has no parent, waits in tier 0 at
 *       claim order 0, and its id is the digest of its slot's descriptor, which is never a
 *       corpus object.
 * </ul>
 *
 * <p>Schema 1, written before tiers, schema 2, written before new edges and round kinds were
 * recorded, schema 3, written before depths were, schema 4, written before triage was, schema 5,
 * written before claim orders were, and schema 6, written before sessions, are read as schema 7
 * ({@link #upgrade}).
 *
 * @param schema record layout version, {@link #SCHEMA}
 * @param epoch epoch under which the last edge was taken; a lease of an older epoch is void
 * @param leaseExpiry Unix seconds after which a {@code leased} item may be recovered
 * @param parent the work whose result produced this input, or null for a seed
 * @param origin the executor ({@code symcc}, {@code afl}, ...) of the execution that produced this
 *     input, or null for a seed
 * @param result the committed result ({@code committing}, {@code done}), else null
 * @param rejected the last result rejected as invalid while the same token was kept, or null
 * @param tier the tier the item waits in while pending; see {@link io.frontier.store.exploration.Tier}
 * @param round how many earlier rounds of this item were committed and sent it back for another
 *     (a time-out retried with more time, a repeated run of a repeatable executor)
 * @param limitFactor what this round multiplies the campaign's time limit by
 * @param newEdges edges new to the campaign this input reached when it was kept, which ranks it
 *     inside tier 0; 0 for a seed, an input kept without triage, and a record written before
 *     schema 3
 * @param roundKind the executor kind this item's round runs on when the round before chose it
 *     ({@link io.frontier.store.exploration.Rounds}), else null: a first round, whose kind the
 *     coordinator's routing picks
 * @param depth how many executions lie between this input and its seed: 0 for a seed and for a
 *     record written before schema 4, one more than its parent's for a child; it ranks the item
 *     inside its tier
 * @param triaged true if the commit decision that kept this input compared its coverage with the
 *     campaign's edge map, so that tier 0 ranks it by its new edges (one that reached only a new
 *     hit-count bucket of a known edge goes last); false for a seed and an input kept without
 *     triage, which tier 0 takes first, unranked
 * @param claimOrder where the item stands in claim order while pending, the first element of its
 *     ranked index key ({@link ClaimOrder}); the tier number for a record written before schema 6
 * @param session which fuzzing session this item is, or null for an input
 *     ({@link io.frontier.store.session})
 */
public record WorkRecord(
        int schema,
        Digest id,
        WorkState state,
        Token token,
        Owner owner,
        long epoch,
        Double leaseExpiry,
        int attempts,
        Digest parent,
        String origin,
        WorkPayload payload,
        ResultId result,
        ResultId rejected,
        int tier,
        int round,
        int limitFactor,
        int newEdges,
        String roundKind,
        int depth,
        boolean triaged,
        int claimOrder,
        SessionSlot session) {

    /** The layout version this build writes and reads. */
    public static final int SCHEMA = 7;
    /** The layout before tiers, rounds and time-limit factors. */
    static final int SCHEMA_WITHOUT_TIERS = 1;
    /** The layout before new edges were recorded. */
    static final int SCHEMA_WITHOUT_NEW_EDGES = 2;
    /** The layout before depths were recorded. */
    static final int SCHEMA_WITHOUT_DEPTH = 3;
    /** The layout before triage was recorded. */
    static final int SCHEMA_WITHOUT_TRIAGE = 4;
    /** The layout before claim orders were recorded. */
    static final int SCHEMA_WITHOUT_CLAIM_ORDER = 5;
    /** The layout before sessions. */
    static final int SCHEMA_WITHOUT_SESSIONS = 6;

    public WorkRecord {
        if (schema != SCHEMA) {
            throw new InvalidInputException("work record schema is not supported").with("schema", schema);
        }
        if (id == null || state == null || payload == null) {
            throw new InvalidInputException("work record lacks id, state or payload");
        }
        if (!id.equals(payload.hash())) {
            throw new InvalidInputException("payload hash differs from work id")
                    .with("work", id).with("payloadHash", payload.hash());
        }
        if (tier < 0 || tier > Tier.LOWEST || round < 0 || limitFactor < 1 || newEdges < 0 || depth < 0) {
            throw new InvalidInputException("work record tier, round, time-limit factor, new edges or depth out of range")
                    .with("work", id).with("tier", tier).with("round", round).with("limitFactor", limitFactor)
                    .with("newEdges", newEdges).with("depth", depth);
        }
        if (!ClaimOrder.fits(tier, claimOrder)) {
            throw new InvalidInputException("work record claim order does not fit its tier")
                    .with("work", id).with("tier", tier).with("claimOrder", claimOrder);
        }
        if (epoch < 1 || attempts < 0) {
            throw new InvalidInputException("work record epoch or attempts out of range")
                    .with("epoch", epoch).with("attempts", attempts);
        }
        if (leaseExpiry != null) {
            Times.instant("leaseExpiry", leaseExpiry);
        }
        if (roundKind != null && !ExecutorKind.isWellFormed(roundKind)) {
            throw new InvalidInputException("work record round kind is malformed").with("work", id)
                    .with("roundKind", roundKind);
        }
        if ((parent == null) != (origin == null) || origin != null && !ExecutorKind.isWellFormed(origin)) {
            throw new InvalidInputException("work record parent and origin disagree or origin is malformed")
                    .with("work", id).with("parent", parent).with("origin", origin);
        }
        if (session != null && (parent != null || tier != Tier.NEW_COVERAGE || claimOrder != ClaimOrder.NEW_COVERAGE)) {
            throw new InvalidInputException("session item has a parent or waits outside tier 0")
                    .with("work", id).with("tier", tier).with("claimOrder", claimOrder);
        }
        boolean held = token != null && owner != null;
        boolean free = token == null && owner == null;
        boolean consistent = switch (state) {
            case PENDING, ABANDONED -> free && leaseExpiry == null && result == null;
            case LEASED -> held && leaseExpiry != null && result == null;
            case COMMITTING, DONE -> held && leaseExpiry == null && result != null;
        };
        if (!consistent) {
            throw new InvalidInputException("work record fields contradict its state")
                    .with("work", id).with("state", state.wireName());
        }
    }

    /** A new pending seed: no parent, never leased, no attempts yet. */
    public static WorkRecord seed(WorkPayload payload, long epoch) {
        return new WorkRecord(SCHEMA, payload.hash(), WorkState.PENDING, null, null, epoch, null, 0,
                null, null, payload, null, null, Tier.NEW_COVERAGE, 0, 1, 0, null, 0, false,
                ClaimOrder.NEW_COVERAGE, null);
    }

    /**
     * A new pending session item for {@code slot}, whose payload is the slot's descriptor
     * ({@link SessionSlot#payload}): never leased, no attempts yet, its rounds on the slot's kind.
     */
    public static WorkRecord session(SessionSlot slot, long epoch) {
        WorkPayload payload = slot.payload();
        return new WorkRecord(SCHEMA, payload.hash(), WorkState.PENDING, null, null, epoch, null, 0,
                null, null, payload, null, null, Tier.NEW_COVERAGE, 0, 1, 0, slot.kind(), 0, false,
                ClaimOrder.NEW_COVERAGE, slot);
    }

    /**
     * A new pending child of {@code parent} in {@code tier} at {@code claimOrder}, produced by an
     * execution of {@code origin}, that reached {@code newEdges} edges new to the campaign,
     * {@code depth} executions from its seed, {@code triaged} or not: never leased, no attempts
     * yet. The campaign's rounds give its claim order
     * ({@link io.frontier.store.exploration.Rounds#claimOrderOfNew}).
     */
    public static WorkRecord child(WorkPayload payload, Digest parent, String origin, long epoch, int tier,
            int newEdges, int depth, boolean triaged, int claimOrder) {
        return new WorkRecord(SCHEMA, payload.hash(), WorkState.PENDING, null, null, epoch, null, 0,
                parent, origin, payload, null, null, tier, 0, 1, newEdges, null, depth, triaged, claimOrder, null);
    }

    /** This item granted to {@code owner} under {@code token} until {@code expiry}. */
    public WorkRecord leased(Token newToken, Owner newOwner, long leaseEpoch, double expiry) {
        return edge(WorkState.LEASED, newToken, newOwner, leaseEpoch, expiry, attempts + 1, null, rejected);
    }

    /** The same lease with a new expiry. */
    public WorkRecord renewed(double expiry) {
        return edge(state, token, owner, epoch, expiry, attempts, result, rejected);
    }

    /** The same lease after an invalid result: one more attempt, new expiry, result remembered. */
    public WorkRecord retried(ResultId rejectedResult, double expiry) {
        return edge(state, token, owner, epoch, expiry, attempts + 1, null, rejectedResult);
    }

    /** Back to the ready index with no holder (lease recovered, or a new attempt). */
    public WorkRecord released(long releaseEpoch) {
        return edge(WorkState.PENDING, null, null, releaseEpoch, null, attempts, null, rejected);
    }

    /**
     * This lease handed back unused by its holder: pending with no holder, and one attempt fewer,
     * so that a grant that never ran does not count against the item's attempts.
     */
    public WorkRecord unclaimed(long releaseEpoch) {
        return edge(WorkState.PENDING, null, null, releaseEpoch, null, Math.max(0, attempts - 1), null, rejected);
    }

    /** The irreversible commit decision for {@code committed}, keeping token and owner. */
    public WorkRecord committing(ResultId committed) {
        return edge(WorkState.COMMITTING, token, owner, epoch, null, attempts, committed, rejected);
    }

    /** Every child promoted and enqueued. */
    public WorkRecord done(long doneEpoch) {
        return edge(WorkState.DONE, token, owner, doneEpoch, null, attempts, result, rejected);
    }

    /** Given up for good. */
    public WorkRecord abandoned(long abandonEpoch) {
        return edge(WorkState.ABANDONED, null, null, abandonEpoch, null, attempts, null, rejected);
    }

    /**
     * This committed round sent back for another in {@code nextTier} on executor kind
     * {@code nextKind} with the time limit multiplied by {@code nextFactor}: pending with no
     * holder and no result, attempts counted afresh, since the round before ended in a commit and
     * not in a failure.
     */
    public WorkRecord again(int nextTier, int nextFactor, String nextKind, long againEpoch) {
        return new WorkRecord(SCHEMA, id, WorkState.PENDING, null, null, againEpoch, null, 0,
                parent, origin, payload, null, null, nextTier, round + 1, nextFactor, newEdges, nextKind, depth,
                triaged, ClaimOrder.next(nextTier, claimOrder), session);
    }

    /**
     * This item after a state edge: the fields an edge may change given, what the item is (its
     * input, origin, tier, round, factor, new edges, round kind, depth, triage and claim order) kept.
     */
    private WorkRecord edge(WorkState nextState, Token nextToken, Owner nextOwner, long nextEpoch, Double expiry,
            int nextAttempts, ResultId nextResult, ResultId nextRejected) {
        return new WorkRecord(SCHEMA, id, nextState, nextToken, nextOwner, nextEpoch, expiry, nextAttempts, parent,
                origin, payload, nextResult, nextRejected, tier, round, limitFactor, newEdges, roundKind, depth,
                triaged, claimOrder, session);
    }

    /**
     * A stored record of an older schema as schema 7: a schema-1 record in tier 0, round 0,
     * factor 1; a schema-1 or schema-2 record with no new edges counted and no round kind; a
     * record of schema 1 to 3 at depth 0; a record of schema 1 to 4 triaged if and only if it
     * counts new edges; a record of schema 1 to 5 at its tier's number in claim order; a record of
     * any of them no session. With no edges counted, depth 0, triage and claim order so an item
     * stays at the index key it was written to (those builds ranked a tier-0 item only if it
     * counted new edges, and keyed the ranked index by tier), and with no round kind the routing
     * picks its kind as it did.
     */
    public static void upgrade(ObjectNode record) {
        JsonNode schema = record.get("schema");
        if (schema == null || !schema.isInt() || schema.intValue() < SCHEMA_WITHOUT_TIERS
                || schema.intValue() > SCHEMA_WITHOUT_SESSIONS) {
            return;
        }
        if (schema.intValue() == SCHEMA_WITHOUT_TIERS) {
            record.putIfAbsent("tier", IntNode.valueOf(Tier.NEW_COVERAGE));
            record.putIfAbsent("round", IntNode.valueOf(0));
            record.putIfAbsent("limitFactor", IntNode.valueOf(1));
        }
        if (schema.intValue() < SCHEMA_WITHOUT_DEPTH) {
            record.putIfAbsent("newEdges", IntNode.valueOf(0));
            record.putIfAbsent("roundKind", NullNode.getInstance());
        }
        if (schema.intValue() <= SCHEMA_WITHOUT_CLAIM_ORDER) {
            record.putIfAbsent("depth", IntNode.valueOf(0));
            JsonNode newEdges = record.get("newEdges");
            boolean counted = newEdges != null && newEdges.isInt() && newEdges.intValue() > 0;
            record.putIfAbsent("triaged", BooleanNode.valueOf(counted));
            JsonNode tier = record.get("tier");
            if (tier != null) {
                record.putIfAbsent("claimOrder", tier);
            }
        }
        record.put("schema", SCHEMA);
        record.putIfAbsent("session", NullNode.getInstance());
    }
}
