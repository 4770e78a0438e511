package io.frontier.store.exploration;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExecutorRoutingTest {

    private static final Digest PARENT = digest("parent");

    private static Digest digest(String text) {
        return ContentHasher.hash(text.getBytes(StandardCharsets.UTF_8)).digest();
    }

    private static WorkRecord seed(String name) {
        return WorkRecord.seed(new WorkPayload(digest(name), name.length()), 1);
    }

    private static WorkRecord foundBy(String origin, String name) {
        return WorkRecord.child(new WorkPayload(digest(name), name.length()), PARENT, origin, 1, 0, 0, 1, false, ClaimOrder.NEW_COVERAGE);
    }

    @Test
    void seedsRunOnTheFirstKindAndEachKindsFindsOnTheOther() {
        ExecutorRouting routing = new ExecutorRouting(List.of("symcc", "afl"));

        assertThat(routing.kindFor(seed("s"))).isEqualTo("symcc");
        assertThat(routing.kindFor(foundBy("afl", "a"))).isEqualTo("symcc");
        assertThat(routing.kindFor(foundBy("symcc", "b"))).isEqualTo("afl");
        assertThat(routing.kindFor(foundBy("command", "c"))).as("a kind not in this campaign").isEqualTo("symcc");
    }

    @Test
    void aLaterRoundRunsOnTheKindTheRoundBeforeChose() {
        ExecutorRouting routing = new ExecutorRouting(List.of("symcc", "afl"));

        assertThat(routing.kindFor(foundBy("afl", "a").again(Tier.NEW_COVERAGE, 1, "afl", 1))).isEqualTo("afl");
        assertThat(routing.kindFor(foundBy("symcc", "b").again(Tier.RETRY, 2, "symcc", 1))).isEqualTo("symcc");
    }

    @Test
    void aChosenKindTheCampaignNoLongerHasFallsBackToAlternation() {
        ExecutorRouting routing = new ExecutorRouting(List.of("symcc"));

        assertThat(routing.kindFor(foundBy("afl", "a").again(Tier.REPEAT, 2, "afl", 1))).isEqualTo("symcc");
    }

    @Test
    void withOneKindEveryInputRunsOnIt() {
        ExecutorRouting routing = new ExecutorRouting(List.of("afl"));

        assertThat(routing.kindFor(foundBy("afl", "a"))).isEqualTo("afl");
        assertThat(routing.kindFor(seed("s"))).isEqualTo("afl");
    }
}
