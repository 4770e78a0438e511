package io.frontier.worker.link;

import java.util.List;
import java.util.Map;

/**
 * What one MPI job runs: {@code ranks} JVMs, each executing {@code mainClass} with
 * {@code arguments}, on {@code classpath}, with extra {@code jvmOptions} and with
 * {@code environment} set in every rank (on every node, not only this one).
 */
public record MpiJobSpec(int ranks, String classpath, List<String> jvmOptions, String mainClass,
                         List<String> arguments, Map<String, String> environment) {

    /**
     * The JVM options of every rank. Ranks share their nodes with the programs they run (SymCC,
     * afl-showmap), so every cycle a rank's JVM spends on itself is taken from those programs.
     * The serial collector collects on one thread, not on one per core. C1 only, because
     * in the first 30 s of a 2-worker SymCC campaign the tiered compiler's threads ran 7 to 10 s
     * in each rank, and with C1 alone the three ranks used 20 s of CPU in a minute instead of
     * 28 s, which went to SymCC. What C1 gives up, C2's SHA-256 intrinsic (hashing at a tenth of
     * the speed), costs little on SymCC's inputs of bytes to kilobytes. Figures: docs/design/decisions/0003.
     */
    public static final List<String> RANK_JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    public MpiJobSpec {
        if (ranks < 1) {
            throw new IllegalArgumentException("an MPI job needs at least one rank, got " + ranks);
        }
        jvmOptions = List.copyOf(jvmOptions);
        arguments = List.copyOf(arguments);
        environment = Map.copyOf(environment);
    }
}
