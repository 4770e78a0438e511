package io.frontier.tools.manifest;

import io.frontier.store.campaign.Blocked;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.corpus.CorruptObjectException;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.DigestMismatchException;
import io.frontier.store.corpus.MissingObjectException;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import io.frontier.store.view.EntryId;
import io.frontier.store.view.FindingGroup;
import io.frontier.store.view.Findings;
import io.frontier.store.view.FindingsView;
import io.frontier.store.view.ManifestPage;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.view.ManifestView;
import io.frontier.tools.ProgressLine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks the whole manifest against the store and the public corpus, entry by entry in commit
 * order, following the fate the commit decision gave each child:
 * <ul>
 *   <li>every kept child (frontier or finding) with a completion mark, in any entry, is in the
 *       corpus as a regular file whose bytes hash to its name (promotion renames before it
 *       marks, so a mark without its object means the object was lost or damaged later);
 *   <li>an entry that ended done has every kept child marked, and every frontier child known as
 *       work (completion enqueues each frontier child not known before; findings are not
 *       enqueued);
 *   <li>a redundant child is never required in the corpus or as work, and carries no mark (the
 *       store refuses one), and no mark is set beyond the entry's children;
 *   <li>every finding child has a finding record naming it as its input, in any entry: the
 *       commit decision writes the record in the transaction that writes the entry;
 *   <li>the parent work agrees with the outcome: done with this result after done (or in a
 *       later round, when the round sent it back for another), committing
 *       this result while open (or done, if it completed while being checked), and no longer
 *       holding this result after abandoned.
 * </ul>
 * The findings are read once, after the whole manifest: every entry read by then was committed
 * with its records, and records are never removed, so none is missed. Until then the finding
 * children met are held in memory, one small record each: findings are the rare inputs.
 * Reads only. One instance per run; not thread-safe.
 */
final class ManifestVerifier {

    /** Entries read per snapshot. */
    static final int PAGE = 100;

    private final ManifestView manifest;
    private final FindingsView findings;
    private final CampaignStore store;
    private final ObjectDirectory corpus;
    private final ProgressLine progress;
    private final List<VerifyProblem> problems = new ArrayList<>();
    /** Finding children met so far, each with its entry, to check against the finding records. */
    private final List<FindingChild> findingChildren = new ArrayList<>();
    private long entries;
    private long open;
    private long done;
    private long abandoned;
    private long objects;
    private long bytes;

    ManifestVerifier(ManifestView manifest, FindingsView findings, CampaignStore store, ObjectDirectory corpus,
                     ProgressLine progress) {
        this.manifest = manifest;
        this.findings = findings;
        this.store = store;
        this.corpus = corpus;
        this.progress = progress;
    }

    VerifyReport run() {
        EntryId after = null;
        do {
            ManifestPage page = manifest.list(after, PAGE);
            for (Blocked blocked : page.blocked()) {
                entries++;
                problems.add(new VerifyProblem(VerifyProblem.Kind.UNREADABLE_ENTRY, null, null, null, null, null, null,
                        "key " + blocked.key() + ": " + blocked.problem().getMessage()));
            }
            for (ManifestRecord record : page.records()) {
                entries++;
                check(record);
                progress.update("manifest verify: " + entries + " entries, " + objects + " objects, "
                        + problems.size() + " problems");
            }
            after = page.next();
        } while (after != null);
        checkFindings();
        progress.clear();
        return new VerifyReport(entries, open, done, abandoned, objects, bytes, problems);
    }

    private void check(ManifestRecord record) {
        switch (record.status()) {
            case OPEN -> open++;
            case DONE -> done++;
            case ABANDONED -> abandoned++;
        }
        if (record.strayMarks() > 0) {
            problems.add(problem(VerifyProblem.Kind.STRAY_MARK, record, null,
                    record.strayMarks() + " marks set beyond the entry's " + record.entry().children() + " children"));
        }
        for (int i = 0; i < record.children().size(); i++) {
            Child child = record.children().get(i);
            if (!child.fate().kept()) {
                if (record.promoted(i)) {
                    problems.add(problem(VerifyProblem.Kind.STRAY_MARK, record, i,
                            "this child is redundant, never promoted, but has a completion mark"));
                }
                continue;
            }
            if (record.promoted(i)) {
                verifyObject(record, i);
            } else if (record.status() == ManifestRecord.Status.DONE) {
                problems.add(problem(VerifyProblem.Kind.UNMARKED_CHILD, record, i,
                        "the entry ended done but this " + child.fate().wireName() + " child has no completion mark"));
            }
            if (child.fate() == ChildFate.FINDING) {
                findingChildren.add(new FindingChild(record.id().hex(), record.entry().work().hex(), i, child.digest()));
            }
        }
        checkWork(record);
        if (record.status() == ManifestRecord.Status.DONE) {
            for (int i = 0; i < record.children().size(); i++) {
                if (record.children().get(i).fate().queued()) {
                    checkChildKnown(record, i);
                }
            }
        }
    }

    private void verifyObject(ManifestRecord record, int index) {
        Digest digest = Digest.parse(record.children().get(index).digest().hex());
        try {
            bytes += corpus.verify(digest);
            objects++;
        } catch (MissingObjectException e) {
            problems.add(problem(VerifyProblem.Kind.MISSING_OBJECT, record, index, e.getMessage()));
        } catch (DigestMismatchException e) {
            Child child = record.children().get(index);
            problems.add(new VerifyProblem(VerifyProblem.Kind.CORRUPT_OBJECT, record.id().hex(),
                    record.entry().work().hex(), index, child.digest().hex(), e.context().get("expected"),
                    e.context().get("actual"), e.getMessage()));
        } catch (CorruptObjectException e) {
            problems.add(problem(VerifyProblem.Kind.CORRUPT_OBJECT, record, index, e.getMessage()));
        } catch (CorpusIoException e) {
            problems.add(problem(VerifyProblem.Kind.UNREADABLE_OBJECT, record, index, e.getMessage()));
        }
    }

    private void checkWork(ManifestRecord record) {
        Digest work = record.entry().work();
        WorkRecord current;
        try {
            current = store.work(work);
        } catch (UnreadableRecordException e) {
            problems.add(problem(VerifyProblem.Kind.WORK_STATE, record, null, e.getMessage()));
            return;
        }
        boolean holdsThisResult = current != null && record.entry().result().equals(current.result());
        boolean consistent = switch (record.status()) {
            case OPEN -> holdsThisResult
                    && (current.state() == WorkState.COMMITTING || current.state() == WorkState.DONE);
            case DONE -> holdsThisResult && current.state() == WorkState.DONE
                    || current != null && current.round() > record.entry().round();
            case ABANDONED -> current != null && !holdsThisResult;
        };
        if (!consistent) {
            String found = current == null ? "no work record"
                    : "work is " + current.state().wireName() + " with result " + current.result();
            problems.add(problem(VerifyProblem.Kind.WORK_STATE, record, null,
                    found + ", but the entry is " + record.status().wireName()));
        }
    }

    private void checkChildKnown(ManifestRecord record, int index) {
        try {
            if (store.work(record.children().get(index).digest()) == null) {
                problems.add(problem(VerifyProblem.Kind.UNKNOWN_CHILD, record, index,
                        "the entry ended done but this queued child is not known as work"));
            }
        } catch (UnreadableRecordException e) {
            problems.add(problem(VerifyProblem.Kind.UNKNOWN_CHILD, record, index, e.getMessage()));
        }
    }

    /**
     * Every finding child met must be the input of a readable finding record; every finding
     * record that cannot be read is a problem of its own.
     */
    private void checkFindings() {
        Findings listed = findings.list();
        Set<Digest> recorded = new HashSet<>();
        for (FindingGroup group : listed.groups()) {
            for (FindingRecord record : group.inputs()) {
                recorded.add(record.input());
            }
        }
        for (Blocked blocked : listed.blocked()) {
            problems.add(new VerifyProblem(VerifyProblem.Kind.UNREADABLE_FINDING, null, null, null, null, null, null,
                    "key " + blocked.key() + ": " + blocked.problem().getMessage()));
        }
        for (FindingChild child : findingChildren) {
            if (!recorded.contains(child.digest())) {
                problems.add(new VerifyProblem(VerifyProblem.Kind.MISSING_FINDING, child.entry(), child.work(),
                        child.index(), child.digest().hex(), null, null,
                        "the entry recorded this child as a finding but no readable finding record names it"));
            }
        }
    }

    private static VerifyProblem problem(VerifyProblem.Kind kind, ManifestRecord record, Integer child, String detail) {
        String digest = child == null ? null : record.children().get(child).digest().hex();
        return new VerifyProblem(kind, record.id().hex(), record.entry().work().hex(), child, digest, null, null, detail);
    }

    /** Child {@code index}, a finding, of the entry {@code entry} of {@code work}. */
    private record FindingChild(String entry, String work, int index, Digest digest) {
    }
}
