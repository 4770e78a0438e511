package io.frontier.store.corpus.fsck;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.corpus.Digest;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.manifest.Child;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.view.EntryId;
import io.frontier.store.view.ManifestPage;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.view.ManifestView;
import io.frontier.store.view.WorkRecordView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks the public corpus against what the campaign store says it must hold, so that an object
 * that was removed is found even though no file is left to hash. The store requires:
 * <ul>
 *   <li>the input of every work item that is pending, leased, committing or done: a seed is
 *       published before it is admitted, and a child is enqueued only after its promotion. An
 *       abandoned item is not required: it is never dispatched again; a fuzzing session has
 *       no input;
 *   <li>every kept child (frontier or finding) with a completion mark, in any manifest entry:
 *       promotion renames before it marks. An unmarked child is not required: in an open entry
 *       it is still staged (replay promotes it), in an abandoned one it was lost with its stage,
 *       and a redundant child is never promoted.
 * </ul>
 * Objects are never removed from the corpus, so a name missing now was lost, whenever the
 * record that requires it was read. Only the presence of each name is checked here; whether its
 * bytes match is {@link CorpusCheck}'s part. Reads the store page by page ({@link WorkRecordView},
 * {@link ManifestView}), each page in a snapshot of its own, so memory grows only with the
 * findings. A missing object is reported once, under the first record met that requires it.
 * One instance per run; not thread-safe.
 */
public final class ReferenceCheck {

    /** Manifest entries read per snapshot. */
    static final int MANIFEST_PAGE = 100;

    private final Path directory;
    private final WorkRecordView work;
    private final ManifestView manifest;
    private final Progress progress;
    private final List<CheckFinding> findings = new ArrayList<>();
    /** Names already reported missing or unreadable, so each is reported once. */
    private final Set<Digest> reported = new HashSet<>();
    private long workRecords;
    private long manifestEntries;
    private long required;

    /** Told after each record the check has read, so a long check can show progress. */
    @FunctionalInterface
    public interface Progress {

        /** Reports nothing. */
        Progress NONE = (records, objects) -> { };

        /**
         * @param records work records and manifest entries read so far
         * @param objects required objects looked up so far
         */
        void checked(long records, long objects);
    }

    public ReferenceCheck(Path directory, KeyValueStore kv, CampaignKeys keys, Progress progress) {
        this.directory = directory;
        this.work = new WorkRecordView(kv, keys);
        this.manifest = new ManifestView(kv, keys);
        this.progress = progress;
    }

    /** Reads every work record and manifest entry and looks up every object they require. */
    public ReferenceCheckReport run() {
        work.forEach(new WorkRecordView.Visitor() {
            @Override
            public void record(WorkRecord record) {
                workRecords++;
                if (record.state() != WorkState.ABANDONED && record.session() == null) {
                    require(record.id(), describe(record));
                }
                progress.checked(workRecords, required);
            }

            @Override
            public void blocked(Blocked blocked) {
                workRecords++;
                unreadable(blocked);
            }
        });
        EntryId after = null;
        do {
            ManifestPage page = manifest.list(after, MANIFEST_PAGE);
            for (Blocked blocked : page.blocked()) {
                manifestEntries++;
                unreadable(blocked);
            }
            for (ManifestRecord record : page.records()) {
                manifestEntries++;
                requirePromoted(record);
                progress.checked(workRecords + manifestEntries, required);
            }
            after = page.next();
        } while (after != null);
        return new ReferenceCheckReport(workRecords, manifestEntries, required, findings);
    }

    private void requirePromoted(ManifestRecord record) {
        for (int i = 0; i < record.children().size(); i++) {
            Child child = record.children().get(i);
            if (child.fate().kept() && record.promoted(i)) {
                require(child.digest(), "child " + i + " (" + child.fate().wireName() + ", promoted) of manifest entry "
                        + record.id().hex() + " (" + record.status().wireName() + ") of work " + record.entry().work().hex());
            }
        }
    }

    private void require(Digest digest, String referencedBy) {
        required++;
        if (reported.contains(digest)) {
            return;
        }
        Path object = directory.resolve(digest.hex());
        try {
            Files.readAttributes(object, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            reported.add(digest);
            findings.add(new CheckFinding(CheckFinding.Kind.MISSING, digest.hex(), null, null,
                    "no such file: " + object + "; the store records it as in the corpus. Put a file with exactly these"
                            + " bytes under this name (its name is their SHA-256: from the seed directory, a backup or"
                            + " a copy of the campaign), then check again",
                    referencedBy));
        } catch (IOException e) {
            reported.add(digest);
            findings.add(new CheckFinding(CheckFinding.Kind.UNREADABLE, digest.hex(), null, null,
                    "cannot examine " + object + ": " + e, referencedBy));
        }
    }

    private void unreadable(Blocked blocked) {
        findings.add(new CheckFinding(CheckFinding.Kind.UNREADABLE_RECORD, blocked.key(), null, null,
                blocked.problem().getMessage() + "; the objects it requires are unknown", null));
    }

    private static String describe(WorkRecord record) {
        String origin = record.parent() == null ? "a seed" : "a child of work " + record.parent().hex();
        return "work " + record.id().hex() + " (" + record.state().wireName() + ", " + origin + ")";
    }
}
