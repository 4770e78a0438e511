package io.frontier.coordinator.dispatch;

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
        return WorkRecord.child(new WorkPayload(digest(name), name.length()), PARENT, origin, 1, 0);
    }

    @Test
    void seedsRunOnTheFirstKindAndEachKindsFindsOnTheOther() {
        ExecutorRouting routing = new ExecutorRouting(List.of("symcc", "afl"));

        assertThat(routing.preferredKind(seed("s"))).isEqualTo("symcc");
        assertThat(routing.preferredKind(foundBy("afl", "a"))).isEqualTo("symcc");
        assertThat(routing.preferredKind(foundBy("symcc", "b"))).isEqualTo("afl");
        assertThat(routing.preferredKind(foundBy("command", "c"))).as("a kind not in this campaign").isEqualTo("symcc");
    }

    @Test
    void withOneKindEveryInputRunsOnIt() {
        ExecutorRouting routing = new ExecutorRouting(List.of("afl"));

        assertThat(routing.preferredKind(foundBy("afl", "a"))).isEqualTo("afl");
        assertThat(routing.preferredBy("afl").test(seed("s"))).isTrue();
    }

    @Test
    void workersTakeTheKindsInTurnAndTheQueueServesEachItsPreferredInputs() {
        ExecutorRouting routing = new ExecutorRouting(List.of("symcc", "afl"));
        WorkQueue queue = new WorkQueue();
        WorkRecord afterSymcc = foundBy("symcc", "x");
        WorkRecord afterAfl = foundBy("afl", "y");
        queue.add(afterSymcc);
        queue.add(afterAfl);

        assertThat(routing.kindOf(0)).isEqualTo("symcc");
        assertThat(routing.kindOf(3)).isEqualTo("afl");
        assertThat(queue.next(routing.preferredBy(routing.kindOf(0)))).contains(afterAfl);
        assertThat(queue.next(routing.preferredBy(routing.kindOf(1)))).contains(afterSymcc);
    }
}
