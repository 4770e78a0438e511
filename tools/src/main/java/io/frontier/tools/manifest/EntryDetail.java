package io.frontier.tools.manifest;

import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ResultOutcome;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.view.ManifestRecord;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.LeftOut;
import io.frontier.tools.HumanFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * One manifest entry with everything about it: what {@code frontier manifest show} prints with
 * {@code --json}.
 *
 * @param summary the entry as a listing shows it
 * @param workState the parent work's state now ({@code committing} while the entry is open), or
 *     {@code unknown} if the store has no record of it
 * @param execution what the execution that produced the result did, as its worker measured it
 * @param outcome how the entry ended, or null while it is open
 * @param leftOut the entries of the execution's output directory that did not become children
 *     (symbolic links, special files, outputs over the limit), counted by why
 * @param children every child in declared order, with its fate, new edges and completion mark
 */
public record EntryDetail(EntrySummary summary, String workState, Execution execution, OutcomeDetail outcome,
                          LeftOut leftOut, List<ChildDetail> children) {

    /**
     * One child of the entry.
     *
     * @param index its position in the entry, which its completion mark refers to
     * @param digest its SHA-256: its name in the corpus and its work id
     * @param fate what the commit decision made of it: {@code frontier} (promoted and queued as
     *     work), {@code redundant} (reached nothing new: neither promoted nor queued) or
     *     {@code finding} (crashed or hung the target: promoted, not queued)
     * @param newEdges edges of the campaign's map it reached first when the decision was taken;
     *     0 for a redundant child, a finding, a child of a campaign that does not triage, and a
     *     frontier child that reached only a new hit count of edges already reached
     * @param triaged whether the decision compared its coverage with the campaign's map: false
     *     for a child without coverage and for a finding; it tells the last two kinds of frontier
     *     child with 0 new edges apart
     * @param promoted whether its completion mark is set: it was promoted into the public corpus
     *     (never for a redundant child)
     */
    public record ChildDetail(int index, String digest, long size, ChildFate fate, int newEdges, boolean triaged,
            boolean promoted) {
    }

    /**
     * How the entry ended.
     *
     * @param reason why it was abandoned; null when done
     * @param enqueued children that became new work (the others were known already)
     * @param at when, as an ISO-8601 UTC instant
     */
    public record OutcomeDetail(String outcome, String reason, int enqueued, long epoch, String at) {
    }

    static EntryDetail of(ManifestRecord record, WorkRecord work) {
        List<ChildDetail> children = new ArrayList<>(record.children().size());
        for (int i = 0; i < record.children().size(); i++) {
            Child child = record.children().get(i);
            children.add(new ChildDetail(i, child.digest().hex(), child.size(), child.fate(), child.newEdges(),
                    child.triaged(), record.promoted(i)));
        }
        ResultOutcome outcome = record.outcome();
        return new EntryDetail(EntrySummary.of(record), work == null ? "unknown" : work.state().wireName(),
                record.entry().execution(), outcome == null ? null : new OutcomeDetail(outcome.outcome().wireName(), outcome.reason(),
                        outcome.enqueued(), outcome.epoch(), HumanFormat.instant(outcome.at())),
                record.entry().leftOut(), children);
    }
}
