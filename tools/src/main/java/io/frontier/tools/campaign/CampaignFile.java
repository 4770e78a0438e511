package io.frontier.tools.campaign;

import io.frontier.store.error.FrontierException;
import io.frontier.store.kv.StoreUrl;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.rank.WorkerSettings;
import io.frontier.worker.triage.TriageConfig;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code campaign.json} as it is written: every path inside the campaign directory relative to
 * it, so that a campaign moved, copied, or mounted at another path on another node finds its own
 * store, corpus and stages wherever it is opened. Paths outside it (the seed directory, a store
 * elsewhere, a scratch directory, the executors' programs) stay absolute as given.
 * {@link #resolve} makes the {@link CampaignSettings} of the directory it was read from.
 *
 * @param schema {@link CampaignSettings#SCHEMA}
 * @param id the campaign id, which the store holds too
 * @param store {@code sqlite:<path>} (relative to the campaign directory if inside it) or
 *        {@code fdb:<cluster-file>}
 * @param seeds the seed directory, relative if inside the campaign directory
 * @param scratch the workers' scratch root, or null for the default of the directory the campaign
 *        is opened in ({@link CampaignCreation#defaultScratch})
 */
public record CampaignFile(int schema, String id, String name, String store, String seeds, String scratch,
                           int coordinators, long leaseMillis, int claimBatch, int buckets, int maxAttempts,
                           long idleWindowMillis, List<ExecutorConfig> executors, long timeLimitMillis,
                           long idleLimitMillis, TriageConfig triage) {

    /** What {@code settings}, of the campaign in {@code home}, look like written into {@code home}. */
    public static CampaignFile of(CampaignSettings settings, Path home) {
        StoreUrl url = StoreUrl.parse(settings.store());
        String store = url.backend() == StoreUrl.Backend.SQLITE
                ? url.backend().scheme() + ":" + relativeIfInside(url.path(), home) : settings.store();
        Path scratch = settings.worker().scratchRoot();
        WorkerSettings worker = settings.worker();
        return new CampaignFile(CampaignSettings.SCHEMA, settings.id(), settings.name(), store,
                relativeIfInside(Path.of(settings.seeds()), home),
                scratch.equals(CampaignCreation.defaultScratch(home)) ? null : relativeIfInside(scratch, home),
                settings.coordinators(), settings.leaseMillis(), settings.claimBatch(), settings.buckets(),
                settings.maxAttempts(), settings.idleWindowMillis(), worker.executors(), worker.timeLimitMillis(),
                worker.idleLimitMillis(), worker.triage());
    }

    /** The settings of this campaign opened as {@code directory}: relative paths resolved against it. */
    public CampaignSettings resolve(Path directory) {
        StoreUrl url = StoreUrl.parse(store);
        String absoluteStore = url.backend() == StoreUrl.Backend.SQLITE
                ? url.backend().scheme() + ":" + against(directory, url.path().toString(), "store") : store;
        Path scratchRoot = scratch == null ? CampaignCreation.defaultScratch(directory)
                : against(directory, scratch, "scratch");
        WorkerSettings worker = new WorkerSettings(executors, timeLimitMillis, directory.toString(),
                scratchRoot.toString(), idleLimitMillis, triage);
        return new CampaignSettings(schema, name, absoluteStore, against(directory, seeds, "seeds").toString(),
                coordinators, leaseMillis, claimBatch, buckets, maxAttempts, idleWindowMillis, worker, id);
    }

    private static String relativeIfInside(Path path, Path home) {
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(home) && !absolute.equals(home) ? home.relativize(absolute).toString()
                : absolute.toString();
    }

    private static Path against(Path directory, String path, String field) {
        if (path == null) {
            throw new FrontierException("campaign settings field is missing").with("field", field);
        }
        try {
            return directory.resolve(path).normalize();
        } catch (InvalidPathException e) {
            throw new FrontierException("campaign settings path is invalid").with("field", field).with("path", path);
        }
    }
}
