package io.frontier.tools.corpus;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.frontier.store.corpus.fsck.CheckFinding;
import java.util.List;

/**
 * What {@code frontier corpus fsck} found, also its {@code --json} output.
 *
 * @param corpus the directory checked
 * @param entries entries examined, good and bad
 * @param objectsVerified entries whose bytes hash to their name
 * @param bytesHashed bytes read and hashed, intact or not
 * @param corrupt findings under an object's name (64 hexadecimal characters): bytes of another
 *     digest, not a regular file, or unreadable. Any makes the exit code 70
 * @param findings every bad entry, sorted by name, with the expected and actual digests of a
 *     mismatch; temporary files and foreign names are listed too, but they are not objects and
 *     never reach a worker
 */
public record FsckReport(String corpus, long entries, long objectsVerified, long bytesHashed, long corrupt,
                         List<CheckFinding> findings) {

    public FsckReport {
        findings = List.copyOf(findings);
    }

    /** True if every entry is an intact object. */
    @JsonProperty("clean")
    public boolean clean() {
        return findings.isEmpty();
    }
}
