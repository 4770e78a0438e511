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

    public MpiJobSpec {
        if (ranks < 1) {
            throw new IllegalArgumentException("an MPI job needs at least one rank, got " + ranks);
        }
        jvmOptions = List.copyOf(jvmOptions);
        arguments = List.copyOf(arguments);
        environment = Map.copyOf(environment);
    }
}
