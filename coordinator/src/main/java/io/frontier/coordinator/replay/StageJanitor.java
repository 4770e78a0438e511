package io.frontier.coordinator.replay;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommittingEntry;
import io.frontier.store.campaign.CommittingPage;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.InvalidStageLocationException;
import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.Digest;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Removes stage trees nothing can need any more: results rejected or refused whose stage a
 * crashed coordinator did not remove, stages of workers that died mid-execution, and the empty
 * rank directories every stage tree keeps until its epoch ends.
 *
 * <p>Grace rule: a tree {@code .stage-<e>} becomes garbage when no committing entry references
 * it and no live worker will write it. For an epoch older than the current one, the epoch bump
 * is the grace period: after it, no result of that epoch can be committed (every
 * {@code beginCommit} re-reads the epoch), and replay has ended the entries that were, so no
 * wall-clock delay adds safety. A fenced worker that is still alive (paused, or on a
 * partitioned node) may recreate files there after the sweep; nothing will ever reference them,
 * and the next sweep removes them. The current epoch's tree may be swept only once every worker
 * of the job has acknowledged shutdown.
 */
public final class StageJanitor {

    /** Committing entries read per listing while looking for referenced trees. */
    static final int PAGE = 256;

    private final CampaignStore store;
    private final CorpusLayout layout;
    private final DurableFiles files;

    public StageJanitor(CampaignStore store, CorpusLayout layout, DurableFiles files) {
        this.store = store;
        this.layout = layout;
        this.files = files;
    }

    /**
     * Removes every {@code .stage-<e>} tree with {@code e <= lastEpoch} that no committing entry
     * references, without following symbolic links (a link is removed, never its target). Call
     * it with the epoch before the current one after replay at the start of a job, and with the
     * current epoch after every worker acknowledged shutdown at the end. Removed trees are gone
     * for good; idempotent; a tree that cannot be removed is reported and left for a later sweep.
     *
     * <p>It reads every committing entry first, page by page. A tree is removed only if that
     * proves it unreferenced: if any entry is blocked (cannot be read) or names a stage that
     * cannot be parsed, it could reference any tree, so nothing is removed and the report says
     * why. The pages are separate transactions; that is safe because, called as above, no entry
     * of an epoch up to {@code lastEpoch} can be created any more, only ended, and an entry
     * ended meanwhile at worst keeps its tree until the next sweep.
     */
    public JanitorReport sweepUpTo(long lastEpoch) {
        Set<Long> referenced = new TreeSet<>();
        Digest after = null;
        do {
            CommittingPage page = store.listCommitting(after, PAGE);
            if (!page.blocked().isEmpty()) {
                return skipped("a committing entry cannot be read: " + page.blocked().get(0).problem().getMessage());
            }
            for (CommittingEntry entry : page.entries()) {
                try {
                    referenced.add(CorpusLayout.parseStageName(entry.entry().stage()).epoch());
                } catch (InvalidStageLocationException e) {
                    return skipped("a committing entry's stage cannot be read: " + e.getMessage());
                }
            }
            after = page.next();
        } while (after != null);
        List<Long> removed = new ArrayList<>();
        List<Long> kept = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (var tree : stageTrees().entrySet()) {
            long epoch = tree.getKey();
            if (epoch > lastEpoch) {
                continue;
            }
            if (referenced.contains(epoch)) {
                kept.add(epoch);
                continue;
            }
            try {
                files.removeTree(tree.getValue());
                removed.add(epoch);
            } catch (CorpusIoException e) {
                failures.add(epoch + ": " + e.getMessage());
            }
        }
        return new JanitorReport(removed, kept, failures, null);
    }

    /** The stage trees in the campaign directory, by epoch. */
    private TreeMap<Long, Path> stageTrees() {
        TreeMap<Long, Path> trees = new TreeMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(layout.campaign())) {
            for (Path entry : entries) {
                OptionalLong epoch = CorpusLayout.stageRootEpoch(entry.getFileName().toString());
                if (epoch.isPresent()) {
                    trees.put(epoch.getAsLong(), entry);
                }
            }
        } catch (IOException e) {
            throw CorpusIoException.of("cannot list campaign directory", layout.campaign(), e);
        }
        return trees;
    }

    private static JanitorReport skipped(String why) {
        return new JanitorReport(List.of(), List.of(), List.of(), why);
    }
}
