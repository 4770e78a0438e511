package io.frontier.coordinator.bench;

import java.util.Arrays;

/**
 * What the simulated workers answer every ASSIGN of one benchmark run with.
 *
 * <ul>
 *   <li>{@link #NO_CHILDREN}: a RESULT that declares no child, of a 30-ms run (the demo's runs take
 *       about 26 ms).</li>
 *   <li>{@link #MIX}: 60 to 170 children, each triaged: about 90% reach nothing new, 9% reach a
 *       tuple no input reached before, 1% are findings; of a 300-ms run (a small parser's SymCC
 *       run).</li>
 *   <li>{@link #KEPT_ONLY}: the RESULTs of {@link #MIX} without the children that reach nothing
 *       new, so that the difference between the two is what the redundant children cost.</li>
 * </ul>
 */
enum Workload {

    NO_CHILDREN("no-children", 30),
    MIX("mix", 300),
    KEPT_ONLY("kept-only", 300);

    private final String label;
    /** The wall time each RESULT reports: the coordinator sizes its claims and look-ahead by it. */
    private final long reportedMillis;

    Workload(String label, long reportedMillis) {
        this.label = label;
        this.reportedMillis = reportedMillis;
    }

    String label() {
        return label;
    }

    long reportedMillis() {
        return reportedMillis;
    }

    boolean hasChildren() {
        return this != NO_CHILDREN;
    }

    static Workload of(String label) {
        return Arrays.stream(values()).filter(workload -> workload.label.equals(label)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("workload is not no-children, mix or kept-only: "
                        + label));
    }
}
