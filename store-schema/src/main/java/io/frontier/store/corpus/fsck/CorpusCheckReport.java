package io.frontier.store.corpus.fsck;

import java.nio.file.Path;
import java.util.List;

/**
 * The result of checking one object directory.
 *
 * @param entries entries examined, good and bad
 * @param objectsVerified entries whose bytes hash to their name
 * @param bytesHashed bytes of the regular files hashed, intact or not
 * @param findings bad entries, sorted by name; empty if the directory is clean
 */
public record CorpusCheckReport(
        Path directory, long entries, long objectsVerified, long bytesHashed, List<CheckFinding> findings) {

    public CorpusCheckReport {
        findings = List.copyOf(findings);
    }

    /** Whether every entry is an intact object. */
    public boolean clean() {
        return findings.isEmpty();
    }
}
