package io.frontier.tools.bench;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.Commitment;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.campaign.Lease;
import io.frontier.store.campaign.Promotion;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.FindingKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Writes the history of a long campaign into an existing one, through the campaign store's own
 * operations in the largest batches they take, as coordinators would have left it: each executed
 * item has a committed, promoted and completed manifest entry of {@link #CHILDREN} children, 90
 * of which reached nothing new (dropped: the campaign's lower tiers are full), 9 reached a new
 * tuple (promoted and queued as work) and 1 crashed the target (promoted, listed as a finding).
 * Items are claimed as coordinators claim them, so children of earlier entries are executed too.
 *
 * <p>Through the store API and not by writing keys, so that every record is exactly what the
 * coordinator writes and stays so when the formats change; the price is the store's transaction
 * per step and batch (about 14 per 100 entries), each a durable SQLite commit. Corpus objects
 * (seeds and kept children) are written as plain files under their digests, without fsync: the
 * history is made, not run, and an object holds the same bytes under the same name either way.
 * A dropped child's digest is random: no file ever holds it.
 */
final class HistoryGenerator {

    static final int CHILDREN = 100;
    private static final int NOVEL = 9;
    private static final int FINDINGS = 1;
    private static final int CLAIM = CampaignStore.MAX_CLAIM;
    /** Entries per beginCommits call: one transaction holds at most 1,024 declared children. */
    private static final int DECIDED_TOGETHER = CampaignStore.MAX_CHILDREN_PER_TRANSACTION / (CHILDREN + 1);
    /** Entries per marking and completing transaction: their kept children stay within 1,024. */
    private static final int ENDED_TOGETHER = CampaignStore.MAX_CHILDREN_PER_TRANSACTION / (NOVEL + FINDINGS);
    private static final int BASE_EDGES = 64;
    private static final int SIGNATURES = 25;
    private static final double TTL = 3600;

    private final CampaignStore store;
    private final CorpusLayout layout;
    private final long epoch;
    private final String executor;
    private final Owner owner = Owner.of("history-generator");
    private final SplittableRandom random = new SplittableRandom(36);
    private int nextFreshEdge = BASE_EDGES;
    private boolean primed;

    HistoryGenerator(CampaignStore store, CorpusLayout layout, long epoch, String executor) {
        this.store = store;
        this.layout = layout;
        this.epoch = epoch;
        this.executor = executor;
    }

    /** Admits {@code seeds} (files already in the corpus) as work, as root's seed scan would. */
    void admit(List<WorkPayload> seeds) {
        for (int from = 0; from < seeds.size(); from += CampaignStore.MAX_BATCH) {
            store.admit(epoch, seeds.subList(from, Math.min(seeds.size(), from + CampaignStore.MAX_BATCH)))
                    .forEach(ItemResult::orThrow);
        }
    }

    /**
     * Executes, in made-up runs, {@code entries} items in claim order; prints progress to standard
     * output every tenth of the way.
     */
    void execute(long entries) {
        long done = 0;
        long nextReport = Math.max(1, entries / 10);
        long started = System.nanoTime();
        while (done < entries) {
            List<WorkRecord> claimed = new ArrayList<>();
            while (claimed.size() < ENDED_TOGETHER && done + claimed.size() < entries) {
                int wanted = (int) Math.min(CLAIM, Math.min(ENDED_TOGETHER - claimed.size(), entries - done - claimed.size()));
                List<WorkRecord> granted = store.claim(epoch, owner, Set.of(), wanted, now(), TTL).granted();
                if (granted.isEmpty()) {
                    break;
                }
                claimed.addAll(granted);
            }
            if (claimed.isEmpty()) {
                throw new IllegalStateException("no pending work left after " + done + " entries");
            }
            commit(claimed);
            done += claimed.size();
            if (done >= nextReport || done == entries) {
                System.out.printf("history: %,d of %,d entries (%,d child rows) in %.0f s%n", done, entries,
                        done * CHILDREN, (System.nanoTime() - started) / 1e9);
                nextReport += Math.max(1, entries / 10);
            }
        }
    }

    /** Decides, promotes and completes one entry per claimed item. */
    private void commit(List<WorkRecord> claimed) {
        List<CommitRequest> requests = new ArrayList<>();
        List<Promotion> promotions = new ArrayList<>();
        List<Commitment> commitments = new ArrayList<>();
        for (WorkRecord record : claimed) {
            ResultId result = ResultId.random();
            List<DeclaredChild> children = new ArrayList<>(CHILDREN + 1);
            if (!primed) {
                promotions.add(new Promotion(record.id(), result, children.size()));
                children.add(kept(record.id(), -1, primer(), null));
                primed = true;
            }
            for (int i = 0; i < CHILDREN; i++) {
                if (i < NOVEL + FINDINGS) {
                    promotions.add(new Promotion(record.id(), result, children.size()));
                    children.add(i < NOVEL ? kept(record.id(), i, Coverage.of(new int[] {nextFreshEdge++ << 3}), null)
                            : kept(record.id(), i, null, new DeclaredFinding(FindingKind.CRASH, 11,
                                    "stack:" + Integer.toHexString(0x1000 + random.nextInt(SIGNATURES)))));
                } else {
                    children.add(new DeclaredChild(randomDigest(), 64 + random.nextInt(960),
                            Coverage.of(new int[] {random.nextInt(BASE_EDGES) << 3}), null));
                }
            }
            String stage = CorpusLayout.stageName(new StageLocation(epoch, 1, result.hex()));
            requests.add(new CommitRequest(new Lease(record.id(), record.token()), result, stage, children,
                    new Execution(executor, "ok", 0, false, 300, false), null));
            commitments.add(new Commitment(record.id(), result));
        }
        for (int from = 0; from < requests.size(); from += DECIDED_TOGETHER) {
            store.beginCommits(epoch, requests.subList(from, Math.min(requests.size(), from + DECIDED_TOGETHER)), now())
                    .forEach(ItemResult::orThrow);
        }
        for (int from = 0; from < promotions.size(); from += CampaignStore.MAX_CHILDREN_PER_TRANSACTION) {
            store.markPromoted(epoch, promotions.subList(from,
                    Math.min(promotions.size(), from + CampaignStore.MAX_CHILDREN_PER_TRANSACTION)))
                    .forEach(ItemResult::orThrow);
        }
        store.complete(epoch, commitments, now()).forEach(ItemResult::orThrow);
    }

    /** A child whose bytes go into the corpus under their digest. */
    private DeclaredChild kept(Digest parent, int index, Coverage coverage, DeclaredFinding finding) {
        byte[] bytes = new byte[64 + random.nextInt(960)];
        random.nextBytes(bytes);
        ByteBuffer.wrap(bytes).put(parent.bytes()).putInt(index);
        Digest digest = ContentHasher.hash(bytes).digest();
        try {
            Files.write(layout.corpus().resolve(digest.hex()), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("corpus object cannot be written into " + layout.corpus(), e);
        }
        return new DeclaredChild(digest, bytes.length, coverage, finding);
    }

    /** The coverage that makes every later dropped child's tuple known: each base edge once. */
    private static Coverage primer() {
        int[] tuples = new int[BASE_EDGES];
        for (int edge = 0; edge < BASE_EDGES; edge++) {
            tuples[edge] = edge << 3;
        }
        return Coverage.of(tuples);
    }

    private Digest randomDigest() {
        byte[] bytes = new byte[Digest.BYTES];
        random.nextBytes(bytes);
        return Digest.of(bytes);
    }

    private static double now() {
        return System.currentTimeMillis() / 1000.0;
    }
}
