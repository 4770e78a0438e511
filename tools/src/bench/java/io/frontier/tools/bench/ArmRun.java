package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What one arm's campaign reached: its edge curve, one point per corpus listing (the periodic
 * checkpoints, then the final corpus), root's job summary and {@code frontier status --json}
 * at its end. An arm run outside Frontier has no job summary and no status: its own description
 * stands in the summary's place, and its status is missing.
 *
 * @param curve per listing: seconds from the start, edges, inputs in the corpus
 */
record ArmRun(ExplorationArm arm, List<double[]> curve, JsonNode summary, JsonNode status) {

    /** The run of an arm outside Frontier, described by {@code description} (figures beside the curve's). */
    static ArmRun outside(ExplorationArm arm, List<double[]> curve, ObjectNode description) {
        return new ArmRun(arm, curve, description, MissingNode.getInstance());
    }

    /**
     * The edges at {@code seconds}: the listing of that checkpoint, or the final corpus when the
     * campaign had ended before it.
     */
    int edgesAt(int seconds, int checkpoint) {
        int index = seconds / checkpoint;
        return (int) (index < curve.size() - 1 ? curve.get(index) : curve.get(curve.size() - 1))[1];
    }

    int finalEdges() {
        return (int) curve.get(curve.size() - 1)[1];
    }

    /** The first checkpoint at which the arm had at least {@code edges} edges, or -1. */
    int secondsToReach(int edges, int checkpoint, int budget) {
        for (int t = 0; t <= budget; t += checkpoint) {
            if (edgesAt(t, checkpoint) >= edges) {
                return t;
            }
        }
        return -1;
    }

    /** The busy fraction of the job's workers together (time in the target over wall time at work). */
    double busyFraction() {
        return summary.path("busy").path("overall").path("busyFraction").asDouble(Double.NaN);
    }

    /** Children of committed results, as {@code status} counts them. */
    long children() {
        return status.path("children").path("declared").asLong();
    }

    /** Children that reached nothing new or were known before. */
    long redundant() {
        JsonNode children = status.path("children");
        return children.path("reachedNothingNew").asLong() + children.path("knownBefore").asLong();
    }

    double redundantPercent() {
        return status.path("children").path("redundantPercent").asDouble();
    }

    ObjectNode describe() {
        JsonNode totals = summary.path("totals");
        double[] last = curve.get(curve.size() - 1);
        ObjectNode description = JsonNodeFactory.instance.objectNode()
                .put("edges", (int) last[1]).put("inputs", (int) last[2]).put("endedAtSeconds", last[0]);
        if (status.isMissingNode()) {
            return description.setAll((ObjectNode) summary);
        }
        long executions = totals.path("executions").asLong();
        description.put("executions", executions).put("exitCode", summary.path("exitCode").asInt())
                .put("reason", summary.path("reason").asText());
        long cpuMillis = totals.path("cpuMillis").asLong(-1);
        if (cpuMillis >= 0) {
            // The coordinators' processes whole, start-up included: what coordinating cost the job.
            description.put("coordinatorCpuMillis", cpuMillis);
            if (executions > 0) {
                description.put("coordinatorCpuMicrosPerExecution", Math.round(cpuMillis * 1000.0 / executions));
            }
        }
        if (!Double.isNaN(busyFraction())) {
            description.put("busyFraction", busyFraction());
        }
        JsonNode children = status.path("children");
        description.put("children", children.path("declared").asLong())
                .put("reachedNothingNew", children.path("reachedNothingNew").asLong())
                .put("knownBefore", children.path("knownBefore").asLong())
                .put("redundantPercent", children.path("redundantPercent").asDouble());
        description.set("pendingPerTier", status.path("tiers"));
        return description;
    }
}
