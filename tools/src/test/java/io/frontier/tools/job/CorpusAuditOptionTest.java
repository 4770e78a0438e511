package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.admission.AuditScope;
import io.frontier.coordinator.admission.CorpusAudit;
import io.frontier.tools.FrontierCommand;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class CorpusAuditOptionTest {

    @Test
    void theHelpNamesTheLimitAutoAuditsUpTo() {
        StringWriter out = new StringWriter();
        FrontierCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true))
                .execute("resume", "--help");

        assertThat(out.toString().replaceAll("\\s+", " "))
                .contains(String.format("at most %,d work records and manifest entries", CorpusAudit.AUTO_LIMIT));
    }

    @Test
    void eachScopeIsPassedToTheRanksByItsOwnName() {
        for (AuditScope scope : AuditScope.values()) {
            CorpusAuditOption option = new CorpusAuditOption();
            option.scope = new CorpusAuditOption.ScopeConverter().convert(scope.wireName());

            assertThat(option.arguments()).containsExactly("--corpus-audit", scope.wireName());
        }
    }
}
