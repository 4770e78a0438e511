package io.frontier.store.view;

import com.fasterxml.jackson.annotation.JsonValue;
import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.Outcome;
import io.frontier.store.manifest.PromotionMarks;
import io.frontier.store.manifest.ResultOutcome;
import java.util.List;
import java.util.Objects;

/**
 * One manifest entry as a view reads it: the head, its children in declared order, the
 * promotion bitmap and the outcome, read in one snapshot.
 *
 * @param marks the promotion bitmap as stored (empty if no child was marked)
 * @param outcome how the entry ended, or null while it is open (the work is still committing)
 */
public record ManifestRecord(EntryId id, ManifestEntry entry, List<Child> children, byte[] marks,
                             ResultOutcome outcome) {

    /** Where an entry stands. */
    public enum Status {
        /** No outcome yet: the work is committing and its children are being promoted. */
        OPEN("open"),
        /** Every child promoted, the work done. */
        DONE("done"),
        /** Ended without finishing; the work went back to pending or was given up. */
        ABANDONED("abandoned");

        private final String wireName;

        Status(String wireName) {
            this.wireName = wireName;
        }

        @JsonValue
        public String wireName() {
            return wireName;
        }
    }

    public ManifestRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(entry, "entry");
        children = List.copyOf(children);
        marks = marks == null ? new byte[0] : marks.clone();
    }

    /** True if child {@code index} is marked promoted. */
    public boolean promoted(int index) {
        return PromotionMarks.isMarked(marks, index);
    }

    /** How many of the entry's children are marked promoted. */
    public int promotedCount() {
        return PromotionMarks.marked(marks, entry.children());
    }

    /**
     * Bits set in the bitmap beyond the entry's children. Marks are only ever set for children
     * the entry has, so any such bit means the value was damaged.
     */
    public int strayMarks() {
        int stray = 0;
        for (int bit = entry.children(); bit < marks.length * 8; bit++) {
            if (PromotionMarks.isMarked(marks, bit)) {
                stray++;
            }
        }
        return stray;
    }

    public Status status() {
        if (outcome == null) {
            return Status.OPEN;
        }
        return outcome.outcome() == Outcome.DONE ? Status.DONE : Status.ABANDONED;
    }
}
