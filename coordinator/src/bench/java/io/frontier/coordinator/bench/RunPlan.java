package io.frontier.coordinator.bench;

import java.util.List;

/**
 * One run of the coordinator benchmark, as the benchmark hands it to the JVM that runs it.
 *
 * @param backend {@code sqlite} or {@code fdb}
 * @param storeUrl the store the campaign's records go to
 * @param workload what the simulated workers answer
 * @param coordinators coordinator ranks, each with {@code workers} simulated workers
 * @param warmup executions of the first job, which primes the edge map and the JIT and is not measured
 * @param executions executions of the measured job
 * @param exploration the campaign's exploration policy: {@code tiers-full} (the default policy
 *     with its lower tiers full, as in a long campaign: a child that reaches nothing new is
 *     dropped), {@code tiers} (the default policy of a new campaign) or {@code novelty}
 * @param seed the random seed of the workload
 * @param durableStage whether the simulated workers stage with fsyncs, as a worker does
 * @param profile whether to keep a flight recording of the measured window
 */
record RunPlan(String backend, String storeUrl, Workload workload, int coordinators, int workers, long warmup,
               long executions, String exploration, long seed, boolean durableStage, boolean profile) {

    /** A short name for files and tables, e.g. {@code sqlite-1-mix}. */
    String label() {
        return backend + "-" + coordinators + "-" + workload.label();
    }

    List<String> arguments() {
        return List.of(backend, storeUrl, workload.label(), String.valueOf(coordinators), String.valueOf(workers),
                String.valueOf(warmup), String.valueOf(executions), exploration, String.valueOf(seed),
                String.valueOf(durableStage), String.valueOf(profile));
    }

    static RunPlan parse(List<String> arguments) {
        return new RunPlan(arguments.get(0), arguments.get(1), Workload.of(arguments.get(2)),
                Integer.parseInt(arguments.get(3)), Integer.parseInt(arguments.get(4)), Long.parseLong(arguments.get(5)),
                Long.parseLong(arguments.get(6)), arguments.get(7), Long.parseLong(arguments.get(8)),
                Boolean.parseBoolean(arguments.get(9)), Boolean.parseBoolean(arguments.get(10)));
    }
}
