package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The edges of each arm over several runs of one target, per checkpoint: the median and the
 * range. One run of an exploration arm says little about a difference of tens of edges, since
 * which inputs SymCC finds first changes from run to run; the median of a few runs per arm is the
 * figure to compare. With an even number of runs the median is the lower of the two middle ones.
 */
final class ArmSpread {

    private final List<Map<String, ArmRun>> runs;
    private final int budget;
    private final int checkpoint;

    /** {@code runs}: one map of arm name to its run per round, every round with the same arms. */
    ArmSpread(List<Map<String, ArmRun>> runs, int budget, int checkpoint) {
        this.runs = List.copyOf(runs);
        this.budget = budget;
        this.checkpoint = checkpoint;
    }

    /** Prints the table and the median check, and records both in {@code result}. */
    void print(String target, ObjectNode result) {
        List<String> arms = List.copyOf(runs.get(0).keySet());
        System.out.printf("%nexploration: %s, %d runs per arm: edges, median (min-max)%n", target, runs.size());
        StringBuilder header = new StringBuilder(String.format("%8s", "t [s]"));
        arms.forEach(name -> header.append(String.format("%20s", name)));
        System.out.println(header);
        ArrayNode table = result.putArray("spread");
        for (int t = 0; t <= budget; t += checkpoint) {
            StringBuilder row = new StringBuilder(String.format("%8d", t));
            ObjectNode line = table.addObject().put("seconds", t);
            for (String arm : arms) {
                int[] sorted = edgesAt(arm, t);
                row.append(String.format("%20s", median(sorted) + " (" + sorted[0] + "-" + sorted[sorted.length - 1] + ")"));
                line.putObject(arm).put("median", median(sorted)).put("min", sorted[0])
                        .put("max", sorted[sorted.length - 1]);
            }
            System.out.println(row);
        }
        medianCheck().ifPresent(check -> {
            System.out.println("  check: " + check);
            result.put("medianCheck", check);
        });
    }

    /** Whether tiers' median is at or above novelty's at every checkpoint, if both arms ran. */
    private Optional<String> medianCheck() {
        if (!runs.get(0).containsKey("novelty") || !runs.get(0).containsKey("tiers")) {
            return Optional.empty();
        }
        List<String> misses = ExplorationChecks.checkpointsBelow(t -> median(edgesAt("tiers", t)),
                t -> median(edgesAt("novelty", t)), budget, checkpoint);
        return Optional.of("tiers' median at or above novelty's at every checkpoint over " + runs.size() + " runs: "
                + (misses.isEmpty() ? "met" : "missed at " + misses));
    }

    private int[] edgesAt(String arm, int seconds) {
        int[] edges = runs.stream().mapToInt(round -> round.get(arm).edgesAt(seconds, checkpoint)).toArray();
        Arrays.sort(edges);
        return edges;
    }

    private static int median(int[] sorted) {
        return sorted[(sorted.length - 1) / 2];
    }
}
