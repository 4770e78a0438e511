package io.frontier.store.campaign;

import io.frontier.store.record.WorkRecord;

/** The record of an admitted item, and whether this call created it (false: it was known). */
public record Admission(WorkRecord record, boolean created) {
}
