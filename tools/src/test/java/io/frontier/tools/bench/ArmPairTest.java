package io.frontier.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArmPairTest {

    private static final int BUDGET = 30;
    private static final int CHECKPOINT = 15;

    @Test
    void aRoundIsCheckedForEveryPairWhoseArmsBothRan() {
        Map<String, ArmRun> round = new LinkedHashMap<>();
        round.put("afl", run(ExplorationArm.AFL, 50, 60, 70));
        round.put("hybrid", run(ExplorationArm.HYBRID, 50, 65, 69));
        round.put("afl-session", run(ExplorationArm.AFL_SESSION, 50, 61, 80));
        round.put("afl-plain", run(ExplorationArm.AFL_PLAIN, 50, 70, 80));
        round.put("novelty", run(ExplorationArm.NOVELTY, 50, 55, 60));

        assertThat(new ExplorationChecks(round, BUDGET, CHECKPOINT).all()).containsExactly(
                "hybrid ends with 69 edges, afl with 70: missed",
                "afl-session ends with 80 edges, afl-plain with 80: met",
                "hybrid ends with 69 edges, afl-plain with 80: missed",
                "afl ends with 70 edges, afl-plain with 80: missed");
    }

    @Test
    void tiersIsHeldAgainstNoveltyAtEveryCheckpoint() {
        Map<String, ArmRun> round = new LinkedHashMap<>();
        round.put("novelty", run(ExplorationArm.NOVELTY, 50, 55, 60));
        round.put("tiers", run(ExplorationArm.TIERS, 50, 54, 61));

        assertThat(new ExplorationChecks(round, BUDGET, CHECKPOINT).all())
                .containsExactly("tiers at or above novelty at every checkpoint: missed at [15 s (54 < 55)]");
    }

    @Test
    void overSeveralRunsEachPairThatRanGetsItsMedianCheckAndBothSidesOfTheRankTest() {
        List<Map<String, ArmRun>> rounds = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Map<String, ArmRun> round = new LinkedHashMap<>();
            round.put("afl-plain", run(ExplorationArm.AFL_PLAIN, 50, 80 + i, 110 + i));
            round.put("hybrid-session", run(ExplorationArm.HYBRID_SESSION, 50, 80 + i, 100 + i));
            round.put("afl-session", run(ExplorationArm.AFL_SESSION, 50, 90 + i, 120 + i));
            rounds.add(round);
        }
        ObjectNode result = JsonNodeFactory.instance.objectNode();

        new ArmSpread(rounds, BUDGET, CHECKPOINT).print("parser", result);

        ObjectNode comparisons = (ObjectNode) result.get("comparisons");
        assertThat(comparisons.fieldNames()).toIterable()
                .containsExactly("hybrid-session-vs-afl-plain", "afl-session-vs-afl-plain");
        // 5 runs each side apart: one split of C(10, 5) = 252, p = 0.004.
        assertThat(comparisons.at("/hybrid-session-vs-afl-plain/rankCheck").asText()).isEqualTo(
                "hybrid-session below afl-plain (one-sided exact Mann-Whitney U over 5 runs, p < 0.05): at [30 s (p 0.004,"
                        + " A12 0.00)]");
        assertThat(comparisons.at("/hybrid-session-vs-afl-plain/rankCheckAbove").asText()).startsWith(
                "hybrid-session above afl-plain (one-sided exact Mann-Whitney U over 5 runs, p < 0.05): at no checkpoint");
        assertThat(comparisons.at("/hybrid-session-vs-afl-plain/medianCheck").asText())
                .isEqualTo("hybrid-session's median at or above afl-plain's at every checkpoint over 5 runs: missed at"
                        + " [30 s (102 < 112)]");
        assertThat(comparisons.at("/afl-session-vs-afl-plain/rankCheckAbove").asText())
                .endsWith("at [15 s (p 0.004, A12 1.00), 30 s (p 0.004, A12 1.00)]");
        assertThat(result.at("/spread/2/hybrid-session-vs-afl-plain/pBelow").asDouble()).isEqualTo(1.0 / 252);
        assertThat(result.at("/spread/2/hybrid-session-vs-afl-plain/pAbove").asDouble()).isEqualTo(1.0);
        assertThat(result.at("/spread/2/hybrid-session-vs-afl-plain/a12").asDouble()).isEqualTo(0.0);
        assertThat(result.at("/spread/2/afl-plain/median").asDouble()).isEqualTo(112.0);
        assertThat(result.at("/spread/0/tiers-vs-novelty").isMissingNode()).isTrue();
    }

    /** A run whose corpus listings, one per checkpoint, reached {@code edges}. */
    private static ArmRun run(ExplorationArm arm, int... edges) {
        List<double[]> curve = new ArrayList<>();
        for (int i = 0; i < edges.length; i++) {
            curve.add(new double[] {i * CHECKPOINT, edges[i], 0});
        }
        return new ArmRun(arm, curve, MissingNode.getInstance(), MissingNode.getInstance());
    }
}
