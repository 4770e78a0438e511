package io.frontier.tools.job;

import io.frontier.coordinator.budget.Budget;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Where a job stops taking new work: the options of {@code run}, {@code resume} and {@code rank}.
 * Reaching a budget drains the job (running executions finish and commit, claimed work goes back
 * to pending) and ends it with exit code 0; {@code frontier resume} carries on from there.
 */
public final class BudgetOptions {

    @Option(names = "--budget-time", paramLabel = "SECONDS", defaultValue = "0",
            description = "Stop taking new work after this many seconds of this job, then drain and end (0: no limit).")
    long seconds;

    @Option(names = "--budget-executions", paramLabel = "N", defaultValue = "0",
            description = "Stop once the campaign has committed this many executions, all jobs together (0: no limit).")
    long executions;

    @Option(names = "--budget-corpus", paramLabel = "N", defaultValue = "0",
            description = "Stop once the campaign knows this many inputs, seeds and admitted children (0: no limit).")
    long corpus;

    /** The budget these options describe. */
    public Budget budget() {
        return new Budget(Duration.ofSeconds(seconds), executions, corpus);
    }

    /** The same options for the command line of every rank. */
    List<String> arguments() {
        return List.of("--budget-time", Long.toString(seconds), "--budget-executions", Long.toString(executions),
                "--budget-corpus", Long.toString(corpus));
    }
}
