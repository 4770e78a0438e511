package io.frontier.tools.campaign;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.MissingStoreException;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.StoreUrl;
import io.frontier.store.view.EdgeMapView;
import io.frontier.store.view.FindingsView;
import io.frontier.store.view.ExecutorTallyView;
import io.frontier.store.view.LoadView;
import io.frontier.store.view.PruningMapView;
import io.frontier.store.view.ManifestView;
import io.frontier.store.view.WorkView;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A campaign opened by a command: its directory, its settings read strictly, and its store.
 * Closing it closes the store. An embedded store file that does not exist is an error, never
 * created: a command that inspects a campaign must not make an empty store where it expected
 * one.
 */
public final class OpenCampaign implements AutoCloseable {

    private final CampaignDirectory directory;
    private final CampaignSettings settings;
    private final KeyValueStore kv;
    private final CampaignStore store;

    private OpenCampaign(CampaignDirectory directory, CampaignSettings settings, KeyValueStore kv) {
        this.directory = directory;
        this.settings = settings;
        this.kv = kv;
        this.store = new CampaignStore(kv, CampaignKeys.forCampaign(settings.name()), settings.worker().executorKinds());
    }

    /**
     * Opens the campaign in {@code path}, or fails naming the settings file and the store: no
     * settings, an embedded store file that is missing, a store that does not hold the
     * campaign, or one that is not this campaign's own ({@link StoreBinding}).
     */
    public static OpenCampaign open(Path path) {
        CampaignDirectory directory = new CampaignDirectory(path);
        return open(directory, directory.read());
    }

    /**
     * Opens the existing campaign in {@code directory}, whose settings are {@code settings}: its
     * store must exist and hold this very campaign. Nothing is ever created or initialised here:
     * a campaign that has a {@code campaign.json} has its work, manifest and findings in that
     * store, and a new empty one would silently start it again.
     *
     * @throws MissingStoreException if the embedded store file is not there (exit 70: restore it)
     * @throws FrontierException if the store holds no campaign of this name, or another campaign
     *     under it (exit 2)
     */
    public static OpenCampaign open(CampaignDirectory directory, CampaignSettings settings) {
        KeyValueStore kv = openStore(directory, settings);
        try {
            byte[] configKey = CampaignKeys.forCampaign(settings.name()).config();
            if (kv.read(tx -> tx.get(configKey)) == null) {
                throw new FrontierException("the store holds no campaign named " + settings.name() + ", so it is not"
                        + " this campaign's store (another campaign's store, or another file, took its place): restore"
                        + " the campaign's own store from a copy of the campaign. If `frontier init` was interrupted"
                        + " before it wrote the store, remove " + CampaignDirectory.SETTINGS + " and run init again")
                        .with("store", settings.store()).with("campaign", settings.name())
                        .with("file", directory.settingsFile());
            }
            OpenCampaign open = new OpenCampaign(directory, settings, kv);
            StoreBinding.check(directory, settings, open.store);
            return open;
        } catch (RuntimeException e) {
            kv.close();
            throw e;
        }
    }

    /**
     * The store {@code settings} name, opened without creating anything: an embedded store file
     * that does not exist is refused, never made.
     *
     * @throws MissingStoreException if the embedded store file is not there
     */
    public static KeyValueStore openStore(CampaignDirectory directory, CampaignSettings settings) {
        StoreUrl url = StoreUrl.parse(settings.store());
        if (url.backend() == StoreUrl.Backend.SQLITE && !Files.isRegularFile(url.path())) {
            throw new MissingStoreException("the campaign's store file is missing. It holds the campaign's work,"
                    + " manifest and findings, so Frontier never makes a new one for an existing campaign: restore the"
                    + " file from a copy of the campaign (or a backup), or create a new campaign in another directory")
                    .with("store", url.path()).with("file", directory.settingsFile());
        }
        return KeyValueStores.open(url, StoreOptions.DEFAULT);
    }

    public CampaignDirectory directory() {
        return directory;
    }

    public CampaignSettings settings() {
        return settings;
    }

    public KeyValueStore kv() {
        return kv;
    }

    public CampaignStore store() {
        return store;
    }

    public ManifestView manifest() {
        return new ManifestView(kv, store.keys());
    }

    public FindingsView findings() {
        return new FindingsView(kv, store.keys());
    }

    public EdgeMapView edgeMap() {
        return new EdgeMapView(kv, store.keys());
    }

    public PruningMapView pruningMap() {
        return new PruningMapView(kv, store.keys());
    }

    public LoadView loads() {
        return new LoadView(kv, store.keys());
    }

    public ExecutorTallyView executorTallies() {
        return new ExecutorTallyView(kv, store.keys());
    }

    public WorkView work() {
        return new WorkView(kv, store.keys());
    }

    @Override
    public void close() {
        kv.close();
    }
}
