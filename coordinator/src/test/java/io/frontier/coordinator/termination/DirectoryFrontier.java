package io.frontier.coordinator.termination;

import io.frontier.store.error.FrontierException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A coordinator's work kept in directories, so that coordinators in separate processes share
 * one "store": {@code external-<rank>/} holds inputs published for this coordinator,
 * {@code pending/} those admitted and not yet executed (what root's check looks at), and
 * {@code executed/} a marker per execution. Only {@link #refresh()} admits inputs.
 */
final class DirectoryFrontier implements LocalFrontier, GlobalCheck, CoordinatorFigures {

    private final Path external;
    private final Path pending;
    private final Path executed;
    private final Deque<String> queue = new ArrayDeque<>();
    private long executions;

    DirectoryFrontier(Path campaign, int rank) {
        this.external = campaign.resolve("external-" + rank);
        this.pending = campaign.resolve("pending");
        this.executed = campaign.resolve("executed");
        try {
            Files.createDirectories(external);
            Files.createDirectories(pending);
            Files.createDirectories(executed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean idle() {
        return queue.isEmpty();
    }

    @Override
    public boolean refresh() {
        for (Path input : list(external)) {
            String name = input.getFileName().toString();
            move(input, pending.resolve(name));
            queue.add(name);
        }
        return queue.isEmpty();
    }

    /** Executes the oldest queued input: marks it executed, then takes it off the pending list. */
    void step() {
        String input = queue.poll();
        if (input == null) {
            return;
        }
        move(pending.resolve(input), executed.resolve(input));
        executions++;
    }

    @Override
    public boolean confirmQuiescent() {
        return list(pending).length == 0;
    }

    @Override
    public long invalidResults() {
        return 0;
    }

    @Override
    public Map<String, Long> counts() {
        return Map.of("executions", executions);
    }

    private static Path[] list(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.sorted().toArray(Path[]::new);
        } catch (IOException e) {
            throw new FrontierException("work directory cannot be listed").with("directory", directory);
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new FrontierException("work file cannot be moved").with("from", from).with("to", to);
        }
    }
}
