package io.frontier.tools.job;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options {@code run} and {@code resume} share for the job they start. */
public final class JobOptions {

    /** Root's default beat interval; a job is presumed dead after three missed beats. */
    public static final long DEFAULT_HEARTBEAT_MILLIS = 5000;

    @Option(names = "--force",
            description = "Fence off the previous job even if its heartbeat says it may still be alive."
                    + " Safe (a fenced job can no longer change the campaign) but wasteful if it was alive.")
    boolean force;

    @Option(names = "--heartbeat-interval", defaultValue = "" + DEFAULT_HEARTBEAT_MILLIS,
            description = "Milliseconds between root's heartbeats (default: ${DEFAULT-VALUE}). The next resume"
                    + " presumes this job dead after three intervals without a beat.")
    long heartbeatMillis;

    @Option(names = "--max-time", description = "Kill the job after this many seconds (default: no limit): a hard"
            + " safety net; --budget-time stops it cleanly instead.")
    Long maxSeconds;

    @Mixin
    BudgetOptions budget = new BudgetOptions();

    @Option(names = "--faults", hidden = true, description = "Fault injection for tests (see FaultPlan).")
    String faults;
}
