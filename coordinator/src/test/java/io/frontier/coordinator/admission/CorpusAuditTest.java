package io.frontier.coordinator.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.store.corpus.fsck.CheckFinding;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusAuditTest {

    @TempDir
    Path directory;

    @Test
    void anIntactCorpusIsTrustedEvenWithAForeignFileName() throws Exception {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            campaign.seed("a");
            Files.writeString(campaign.layout.corpus().resolve("README"), "not an object");

            CorpusAudit.Outcome outcome = audit(campaign);

            assertThat(outcome.trusted()).isTrue();
            assertThat(outcome.report().findings()).extracting(CheckFinding::kind).containsExactly(CheckFinding.Kind.BAD_NAME);
        }
    }

    private static CorpusAudit.Outcome audit(CampaignFixture campaign) {
        return auditor(campaign, AuditScope.AUTO, CorpusAudit.AUTO_LIMIT).run(line -> { });
    }

    private static CorpusAudit auditor(CampaignFixture campaign, AuditScope scope, long autoLimit) {
        return new CorpusAudit(campaign.layout.corpus(), campaign.kv, campaign.store, scope, autoLimit);
    }

    @Test
    void autoAuditsACampaignUpToItsLimitOfRecords() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            campaign.seed("a");
            campaign.seed("b");
            campaign.seed("c");

            CorpusAudit.Plan atLimit = auditor(campaign, AuditScope.AUTO, 3).plan();
            CorpusAudit.Plan overLimit = auditor(campaign, AuditScope.AUTO, 2).plan();

            assertThat(atLimit.records()).isEqualTo(3);
            assertThat(atLimit.runs()).isTrue();
            assertThat(overLimit.runs()).isFalse();
            assertThat(overLimit.describe()).startsWith("corpus audit skipped at the start: 3 work records and manifest"
                    + " entries, more than 2").contains("frontier corpus fsck", "--corpus-audit full");
        }
    }

    @Test
    void fullAuditsWhateverTheSizeAndOffNever() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            campaign.seed("a");
            campaign.seed("b");

            assertThat(auditor(campaign, AuditScope.FULL, 1).plan().runs()).isTrue();
            assertThat(auditor(campaign, AuditScope.OFF, 1_000).plan().runs()).isFalse();
        }
    }

    @Test
    void aLongAuditSaysHowFarItGotAtMostOncePerInterval() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            campaign.seed("a");
            List<String> lines = new ArrayList<>();

            auditor(campaign, AuditScope.FULL, 0).run(lines::add);

            assertThat(lines).as("a check of a moment, far below the interval").isEmpty();
        }
    }

    @Test
    void aDeletedObjectThatTheStoreRequiresForbidsRunningNamingTheObjectAndTheRecord() throws Exception {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            campaign.seed("a");
            campaign.seed("b");
            Files.delete(campaign.corpusPathOf("b"));

            CorpusAudit.Outcome outcome = audit(campaign);

            assertThat(outcome.trusted()).isFalse();
            assertThat(outcome.report().clean()).as("the files that are there are intact").isTrue();
            CheckFinding finding = outcome.fatal().get(0);
            assertThat(outcome.fatal()).hasSize(1);
            assertThat(finding.kind()).isEqualTo(CheckFinding.Kind.MISSING);
            assertThat(finding.name()).isEqualTo(CampaignFixture.idOf("b").hex());
            assertThat(outcome.failure().getMessage()).startsWith("corpus object that the store requires is missing")
                    .contains("object=" + CampaignFixture.idOf("b").hex(),
                            "referencedBy=work " + CampaignFixture.idOf("b").hex() + " (pending, a seed)",
                            campaign.corpusPathOf("b").toString(), "next=frontier corpus fsck");
        }
    }

    @Test
    void anObjectWhoseBytesDoNotMatchItsNameForbidsRunningAndNamesBothDigests() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            campaign.seed("a");
            campaign.seed("b");
            CampaignFixture.flipFirstByte(campaign.corpusPathOf("b"));

            CorpusAudit.Outcome outcome = audit(campaign);

            assertThat(outcome.trusted()).isFalse();
            CheckFinding finding = outcome.fatal().get(0);
            assertThat(finding.kind()).isEqualTo(CheckFinding.Kind.DIGEST_MISMATCH);
            assertThat(finding.expected()).isEqualTo(CampaignFixture.idOf("b").hex());
            assertThat(finding.actual()).isNotEqualTo(finding.expected()).hasSize(64);
            assertThat(outcome.failure().getMessage()).startsWith("corpus object does not match its name")
                    .contains("expected=" + finding.expected(), "actual=" + finding.actual());
        }
    }
}
