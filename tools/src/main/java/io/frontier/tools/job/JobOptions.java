package io.frontier.tools.job;

import io.frontier.worker.link.MpiJobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The options {@code run} and {@code resume} share for the job they start. */
public final class JobOptions {

    /** Root's default beat interval; a job is presumed dead after three missed beats. */
    public static final long DEFAULT_HEARTBEAT_MILLIS = 5000;

    @Option(names = "--force",
            description = "Fence off the previous job even if its heartbeat says it may still be alive."
                    + " Safe (a fenced job can no longer change the campaign) but wasteful if it was alive.")
    boolean force;

    @Option(names = "--heartbeat-interval", paramLabel = "MS", defaultValue = "" + DEFAULT_HEARTBEAT_MILLIS,
            description = "Milliseconds between root's heartbeats (default: ${DEFAULT-VALUE}). The next resume"
                    + " presumes this job dead after three intervals without a beat.")
    long heartbeatMillis;

    @Option(names = "--max-time", paramLabel = "SECONDS", description = "Kill the job after this many seconds (default: no limit): a hard"
            + " safety net; --budget-time stops it cleanly instead.")
    Long maxSeconds;

    @Mixin
    BudgetOptions budget = new BudgetOptions();

    @Option(names = "--rank-jvm-option", paramLabel = "OPTION", converter = RankJvmOption.class,
            description = "A JVM option for every rank of the job, e.g. --rank-jvm-option=-Xmx2g; repeat it for more."
                    + " It follows Frontier's own (the serial collector, C1 only), so an -XX flag given here"
                    + " overrides theirs. mpirun passes no JAVA_TOOL_OPTIONS to other machines; this reaches every rank.")
    List<String> givenRankJvmOptions = new ArrayList<>();

    @Option(names = "--faults", hidden = true, description = "Fault injection for tests (see FaultPlan).")
    String faults;

    /** Every rank's JVM options: Frontier's own, then those the user gave. */
    List<String> rankJvmOptions() {
        List<String> all = new ArrayList<>(MpiJobSpec.RANK_JVM_OPTIONS);
        all.addAll(givenRankJvmOptions);
        return all;
    }

    /**
     * Accepts a JVM option: it starts with a dash (a word without one would be taken as the class
     * to run), and does not name another class path or jar, which would replace Frontier's.
     */
    static final class RankJvmOption implements ITypeConverter<String> {

        private static final Set<String> REPLACING = Set.of("-cp", "-classpath", "--class-path", "-jar");

        @Override
        public String convert(String value) {
            if (!value.startsWith("-")) {
                throw new TypeConversionException("'" + value + "' is not a JVM option (they start with '-');"
                        + " give one per --rank-jvm-option, e.g. --rank-jvm-option=-Xmx2g");
            }
            String name = value.contains("=") ? value.substring(0, value.indexOf('=')) : value;
            if (REPLACING.contains(name)) {
                throw new TypeConversionException("'" + value + "' would replace the ranks' class path;"
                        + " the ranks run on the launcher's");
            }
            return value;
        }
    }
}
