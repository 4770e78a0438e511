package io.frontier.tools.campaign;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
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
        CampaignSettings settings = directory.read();
        StoreUrl url = StoreUrl.parse(settings.store());
        if (url.backend() == StoreUrl.Backend.SQLITE && !Files.isRegularFile(url.path())) {
            throw new FrontierException("campaign store file not found").with("store", settings.store())
                    .with("file", directory.settingsFile());
        }
        KeyValueStore kv = KeyValueStores.open(url, StoreOptions.DEFAULT);
        byte[] configKey = CampaignKeys.forCampaign(settings.name()).config();
        if (kv.read(tx -> tx.get(configKey)) == null) {
            kv.close();
            throw new FrontierException("campaign is not initialised in its store; `frontier run` initialises it")
                    .with("store", settings.store()).with("campaign", settings.name())
                    .with("file", directory.settingsFile());
        }
        OpenCampaign open = new OpenCampaign(directory, settings, kv);
        try {
            StoreBinding.check(directory, settings, open.store);
        } catch (RuntimeException e) {
            kv.close();
            throw e;
        }
        return open;
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
