package io.frontier.coordinator.admission;

import io.frontier.store.corpus.fsck.CheckFinding;
import io.frontier.store.corpus.fsck.CheckProgress;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import io.frontier.store.corpus.fsck.ReferenceCheck;
import io.frontier.store.corpus.fsck.ReferenceCheckReport;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The check a job makes of the public corpus before it dispatches anything, after replay: every
 * object is hashed and compared with its name, and every object the store requires (the input
 * of every item that can still run or ran, every promoted child) is looked up. An object whose
 * bytes or type do not match its name, that cannot be read, or that the store requires and the
 * corpus lacks, is a control failure: the job must not run work whose input it cannot trust or
 * no longer has. Temporary files of interrupted publishes, foreign names and store records that
 * cannot be read are not fatal here: the store reports such records as blocked wherever it
 * meets them, and a blocked item never runs. Stateless; one instance serves every job start.
 */
public final class CorpusAudit {

    /** Findings that forbid running. */
    private static final Set<CheckFinding.Kind> FATAL = Set.of(CheckFinding.Kind.DIGEST_MISMATCH,
            CheckFinding.Kind.NOT_REGULAR, CheckFinding.Kind.UNREADABLE, CheckFinding.Kind.MISSING);

    private final Path corpusDirectory;
    private final KeyValueStore kv;
    private final CampaignKeys keys;

    public CorpusAudit(Path corpusDirectory, KeyValueStore kv, CampaignKeys keys) {
        this.corpusDirectory = corpusDirectory;
        this.kv = kv;
        this.keys = keys;
    }

    /** The outcome: both checks' reports and the findings that forbid running. */
    public record Outcome(CorpusCheckReport report, ReferenceCheckReport references, List<CheckFinding> fatal) {

        public Outcome {
            fatal = List.copyOf(fatal);
        }

        public boolean trusted() {
            return fatal.isEmpty();
        }

        /**
         * The control failure that stops the job, naming the first fatal finding: its object,
         * the digests of a mismatch, the record that requires a missing object, and what to do.
         */
        public FrontierException failure() {
            CheckFinding first = fatal.get(0);
            FrontierException failure = first.kind() == CheckFinding.Kind.MISSING
                    ? new FrontierException("corpus object that the store requires is missing")
                    : new FrontierException("corpus object does not match its name");
            failure.with("object", first.name()).with("kind", first.kind());
            if (first.referencedBy() != null) {
                failure.with("referencedBy", first.referencedBy());
            }
            if (first.expected() != null) {
                failure.with("expected", first.expected()).with("actual", first.actual());
            }
            return failure.with("detail", first.detail()).with("badObjects", fatal.size())
                    .with("next", "frontier corpus fsck <campaign> lists every one");
        }
    }

    public Outcome run() {
        CorpusCheckReport report = new CorpusCheck(corpusDirectory).run(CheckProgress.NONE);
        ReferenceCheckReport references = new ReferenceCheck(corpusDirectory, kv, keys, ReferenceCheck.Progress.NONE).run();
        List<CheckFinding> fatal = new ArrayList<>();
        report.findings().stream().filter(finding -> FATAL.contains(finding.kind())).forEach(fatal::add);
        references.findings().stream().filter(finding -> FATAL.contains(finding.kind())).forEach(fatal::add);
        return new Outcome(report, references, fatal);
    }
}
