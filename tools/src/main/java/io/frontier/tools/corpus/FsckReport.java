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
 * @param workRecords work records of the store read, to learn which objects it requires
 * @param manifestEntries manifest entries of the store read, for the same
 * @param objectsRequired objects looked up because a record requires them
 * @param corrupt findings under an object's name (64 hexadecimal characters): bytes of another
 *     digest, not a regular file, or unreadable. Any makes the exit code 70
 * @param missing objects the store requires that the corpus does not hold. Any makes the exit
 *     code 70
 * @param unreadableRecords store records that cannot be read, so the objects they require are
 *     unknown. Any makes the exit code 70
 * @param findings every bad entry, sorted by name, with the expected and actual digests of a
 *     mismatch; temporary files and foreign names are listed too, but they are not objects and
 *     never reach a worker. Then the findings of the store check: missing objects with the
 *     record that requires each, and unreadable records
 */
public record FsckReport(String corpus, long entries, long objectsVerified, long bytesHashed, long workRecords,
                         long manifestEntries, long objectsRequired, long corrupt, long missing,
                         long unreadableRecords, List<CheckFinding> findings) {

    public FsckReport {
        findings = List.copyOf(findings);
    }

    /** True if every entry is an intact object and every required object is there. */
    @JsonProperty("clean")
    public boolean clean() {
        return findings.isEmpty();
    }

    /** True if anything makes the check fail: a corrupt or missing object, an unreadable record. */
    public boolean failed() {
        return corrupt + missing + unreadableRecords > 0;
    }
}
