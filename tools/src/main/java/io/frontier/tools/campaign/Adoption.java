package io.frontier.tools.campaign;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.record.CampaignIdentity;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Gives a campaign directory an identity of its own ({@code frontier campaign adopt}): a new
 * campaign id in {@code campaign.json} and in its store, and paths relative to the directory.
 *
 * <ul>
 *   <li>A copy that carries its own store file (the embedded store inside the directory) becomes
 *       an independent campaign with a new id.
 *   <li>A campaign.json of an older Frontier (absolute paths, no id) gets paths relative to the
 *       directory and its first id: in the directory it was written in (an upgrade, which
 *       {@code run} and {@code resume} do on their own) or in a copy of it with its own store.
 *   <li>A copy whose store lies outside the directory (FoundationDB, or a file elsewhere) shares
 *       the original's data, and two campaigns cannot share one store: it is refused. With
 *       {@code moved}, the caller says the original is gone (moved to another filesystem, so its
 *       inode changed): the store keeps its id and records this directory as its home.
 * </ul>
 *
 * <p>Idempotent: a directory that is its store's home already (the original, a copy adopted
 * before, a campaign moved on one filesystem) keeps its identity, and adoption says that nothing
 * changed; it never issues a new identity to a campaign that has one of its own. Refused, changing
 * nothing, while a job of the campaign may be running ({@link BetweenJobs}).
 *
 * <p>Crash safety: the new settings are written durably as {@value #PENDING} first, then the
 * store's identity is replaced, then the file is renamed over {@code campaign.json}. An adoption
 * interrupted anywhere is finished by running it again.
 */
public final class Adoption {

    /** The new settings of an adoption under way. */
    static final String PENDING = CampaignDirectory.SETTINGS + ".adopting";

    /** What an adoption did, as {@code --json} prints it. */
    public record Adopted(String campaign, String change, String previousId, String id, String store) {
    }

    private static final String NEW_IDENTITY = "new identity";
    private static final String UPGRADED = "upgraded";
    private static final String MOVED = "moved";
    /** What an adoption of a directory that has an identity of its own already reports. */
    public static final String UNCHANGED = "unchanged";

    private Adoption() {
    }

    /** Adopts the campaign in {@code directory}, or fails saying why and changing nothing. */
    public static Adopted adopt(CampaignDirectory directory, boolean moved) {
        return adopt(directory, moved, true);
    }

    /**
     * {@link #adopt(CampaignDirectory, boolean)}; {@code betweenJobs} false leaves out the check
     * that no job runs, for the upgrade of an older campaign.json by the command that is about to
     * fence its job ({@link #upgradeIfLegacy}).
     */
    private static Adopted adopt(CampaignDirectory directory, boolean moved, boolean betweenJobs) {
        Path pending = directory.path().resolve(PENDING);
        CampaignSettings current = directory.readAsWritten();
        if (Files.isRegularFile(pending)) {
            return finish(directory, current, readPending(directory, pending), "finished an interrupted adoption");
        }
        String change;
        CampaignSettings adopted;
        if (current.legacy()) {
            Path home = current.worker().campaignDirectory();
            boolean atHome = directory.isHome(home);
            // Paths inside the directory the file was written in now name the same place in this one.
            adopted = CampaignFile.of(current.withId(CampaignIdentity.newId()), home).resolve(directory.path());
            if (!directory.holdsStore(adopted) && !atHome) {
                requireMoved(directory, adopted, moved);
                if (Files.exists(home)) {
                    throw new FrontierException("--moved, but the directory this campaign.json was written in still"
                            + " exists: this directory is a copy that shares its store, not the original moved")
                            .with("original", home).with("store", adopted.store());
                }
            }
            change = atHome ? UPGRADED : directory.holdsStore(adopted) ? NEW_IDENTITY : MOVED;
        } else {
            CampaignIdentity stored = requireOwnStore(directory, current, current, betweenJobs);
            Long here = StoreBinding.inode(directory.path());
            if (stored.home() != null && stored.home().equals(here)) {
                return new Adopted(directory.path().toString(), UNCHANGED, current.id(), current.id(), current.store());
            }
            if (directory.holdsStore(current)) {
                adopted = current.withId(CampaignIdentity.newId());
                change = NEW_IDENTITY;
            } else {
                requireMoved(directory, current, moved);
                adopted = current;
                change = MOVED;
            }
        }
        requireOwnStore(directory, current, adopted, betweenJobs);
        DurableFiles files = new DurableFiles(new Fsync());
        directory.write(files, adopted, PENDING);
        return finish(directory, current, adopted, change);
    }

    /**
     * Before a job starts: upgrades {@code settings}, if an older Frontier wrote them (in this
     * very directory, as {@link CampaignDirectory#read} checked), saying so on {@code err}, and
     * returns the settings as they are read afterwards.
     */
    public static CampaignSettings upgradeIfLegacy(CampaignDirectory directory, CampaignSettings settings,
                                                   PrintWriter err) {
        if (!settings.legacy()) {
            return settings;
        }
        Adopted adopted = adopt(directory, false, false);
        err.printf("frontier: upgraded %s to paths relative to the campaign; campaign id %s%n",
                directory.settingsFile(), adopted.id());
        return directory.read();
    }

    /** Replaces the store's identity, then puts the pending settings in place of campaign.json. */
    private static Adopted finish(CampaignDirectory directory, CampaignSettings current, CampaignSettings adopted,
                                  String change) {
        try (KeyValueStore kv = openExisting(directory, adopted)) {
            new CampaignStore(kv, CampaignKeys.forCampaign(adopted.name()))
                    .replaceIdentity(current.id(), StoreBinding.identity(directory, adopted));
        }
        DurableFiles files = new DurableFiles(new Fsync());
        files.rename(directory.path().resolve(PENDING), directory.settingsFile());
        files.fsync().directory(directory.path());
        return new Adopted(directory.path().toString(), change, current.id(), adopted.id(), adopted.store());
    }

    private static void requireMoved(CampaignDirectory directory, CampaignSettings settings, boolean moved) {
        if (!moved) {
            throw new FrontierException("this campaign's store is outside its directory, so every copy of the"
                    + " directory shares it with the original, and one store cannot hold two campaigns: Frontier"
                    + " does not copy a store's data. Work in the original directory, or create a new campaign with"
                    + " `frontier init`. If this directory is the original, moved to another filesystem, run"
                    + " `frontier campaign adopt --moved " + directory.path() + "`")
                    .with("store", settings.store()).with("file", directory.settingsFile());
        }
    }

    /**
     * Fails unless the store the adopted settings name holds the campaign under the id
     * campaign.json has now, and, if {@code betweenJobs}, no job of it may be running; returns the
     * identity it holds (null in a store of an older Frontier).
     */
    private static CampaignIdentity requireOwnStore(CampaignDirectory directory, CampaignSettings current,
                                                    CampaignSettings adopted, boolean betweenJobs) {
        try (KeyValueStore kv = openExisting(directory, adopted)) {
            CampaignStore store = new CampaignStore(kv, CampaignKeys.forCampaign(adopted.name()));
            CampaignIdentity stored = store.exists() ? store.identity() : null;
            if (!store.exists() || !Objects.equals(stored == null ? null : stored.id(), current.id())) {
                throw new FrontierException("the store does not hold this campaign under the id campaign.json names,"
                        + " so it is not this directory's own store: nothing was changed")
                        .with("store", adopted.store()).with("campaignId", current.id())
                        .with("storeCampaignId", stored == null ? null : stored.id())
                        .with("file", directory.settingsFile());
            }
            if (betweenJobs) {
                BetweenJobs.require(store, "a campaign is adopted", System.currentTimeMillis() / 1000.0);
            }
            return stored;
        }
    }

    private static KeyValueStore openExisting(CampaignDirectory directory, CampaignSettings settings) {
        return OpenCampaign.openStore(directory, settings);
    }

    private static CampaignSettings readPending(CampaignDirectory directory, Path pending) {
        try {
            return directory.readFile(pending);
        } catch (FrontierException e) {
            throw new FrontierException("an interrupted adoption left settings that cannot be read; remove the file"
                    + " and adopt again", e).with("file", pending).with("problem", e.getMessage());
        }
    }
}
