package io.frontier.tools.lease;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkRecord;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.TestCampaign;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LeasesCommandTest {

    /** Slack for the store's and the listing's rounding of wall-clock seconds. */
    private static final double ROUNDING = 0.1;

    @TempDir
    Path root;

    TestCampaign campaign;
    WorkRecord aliceLeased;
    WorkRecord bobLeased;
    ManifestEntry committing;
    Digest pending;
    /** The wall clock before the leases were granted: ages and expiries are bounded by it and the command's end. */
    double createdAfter;

    /** Alice holds one lease and one committing item, Bob one lease; one item is pending. */
    @BeforeEach
    void create() {
        campaign = TestCampaign.create(root, "--lease", "30000");
        createdAfter = TestCampaign.now();
        Digest first = campaign.seed("first");
        Digest second = campaign.seed("second");
        Map<Digest, WorkRecord> alice = campaign.claimAll(TestCampaign.ALICE);
        aliceLeased = alice.get(first);
        bobLeased = campaign.leased("third", TestCampaign.BOB);
        committing = campaign.commit(alice.get(second), "kid");
        pending = campaign.seed("fourth");
    }

    @AfterEach
    void close() {
        campaign.close();
    }

    private static List<String> works(JsonNode listing) {
        List<String> works = new ArrayList<>();
        listing.get("items").forEach(item -> works.add(item.get("work").asText()));
        return works;
    }

    @Test
    void byDefaultLeasedThenCommittingItemsAreListedWithHolderTokenEpochAndAge() {
        CommandRun run = campaign.cli("leases", "--json");
        // However slow the machine, every item was granted after createdAfter and listed before now.
        double elapsed = TestCampaign.now() - createdAfter + ROUNDING;

        assertThat(run.exitCode()).as(run.toString()).isZero();
        JsonNode listing = run.json();
        List<String> works = works(listing);
        assertThat(works.subList(0, 2)).as("leased first").containsExactlyInAnyOrder(aliceLeased.id().hex(),
                bobLeased.id().hex());
        assertThat(works.get(2)).isEqualTo(committing.work().hex());
        JsonNode lease = listing.get("items").get(works.indexOf(aliceLeased.id().hex()));
        assertThat(lease.get("state").asText()).isEqualTo("leased");
        assertThat(lease.get("holder").asText()).isEqualTo(TestCampaign.ALICE.name());
        assertThat(lease.get("token").asText()).isEqualTo(aliceLeased.token().hex());
        assertThat(lease.get("epoch").asLong()).isEqualTo(1);
        assertThat(lease.get("expiresInSeconds").asDouble()).isBetween(30.0 - elapsed, 30.0 + ROUNDING);
        assertThat(lease.get("ageSeconds").asDouble()).isBetween(0.0, elapsed);
        JsonNode commit = listing.get("items").get(2);
        assertThat(commit.get("state").asText()).isEqualTo("committing");
        assertThat(commit.get("expiry").isNull()).isTrue();
        assertThat(commit.get("ageSeconds").asDouble()).isBetween(0.0, elapsed);
        assertThat(commit.get("entry").asText()).hasSize(24);
        assertThat(listing.get("counts").get("leased").asLong()).isEqualTo(2);
        assertThat(listing.get("counts").get("committing").asLong()).isEqualTo(1);
        assertThat(listing.get("truncated").asBoolean()).isFalse();
    }

    @Test
    void theHolderFilterShowsOnlyThatHoldersItems() {
        JsonNode alice = campaign.cli("leases", "--json", "--holder", TestCampaign.ALICE.name()).json();
        JsonNode bob = campaign.cli("leases", "--json", "--holder", TestCampaign.BOB.name()).json();

        assertThat(works(alice)).containsExactlyInAnyOrder(aliceLeased.id().hex(), committing.work().hex());
        assertThat(works(bob)).containsExactly(bobLeased.id().hex());
    }

    @Test
    void theStateFilterShowsOnlyThatState() {
        assertThat(works(campaign.cli("leases", "--json", "--state", "committing").json()))
                .containsExactly(committing.work().hex());
        assertThat(works(campaign.cli("leases", "--json", "--state", "pending").json()))
                .containsExactly(pending.hex());
        assertThat(works(campaign.cli("leases", "--json", "--state", "leased", "--holder", "epoch-1/rank-1").json()))
                .containsExactly(bobLeased.id().hex());
    }

    @Test
    void humanOutputShortensIdsAndCountsWhatIsShown() {
        CommandRun run = campaign.cli("leases");

        assertThat(run.out()).contains("STATE", "HOLDER", "EXPIRES IN", aliceLeased.id().hex().substring(0, 12),
                aliceLeased.token().hex().substring(0, 8), "3 shown of 2 leased, 1 committing (epoch 1)");
        assertThat(run.out()).doesNotContain(aliceLeased.token().hex());
    }

    @Test
    void leasesOfAFencedEpochAreMarkedVoidAndCommitsAsToReplay() {
        campaign.nextEpoch("host-2-2");

        CommandRun run = campaign.cli("leases");

        assertThat(run.out()).contains("1 (void)", "1 (to replay)", "(epoch 2)");
    }

    @Test
    void theLimitTruncatesAndSaysSo() {
        CommandRun run = campaign.cli("leases", "--limit", "2");
        JsonNode json = campaign.cli("leases", "--json", "--limit", "2").json();

        assertThat(run.err()).contains("more items match than --limit 2 shows");
        assertThat(json.get("items")).hasSize(2);
        assertThat(json.get("truncated").asBoolean()).isTrue();
    }

    @Test
    void aHolderFilterOnPendingItemsIsAUsageError() {
        CommandRun run = campaign.cli("leases", "--state", "pending", "--holder", "epoch-1/rank-0");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("pending items have no holder");
    }

    @Test
    void anUnknownStateIsAUsageErrorNamingTheChoices() {
        CommandRun run = campaign.cli("leases", "--state", "done");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("expected leased, committing or pending, got 'done'");
    }
}
