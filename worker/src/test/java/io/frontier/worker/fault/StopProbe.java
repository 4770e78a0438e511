package io.frontier.worker.fault;

/**
 * A process that reaches stop point {@code args[1]} as coordinator rank {@code args[0]},
 * {@code args[2]} times, under the fault plan in its environment; it prints one line after each
 * arrival it survives and exits 0 if it survives them all.
 */
public final class StopProbe {

    private StopProbe() {
    }

    public static void main(String[] args) {
        FaultPlan plan = FaultPlan.fromEnvironment();
        int rank = Integer.parseInt(args[0]);
        StopPoint point = StopPoint.named(args[1]);
        int arrivals = Integer.parseInt(args[2]);
        for (int arrival = 1; arrival <= arrivals; arrival++) {
            plan.stopAt(rank, point);
            System.out.println("survived " + arrival);
        }
    }
}
