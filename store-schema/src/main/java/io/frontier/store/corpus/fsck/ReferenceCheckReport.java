package io.frontier.store.corpus.fsck;

import java.util.List;

/**
 * The result of checking the corpus against the store ({@link ReferenceCheck}).
 *
 * @param workRecords work records read, readable or not
 * @param manifestEntries manifest entries read, readable or not
 * @param objectsRequired objects looked up because a record requires them (an object two
 *     records require counts twice)
 * @param findings objects required but missing (or that could not be examined) and records
 *     that cannot be read, in the order met; empty if the corpus holds everything required
 */
public record ReferenceCheckReport(long workRecords, long manifestEntries, long objectsRequired,
                                   List<CheckFinding> findings) {

    public ReferenceCheckReport {
        findings = List.copyOf(findings);
    }

    /** Required objects that are not in the corpus. */
    public long missing() {
        return count(CheckFinding.Kind.MISSING);
    }

    /** Findings of {@code kind}. */
    public long count(CheckFinding.Kind kind) {
        return findings.stream().filter(finding -> finding.kind() == kind).count();
    }

    /** Whether every required object is present and every record could be read. */
    public boolean clean() {
        return findings.isEmpty();
    }
}
