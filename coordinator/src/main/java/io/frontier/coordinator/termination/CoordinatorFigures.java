package io.frontier.coordinator.termination;

import java.util.Map;

/** What a coordinator reports about its part of the campaign when the job ends. */
public interface CoordinatorFigures {

    /** Worker results this coordinator rejected as invalid; any makes the job's exit code 1. */
    long invalidResults();

    /** Named non-negative counts for the campaign summary (executions, children, ...). */
    Map<String, Long> counts();
}
