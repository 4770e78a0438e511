package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DepthTrackerTest {

    static Digest id(int n) {
        return ContentHasher.hash(("input " + n).getBytes(StandardCharsets.UTF_8)).digest();
    }

    @Test
    void anUnknownInputIsASeedAndTheFirstDepthRecordedStays() {
        DepthTracker tracker = new DepthTracker();

        tracker.joined(id(1), 3);
        tracker.joined(id(1), 1);

        assertThat(tracker.depthOf(id(1))).isEqualTo(3);
        assertThat(tracker.depthOf(id(2))).isZero();
        assertThat(tracker.size()).isEqualTo(1);
    }

    @Test
    void randomJoinsAndRunsAgreeWithAMapThroughGrowthAndDeletionsInsideClusters() {
        DepthTracker tracker = new DepthTracker();
        Map<Digest, Integer> model = new HashMap<>();
        List<Digest> known = new ArrayList<>();
        Random random = new Random(11);
        for (int step = 0; step < 200_000; step++) {
            int roll = random.nextInt(10);
            if (roll < 5 || known.isEmpty()) {
                Digest input = id(random.nextInt(20_000));
                int depth = random.nextInt(1000);
                tracker.joined(input, depth);
                if (model.putIfAbsent(input, depth) == null) {
                    known.add(input);
                }
            } else if (roll < 8) {
                Digest input = known.remove(random.nextInt(known.size()));
                tracker.ran(input);
                model.remove(input);
            } else {
                Digest input = id(random.nextInt(20_000));
                assertThat(tracker.depthOf(input)).as("step %d", step).isEqualTo(model.getOrDefault(input, 0));
            }
        }
        for (Digest input : known) {
            assertThat(tracker.depthOf(input)).isEqualTo(model.get(input));
        }
        assertThat(tracker.size()).isEqualTo(model.size());
        known.forEach(tracker::ran);
        assertThat(tracker.size()).isZero();
        assertThat(tracker.depthOf(known.get(0))).isZero();
    }
}
