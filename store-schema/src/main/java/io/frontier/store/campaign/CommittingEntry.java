package io.frontier.store.campaign;

import io.frontier.store.manifest.Child;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.manifest.PromotionMarks;
import io.frontier.store.record.WorkRecord;
import java.util.List;

/**
 * One item still {@code committing}, with everything replay needs to finish it: the record, the
 * manifest entry and its children, and the promotion bitmap read with them.
 */
public record CommittingEntry(WorkRecord work, ManifestEntry entry, List<Child> children, byte[] marks) {

    public CommittingEntry {
        children = List.copyOf(children);
        marks = marks == null ? new byte[0] : marks.clone();
    }

    /** True if child {@code index} was already marked promoted. */
    public boolean promoted(int index) {
        return PromotionMarks.isMarked(marks, index);
    }
}
