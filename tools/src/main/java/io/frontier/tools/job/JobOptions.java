package io.frontier.tools.job;

import io.frontier.tools.ValueRange;
import io.frontier.worker.link.MpiJobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The options {@code run} and {@code resume} share for the job they start. */
public final class JobOptions {

    /** Root's default beat interval; a job is presumed dead after three missed beats. */
    public static final long DEFAULT_HEARTBEAT_MILLIS = 5000;
    /** A hundred years: the longest time a job option may name. */
    static final long MAX_SECONDS = 3_153_600_000L;
    /**
     * Root's beat interval: at least 100 ms (each beat is a store transaction), at most an hour
     * (a job that died is presumed dead only after three intervals).
     */
    static final ValueRange HEARTBEAT_MILLIS = ValueRange.of(100, 3_600_000, "ms");
    /** The job's hard limit. */
    static final ValueRange MAX_TIME_SECONDS = ValueRange.of(1, MAX_SECONDS, "seconds");
    /**
     * Worker ranks of one job: with the coordinators, one {@code mpirun}'s job, whose rank count
     * must stay far from the integer range's end.
     */
    static final ValueRange WORKERS = ValueRange.of(1, 65_535, "workers");

    @Option(names = "--force",
            description = "Fence off the previous job even if its heartbeat says it may still be alive."
                    + " Safe (a fenced job can no longer change the campaign) but wasteful if it was alive.")
    boolean force;

    @Option(names = "--heartbeat-interval", paramLabel = "MS", defaultValue = "" + DEFAULT_HEARTBEAT_MILLIS,
            description = "Milliseconds between root's heartbeats, 100 to 3,600,000 (default: ${DEFAULT-VALUE}). The next resume"
                    + " presumes this job dead after three intervals without a beat.")
    long heartbeatMillis;

    @Option(names = "--max-time", paramLabel = "SECONDS", description = "Kill the job after this many seconds, at least 1"
            + " (default: no limit): a hard safety net, exit 75, and frontier resume replays what was in flight;"
            + " --budget-time stops it cleanly instead.")
    Long maxSeconds;

    @Mixin
    BudgetOptions budget = new BudgetOptions();

    @Mixin
    CorpusAuditOption audit = new CorpusAuditOption();

    @Option(names = "--rank-jvm-option", paramLabel = "OPTION", converter = RankJvmOption.class,
            description = "A JVM option for every rank of the job, e.g. --rank-jvm-option=-Xmx2g; repeat it for more."
                    + " It follows Frontier's own (the serial collector, C1 only), so an -XX flag given here"
                    + " overrides theirs. mpirun passes no JAVA_TOOL_OPTIONS to other machines; this reaches every rank.")
    List<String> givenRankJvmOptions = new ArrayList<>();

    @Option(names = "--faults", hidden = true, description = "Fault injection for tests (see FaultPlan).")
    String faults;

    /**
     * Refuses, before anything is created or fenced, every job option given a value outside its
     * range, naming the option, the value and the range (exit 2).
     */
    void validate(CommandSpec spec) {
        HEARTBEAT_MILLIS.requireOption(spec, "--heartbeat-interval", heartbeatMillis);
        if (maxSeconds != null) {
            MAX_TIME_SECONDS.requireOption(spec, "--max-time", maxSeconds);
        }
        budget.validate(spec);
    }

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
