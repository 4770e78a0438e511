package io.frontier.coordinator.admission;

import io.frontier.store.campaign.Admission;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.ItemResult;
import io.frontier.store.corpus.seed.SeedScan;
import io.frontier.store.corpus.seed.SeedScanner;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;
import java.util.ArrayList;
import java.util.List;

/**
 * Imports the external seed directory: every regular file is published into the corpus by its
 * content (hashed while copied) and admitted to the store as pending work with no parent.
 * Admission is idempotent, so a file seen again, or a seed another job admitted, changes nothing.
 * A file that cannot be read now is left for the next scan. Owned by one coordinator's loop.
 */
public final class SeedAdmission {

    private final SeedScanner scanner;
    private final CampaignStore store;

    public SeedAdmission(SeedScanner scanner, CampaignStore store) {
        this.scanner = scanner;
        this.store = store;
    }

    /**
     * What one pass did. {@code admitted} counts items new to the store; {@code complete} is
     * false when the pass stopped at its limit and files may be left for the next.
     */
    public record Pass(int published, int admitted, int unreadable, int skipped, boolean complete) {
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
                scan.complete());
    }
}
