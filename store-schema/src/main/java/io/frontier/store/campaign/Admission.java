package io.frontier.store.campaign;

import io.frontier.store.record.WorkRecord;

/**
 * The record of an admitted item, and whether this call created it (false: it was known). On
 * FoundationDB a body runs again after a commit whose outcome was unknown, and an item the call
 * did create then reads as known: {@code created} can undercount, never overcount.
 */
public record Admission(WorkRecord record, boolean created) {
}
