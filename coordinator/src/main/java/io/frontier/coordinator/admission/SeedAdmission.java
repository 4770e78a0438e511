package io.frontier.coordinator.admission;

import io.frontier.store.campaign.Admission;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.corpus.seed.SeedScan;
import io.frontier.store.corpus.seed.SeedScanner;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Imports the external seed directory: every seed (a regular file, or a symbolic link to one) is
 * published into the corpus by its content (hashed while copied) and admitted to the store as
 * pending work with no parent. Admission is idempotent, so a file seen again, or a seed another
 * job admitted, changes nothing. A file that cannot be read now is left for the next scan. An
 * entry that is no seed (a dangling link, a link to a directory, a FIFO, ...) is handed to the
 * caller to report once, when a pass first meets it, not at every rescan. Owned by one
 * coordinator's loop.
 */
public final class SeedAdmission {

    private final SeedScanner scanner;
    private final CampaignStore store;
    /** Entries already handed out as no seeds, each with the reason it was reported for. */
    private final Set<SeedScan.Skipped> reported = new HashSet<>();

    public SeedAdmission(SeedScanner scanner, CampaignStore store) {
        this.scanner = scanner;
        this.store = store;
    }

    /**
     * What one pass did. {@code admitted} counts items new to the store; {@code complete} is
     * false when the pass stopped at its limit and files may be left for the next.
     *
     * @param skipped entries of the directory this pass found to be no seeds
     * @param newlySkipped those of them not reported by an earlier pass (or reported for another
     *     reason): what the caller reports
     */
    public record Pass(int published, int admitted, int unreadable, int skipped, List<SeedScan.Skipped> newlySkipped,
                       boolean complete) {

        public Pass {
            newlySkipped = List.copyOf(newlySkipped);
        }

        public boolean foundWork() {
            return admitted > 0;
        }
    }

    /** Scans the whole seed directory once and admits what it imported, in store-sized batches. */
    public Pass scan(long epoch) {
        return admit(epoch, scanner.scan());
    }

    /** Like {@link #scan(long)}, but stops once {@code limit} files are published. */
    public Pass scan(long epoch, int limit) {
        return admit(epoch, scanner.scan(limit));
    }

    private Pass admit(long epoch, SeedScan scan) {
        List<WorkPayload> payloads = new ArrayList<>();
        for (SeedScan.Imported imported : scan.imported()) {
            payloads.add(new WorkPayload(imported.digest(), imported.size()));
        }
        int admitted = 0;
        for (int from = 0; from < payloads.size(); from += CampaignStore.MAX_BATCH) {
            List<WorkPayload> batch = payloads.subList(from, Math.min(payloads.size(), from + CampaignStore.MAX_BATCH));
            for (ItemResult<Admission> result : store.admit(epoch, batch)) {
                if (result.orThrow().created()) {
                    admitted++;
                }
            }
        }
        return new Pass(scan.imported().size(), admitted, scan.unreadable().size(), scan.skipped().size(),
                newlySkipped(scan), scan.complete());
    }

    /**
     * The skipped entries of {@code scan} not reported before. A complete scan saw every entry,
     * so what it did not skip is forgotten, and reported again if it turns bad again.
     */
    private List<SeedScan.Skipped> newlySkipped(SeedScan scan) {
        if (scan.complete()) {
            reported.retainAll(new HashSet<>(scan.skipped()));
        }
        List<SeedScan.Skipped> fresh = new ArrayList<>();
        for (SeedScan.Skipped skipped : scan.skipped()) {
            if (reported.add(skipped)) {
                fresh.add(skipped);
            }
        }
        return fresh;
    }
}
