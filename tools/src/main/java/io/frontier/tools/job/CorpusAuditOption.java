package io.frontier.tools.job;

import io.frontier.coordinator.admission.AuditScope;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The corpus audit a job makes at its start, as {@code run}, {@code resume} and {@code rank}
 * take it; the launcher passes it on to every rank. The help spells out
 * {@code CorpusAudit.AUTO_LIMIT} with its thousands separator, which an annotation cannot
 * compute; {@code CorpusAuditOptionTest} keeps the two equal.
 */
public final class CorpusAuditOption {

    static final String NAME = "--corpus-audit";

    @Option(names = NAME, paramLabel = "SCOPE", defaultValue = "auto", converter = ScopeConverter.class,
            description = "What root checks of the corpus before the job runs anything: auto (default) hashes every"
                    + " object and looks up every object the store requires while the campaign holds at most "
                    + "10,000 work records and manifest entries, and skips that above, so a start"
                    + " costs the same after a day as after a minute; full always does (that grows with the campaign's"
                    + " history: about 15 s per GiB of corpus, and 10 s per 100,000 small objects or store records);"
                    + " off never."
                    + " Whatever the scope, every worker hashes each input as it copies it, a mismatch or a missing"
                    + " object stops the job (exit 70) before that input runs, and frontier corpus fsck checks"
                    + " everything on demand.")
    AuditScope scope = AuditScope.AUTO;

    /** The scope given. */
    public AuditScope scope() {
        return scope;
    }

    /** The option as the launcher passes it to the ranks. */
    List<String> arguments() {
        return List.of(NAME, scope.wireName());
    }

    static final class ScopeConverter implements ITypeConverter<AuditScope> {
        @Override
        public AuditScope convert(String value) {
            return AuditScope.named(value).orElseThrow(() ->
                    new TypeConversionException("expected auto, full or off, got '" + value + "'"));
        }
    }
}
