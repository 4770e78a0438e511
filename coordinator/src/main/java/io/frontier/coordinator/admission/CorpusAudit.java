package io.frontier.coordinator.admission;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.Counts;
import io.frontier.store.corpus.fsck.CheckFinding;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import io.frontier.store.corpus.fsck.ReferenceCheck;
import io.frontier.store.corpus.fsck.ReferenceCheckReport;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The check a job may make of the public corpus before it dispatches anything, after replay, as
 * its {@link AuditScope} says ({@link #plan}): every object is hashed and compared with its
 * name, and every object the store requires (the input of every item that can still run or ran,
 * every promoted child) is looked up. Both grow with the campaign's history, so by default only
 * a small campaign is audited at its start; a larger one relies on the checks on use (every
 * input hashed by the worker that copies it, every staged child before promotion) and on
 * {@code frontier corpus fsck}.
 *
 * <p>An object whose bytes or type do not match its name, that cannot be read, or that the
 * store requires and the corpus lacks, is a control failure: the job must not run work whose
 * input it cannot trust or no longer has. Temporary files of interrupted publishes, foreign names and store records that
 * cannot be read are not fatal here: the store reports such records as blocked wherever it
 * meets them, and a blocked item never runs. Stateless; one instance serves every job start.
 */
public final class CorpusAudit {

    /**
     * Work records and manifest entries up to which {@link AuditScope#AUTO} audits: about a
     * second of hashing and lookups on a local disk.
     */
    public static final long AUTO_LIMIT = 10_000;
    /** How often a long audit says how far it got. */
    static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(30);

    /** The states a work record can be in: their counters sum to the records the store holds. */
    private static final List<Counter> RECORD_STATES = List.of(Counter.PENDING, Counter.LEASED, Counter.COMMITTING,
            Counter.DONE, Counter.ABANDONED);

    /** Findings that forbid running. */
    private static final Set<CheckFinding.Kind> FATAL = Set.of(CheckFinding.Kind.DIGEST_MISMATCH,
            CheckFinding.Kind.NOT_REGULAR, CheckFinding.Kind.UNREADABLE, CheckFinding.Kind.MISSING);

    private final Path corpusDirectory;
    private final KeyValueStore kv;
    private final CampaignStore store;
    private final AuditScope scope;
    private final long autoLimit;

    public CorpusAudit(Path corpusDirectory, KeyValueStore kv, CampaignStore store, AuditScope scope) {
        this(corpusDirectory, kv, store, scope, AUTO_LIMIT);
    }

    /** As the public constructor, with another limit for {@link AuditScope#AUTO}: for tests. */
    CorpusAudit(Path corpusDirectory, KeyValueStore kv, CampaignStore store, AuditScope scope, long autoLimit) {
        this.corpusDirectory = corpusDirectory;
        this.kv = kv;
        this.store = store;
        this.scope = scope;
        this.autoLimit = autoLimit;
    }

    /**
     * Whether this start audits: the scope asked for and, for {@link AuditScope#AUTO}, the
     * campaign's size from its counters (work records in any state and executions, one
     * manifest entry each), which cost a few reads whatever the history.
     *
     * @param scope   the scope asked for
     * @param records the work records and manifest entries the store holds; 0 unless the scope is auto
     * @param limit   the most records {@link AuditScope#AUTO} audits in full
     * @param runs    whether the full audit runs
     */
    public record Plan(AuditScope scope, long records, long limit, boolean runs) {

        /** Why this start audits or not, for the job's log. */
        public String describe() {
            if (scope == AuditScope.OFF) {
                return "corpus audit off at the start (--corpus-audit off): inputs are verified as workers copy them;"
                        + " frontier corpus fsck checks the rest";
            }
            if (scope == AuditScope.FULL) {
                return "corpus audit in full at the start (--corpus-audit full)";
            }
            return runs
                    ? String.format("corpus audit in full at the start: %,d work records and manifest entries, at most"
                            + " %,d (--corpus-audit auto)", records, limit)
                    : String.format("corpus audit skipped at the start: %,d work records and manifest entries, more than"
                            + " %,d (--corpus-audit auto); inputs are verified as workers copy them; frontier corpus fsck"
                            + " (or --corpus-audit full) checks the rest", records, limit);
        }
    }

    /** What {@link #run} would do at this start. */
    public Plan plan() {
        if (scope != AuditScope.AUTO) {
            return new Plan(scope, 0, autoLimit, scope == AuditScope.FULL);
        }
        Counts counts = store.counts();
        long records = store.executions();
        for (Counter state : RECORD_STATES) {
            records += counts.get(state);
        }
        return new Plan(scope, records, autoLimit, records <= autoLimit);
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

    /**
     * The full audit, whatever the {@link #plan}: every object hashed, every record read.
     *
     * @param progress told, about every {@link #PROGRESS_INTERVAL}, how far the audit got
     */
    public Outcome run(Consumer<String> progress) {
        ThrottledProgress throttled = new ThrottledProgress(progress, PROGRESS_INTERVAL);
        CorpusCheckReport report = new CorpusCheck(corpusDirectory).run((entries, bytes) -> throttled.offer(() ->
                String.format("corpus audit: %,d objects hashed (%,d bytes)", entries, bytes)));
        ReferenceCheckReport references = new ReferenceCheck(corpusDirectory, kv, store.keys(), (records, objects) ->
                throttled.offer(() -> String.format("corpus audit: %,d store records read, %,d objects looked up",
                        records, objects))).run();
        List<CheckFinding> fatal = new ArrayList<>();
        report.findings().stream().filter(finding -> FATAL.contains(finding.kind())).forEach(fatal::add);
        references.findings().stream().filter(finding -> FATAL.contains(finding.kind())).forEach(fatal::add);
        return new Outcome(report, references, fatal);
    }
}
