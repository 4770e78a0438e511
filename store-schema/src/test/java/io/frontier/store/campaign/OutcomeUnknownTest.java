package io.frontier.store.campaign;

import static io.frontier.store.campaign.CampaignFixtures.payload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.keyspace.Counter;
import io.frontier.store.keyspace.TestKeyspace;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import io.frontier.store.kv.UnknownOutcomeStore;
import io.frontier.store.kv.UnknownOutcomeStore.Fault;
import io.frontier.store.kv.sqlite.SqliteKeyValueStore;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.Owner;
import io.frontier.store.record.SettingsChange;
import io.frontier.store.record.WorkPayload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mutating call whose transaction's outcome the store cannot tell: the campaign store runs it
 * again, the body finds its own earlier effect, and only an outcome that stays unknown reaches the
 * caller, saying how it is resolved. The calls run on a real SQLite store; only their report is
 * made unknown ({@link UnknownOutcomeStore}).
 */
class OutcomeUnknownTest {

    private static final CampaignConfig CONFIG = CampaignConfig.of("unknown", 4, 3);
    private static final Owner OWNER = Owner.of("rank-0");
    private static final double T0 = 5_000.0;
    private static final String SHA = "a".repeat(64);

    @TempDir
    Path directory;

    private UnknownOutcomeStore kv;
    private CampaignStore store;

    @BeforeEach
    void createCampaign() {
        kv = new UnknownOutcomeStore(SqliteKeyValueStore.open(directory.resolve("unknown.db"), StoreOptions.DEFAULT));
        store = new CampaignStore(kv, TestKeyspace.campaign("unknown"));
        store.init(CONFIG, "job-1", T0);
        List<WorkPayload> seeds = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            seeds.add(payload("unknown-" + i));
        }
        store.admit(1, seeds).forEach(ItemResult::orThrow);
    }

    @AfterEach
    void close() {
        kv.close();
    }

    @Test
    void claimWhoseCommitLandedButWasReportedUnknownIsRunAgainAndGrantsOnlyOnce() {
        kv.plan(Fault.COMMITTED);
        int before = kv.runs();

        ClaimResult claimed = store.claim(1, OWNER, Set.of(), 2, T0, 60);

        assertThat(kv.runs() - before).as("the claim was called again").isEqualTo(2);
        assertThat(claimed.granted()).hasSize(2);
        assertThat(store.counts().get(Counter.LEASED)).as("the second call found the first one's grants").isEqualTo(2);
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(1);
    }

    @Test
    void operationWhoseOutcomeStaysUnknownFailsAfterThreeCallsSayingHowToFinishItAndTookNoEffectTwice() {
        kv.plan(Fault.NOT_COMMITTED, Fault.NOT_COMMITTED, Fault.COMMITTED);
        int before = kv.runs();

        assertThatThrownBy(() -> store.claim(1, OWNER, Set.of(), 2, T0, 60))
                .isInstanceOf(TransactionOutcomeUnknownException.class)
                .hasMessageStartingWith("store could not tell whether a campaign operation took effect")
                .hasMessageContaining("frontier resume replays")
                .hasMessageContaining("calls=3");

        assertThat(kv.runs() - before).isEqualTo(CampaignStore.OUTCOME_CALLS);
        assertThat(store.counts().get(Counter.LEASED)).as("the one committed call granted once").isEqualTo(2);
        assertThat(store.counts().get(Counter.PENDING)).isEqualTo(1);
    }

    @Test
    void settingsChangeWhoseCommitLandedButWasReportedUnknownIsRecordedOnce() {
        kv.plan(Fault.COMMITTED);

        SettingsChange change = store.recordSettingsChange(1, List.of("timeLimitMillis 1000 -> 2000"), SHA, T0);

        assertThat(change.sequence()).isEqualTo(1);
        assertThat(store.settingsChanges()).containsExactly(change);
    }
}
