package io.frontier.store.view;

import io.frontier.store.record.WorkRecord;
import io.frontier.store.record.WorkState;
import java.util.Objects;

/**
 * One work item as a view reads it from a state's index.
 *
 * @param entry for a committing item, the manifest entry of its commit decision; else null
 * @param committedAt for a committing item, when its commit decision was taken (Unix seconds);
 *     else null
 */
public record WorkItem(WorkRecord record, EntryId entry, Double committedAt) {

    public WorkItem {
        Objects.requireNonNull(record, "record");
        if ((record.state() == WorkState.COMMITTING) != (entry != null && committedAt != null)) {
            throw new IllegalArgumentException("only a committing item names its manifest entry");
        }
    }
}
