package io.frontier.tools.campaign;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.EpochRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * That a store is the campaign's own, checked by every command and coordinator rank before it
 * reads or changes anything: the store holds the campaign id that {@code campaign.json} names,
 * and a store outside the campaign directory (FoundationDB, or a file elsewhere), which every
 * copy of the directory would share, is used only from the directory it was created in.
 *
 * <p>Why: a copy of a campaign directory that carries its own store file is a campaign of its
 * own and is left to run; a copy that shares the original's store would move the original's
 * epoch and commit into its manifest, so it is refused. The directory is told from its copies by
 * its inode number, which survives {@code mv} on one filesystem and is the same on every node
 * that mounts it, at whatever path.
 */
public final class StoreBinding {

    private StoreBinding() {
    }

    /** The identity a store of {@code settings}' campaign in {@code directory} records at creation. */
    public static CampaignIdentity identity(CampaignDirectory directory, CampaignSettings settings) {
        return CampaignIdentity.of(settings.id(), inode(directory.path()));
    }

    /**
     * Creates the campaign in {@code store} in epoch 1, set by {@code job}, with its identity and
     * the exploration and pruning policies {@code options} ask for; or, if it exists, checks that
     * it is this campaign's and returns its epoch record (the campaign keeps the policies it was
     * created with).
     */
    public static EpochRecord initialise(CampaignDirectory directory, CampaignSettings settings, CampaignStore store,
                                         CreationOptions options, String job, double now) {
        if (store.exists()) {
            check(directory, settings, store);
        }
        return settings.legacy() ? store.init(settings.storeConfig(), job, now)
                : store.init(settings.storeConfig(), identity(directory, settings),
                        options.policy(), options.pruning(), job, now);
    }

    /** Fails, saying what to do, unless {@code store} is the own store of the campaign in {@code directory}. */
    public static void check(CampaignDirectory directory, CampaignSettings settings, CampaignStore store) {
        CampaignIdentity stored = store.identity();
        String storedId = stored == null ? null : stored.id();
        if (!Objects.equals(storedId, settings.id())) {
            throw new FrontierException("campaign.json and its store belong to different campaigns: restore this"
                    + " directory's own store (or its own campaign.json) from a copy; a store is never shared by two"
                    + " campaigns (to run a copy of a campaign, copy its whole directory and run `frontier campaign"
                    + " adopt` on the copy)")
                    .with("campaignId", settings.id()).with("storeCampaignId", storedId)
                    .with("store", settings.store()).with("file", directory.settingsFile());
        }
        if (stored == null || directory.holdsStore(settings) || stored.home() == null) {
            return;
        }
        Long here = inode(directory.path());
        if (here != null && !here.equals(stored.home())) {
            throw new FrontierException("this directory is a copy of a campaign (or was moved to another filesystem)"
                    + " and shares the original's store, so using it would change the original: use the original"
                    + " directory; if the original is gone because it was moved, `frontier campaign adopt --moved "
                    + directory.path() + "` makes this directory the store's home")
                    .with("store", settings.store()).with("file", directory.settingsFile())
                    .with("directoryInode", here).with("homeInode", stored.home());
        }
    }

    /** The inode number of {@code directory}, or null on a filesystem without one. */
    static Long inode(Path directory) {
        try {
            return ((Number) Files.getAttribute(directory, "unix:ino")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null;
        }
    }
}
