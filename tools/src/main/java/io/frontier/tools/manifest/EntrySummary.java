package io.frontier.tools.manifest;

import io.frontier.store.manifest.ChildFate;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.view.ManifestRecord;
import io.frontier.tools.HumanFormat;

/**
 * One manifest entry in a listing.
 *
 * @param entry the entry id: its versionstamp, 24 hexadecimal characters, growing in commit order
 * @param owner the coordinator that took the commit decision
 * @param exitKind how the execution that produced the result ended ({@code ok}, {@code crash},
 *     {@code timeout}, ...)
 * @param children children the result declared, of every fate
 * @param frontier children that joined the frontier: promoted, and queued as work unless known
 * @param redundant children that reached nothing new (redundant, deferred to tier 1 or dropped over the cap)
 * @param findings children that crashed or hung the target: promoted, not queued
 * @param promoted children marked promoted so far, out of the kept ones ({@code frontier + findings})
 * @param outcome {@code open}, {@code done} or {@code abandoned}
 * @param committedAt when the commit decision was taken, as an ISO-8601 UTC instant
 */
public record EntrySummary(String entry, String result, String work, String token, String owner, long epoch,
                           String stage, String exitKind, int children, int frontier, int redundant, int findings,
                           int promoted, String outcome, String committedAt) {

    static EntrySummary of(ManifestRecord record) {
        ManifestEntry entry = record.entry();
        return new EntrySummary(record.id().hex(), entry.result().hex(), entry.work().hex(), entry.token().hex(),
                entry.owner().name(), entry.epoch(), entry.stage(), entry.execution().exitKind(), entry.children(),
                count(record, ChildFate.FRONTIER),
                count(record, ChildFate.REDUNDANT) + count(record, ChildFate.DEFERRED) + count(record, ChildFate.DROPPED),
                count(record, ChildFate.FINDING),
                record.promotedCount(), record.status().wireName(), HumanFormat.instant(entry.committedAt()));
    }

    /** Children that must be promoted before the entry can end done. */
    int kept() {
        return frontier + findings;
    }

    private static int count(ManifestRecord record, ChildFate fate) {
        return (int) record.children().stream().filter(child -> child.fate() == fate).count();
    }
}
