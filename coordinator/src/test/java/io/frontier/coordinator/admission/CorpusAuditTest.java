package io.frontier.coordinator.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.store.corpus.fsck.CheckFinding;
import java.nio.file.Files;
import java.nio.file.Path;
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

            CorpusAudit.Outcome outcome = CorpusAudit.run(campaign.layout.corpus());

            assertThat(outcome.trusted()).isTrue();
            assertThat(outcome.report().findings()).extracting(CheckFinding::kind).containsExactly(CheckFinding.Kind.BAD_NAME);
        }
    }

    @Test
    void anObjectWhoseBytesDoNotMatchItsNameForbidsRunningAndNamesBothDigests() {
        try (CampaignFixture campaign = new CampaignFixture(directory)) {
            campaign.seed("a");
            campaign.seed("b");
            CampaignFixture.flipFirstByte(campaign.corpusPathOf("b"));

            CorpusAudit.Outcome outcome = CorpusAudit.run(campaign.layout.corpus());

            assertThat(outcome.trusted()).isFalse();
            CheckFinding finding = outcome.fatal().get(0);
            assertThat(finding.kind()).isEqualTo(CheckFinding.Kind.DIGEST_MISMATCH);
            assertThat(finding.expected()).isEqualTo(CampaignFixture.idOf("b").hex());
            assertThat(finding.actual()).isNotEqualTo(finding.expected()).hasSize(64);
        }
    }
}
