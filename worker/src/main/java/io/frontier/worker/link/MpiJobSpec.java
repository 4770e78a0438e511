package io.frontier.worker.link;

import java.util.List;

/**
 * What one MPI job runs: {@code ranks} JVMs, each executing {@code mainClass} with
 * {@code arguments}, on {@code classpath}, with extra {@code jvmOptions}.
 */
public record MpiJobSpec(int ranks, String classpath, List<String> jvmOptions, String mainClass,
                         List<String> arguments) {

    public MpiJobSpec {
        if (ranks < 1) {
            throw new IllegalArgumentException("an MPI job needs at least one rank, got " + ranks);
        }
        jvmOptions = List.copyOf(jvmOptions);
        arguments = List.copyOf(arguments);
    }
}
