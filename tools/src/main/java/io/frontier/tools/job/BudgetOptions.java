package io.frontier.tools.job;

import io.frontier.coordinator.budget.Budget;
import io.frontier.tools.ValueRange;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * Where a job stops taking new work: the options of {@code run}, {@code resume} and {@code rank}.
 * Reaching a budget drains the job (running executions finish and commit, claimed work goes back
 * to pending) and ends it with exit code 75 ({@link io.frontier.tools.ExitCodes#STOPPED}); {@code frontier
 * resume} carries on from there.
 */
public final class BudgetOptions {

    /** A job's wall time: up to a hundred years, which a coordinator's clock arithmetic holds. */
    static final ValueRange SECONDS = new ValueRange(0, JobOptions.MAX_SECONDS, "seconds", "0: no limit");
    /** Executions the campaign committed. */
    static final ValueRange EXECUTIONS = new ValueRange(0, Long.MAX_VALUE, "executions", "0: no limit");
    /** Inputs the campaign knows. */
    static final ValueRange CORPUS = new ValueRange(0, Long.MAX_VALUE, "inputs", "0: no limit");

    @Option(names = "--budget-time", paramLabel = "SECONDS", defaultValue = "0",
            description = "Stop taking new work after this many seconds of this job, then drain and end with exit 75"
                    + " (0: no limit).")
    long seconds;

    @Option(names = "--budget-executions", paramLabel = "N", defaultValue = "0",
            description = "Stop once the campaign has committed this many executions, all jobs together (0: no limit).")
    long executions;

    @Option(names = "--budget-corpus", paramLabel = "N", defaultValue = "0",
            description = "Stop once the campaign knows this many inputs, seeds and admitted children (0: no limit).")
    long corpus;

    /** Refuses a budget option out of range, naming it, its value and the range (exit 2). */
    void validate(CommandSpec spec) {
        SECONDS.requireOption(spec, "--budget-time", seconds);
        EXECUTIONS.requireOption(spec, "--budget-executions", executions);
        CORPUS.requireOption(spec, "--budget-corpus", corpus);
    }

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
