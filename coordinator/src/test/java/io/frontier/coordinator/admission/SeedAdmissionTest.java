package io.frontier.coordinator.admission;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.coordinator.CampaignFixture;
import io.frontier.store.corpus.seed.SeedScanner;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.record.WorkState;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeedAdmissionTest {

    @TempDir
    Path directory;

    @Test
    void seedsArePublishedByContentAndAdmittedOnceEvenWhenSeenAgain() throws Exception {
        try (CampaignFixture campaign = new CampaignFixture(Files.createDirectories(directory.resolve("campaign")))) {
            Path seeds = Files.createDirectories(directory.resolve("seeds"));
            Files.write(seeds.resolve("a"), CampaignFixture.bytes("a"));
            Files.write(seeds.resolve("copy of a"), CampaignFixture.bytes("a"));
            Files.write(seeds.resolve("b"), CampaignFixture.bytes("b"));
            SeedAdmission admission = new SeedAdmission(new SeedScanner(seeds, campaign.corpus), campaign.store);

            SeedAdmission.Pass first = admission.scan(campaign.epoch);
            SeedAdmission.Pass second = admission.scan(campaign.epoch);
            Files.write(seeds.resolve("c"), CampaignFixture.bytes("c"));
            SeedAdmission.Pass third = admission.scan(campaign.epoch);

            assertThat(first.admitted()).isEqualTo(2);
            assertThat(second.admitted()).isZero();
            assertThat(second.foundWork()).isFalse();
            assertThat(third.admitted()).isEqualTo(1);
            assertThat(campaign.store.counts().get(Counter.PENDING)).isEqualTo(3);
            assertThat(campaign.store.work(CampaignFixture.idOf("a")).state()).isEqualTo(WorkState.PENDING);
            assertThat(campaign.corpusNames()).hasSize(3);
        }
    }

    @Test
    void aSymbolicLinkToASeedIsAdmittedAndADanglingOneIsHandedOutOnceWithItsPath() throws Exception {
        try (CampaignFixture campaign = new CampaignFixture(Files.createDirectories(directory.resolve("campaign")))) {
            Path seeds = Files.createDirectories(directory.resolve("seeds"));
            Path elsewhere = Files.write(directory.resolve("kept elsewhere"), CampaignFixture.bytes("linked"));
            Files.createSymbolicLink(seeds.resolve("link"), elsewhere);
            Path dangling = Files.createSymbolicLink(seeds.resolve("dangling"), directory.resolve("removed"));
            SeedAdmission admission = new SeedAdmission(new SeedScanner(seeds, campaign.corpus), campaign.store);

            SeedAdmission.Pass first = admission.scan(campaign.epoch);
            SeedAdmission.Pass second = admission.scan(campaign.epoch);

            assertThat(first.admitted()).isEqualTo(1);
            assertThat(campaign.store.work(CampaignFixture.idOf("linked")).state()).isEqualTo(WorkState.PENDING);
            assertThat(first.newlySkipped()).singleElement().satisfies(skipped -> {
                assertThat(skipped.path()).isEqualTo(dangling);
                assertThat(skipped.reason()).contains("dangling symbolic link", directory.resolve("removed").toString());
            });
            assertThat(second.skipped()).isEqualTo(1);
            assertThat(second.newlySkipped()).as("reported once, not at every rescan").isEmpty();
        }
    }
}
