package io.frontier.coordinator.admission;

import io.frontier.store.corpus.fsck.CheckFinding;
import io.frontier.store.corpus.fsck.CheckProgress;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import java.nio.file.Path;
import java.util.List;

/**
 * The check a job makes of the public corpus before it dispatches anything: every object is
 * hashed and compared with its name. An object whose bytes or type do not match its name, or
 * that cannot be read, is a control failure: the job must not run work whose input it cannot
 * trust. Temporary files of interrupted publishes and foreign names are reported, not fatal.
 */
public final class CorpusAudit {

    private CorpusAudit() {
    }

    /** The outcome: the check's report and the findings that forbid running. */
    public record Outcome(CorpusCheckReport report, List<CheckFinding> fatal) {
        public boolean trusted() {
            return fatal.isEmpty();
        }
    }

    public static Outcome run(Path corpusDirectory) {
        CorpusCheckReport report = new CorpusCheck(corpusDirectory).run(CheckProgress.NONE);
        List<CheckFinding> fatal = report.findings().stream()
                .filter(finding -> finding.kind() == CheckFinding.Kind.DIGEST_MISMATCH
                        || finding.kind() == CheckFinding.Kind.NOT_REGULAR
                        || finding.kind() == CheckFinding.Kind.UNREADABLE)
                .toList();
        return new Outcome(report, fatal);
    }
}
