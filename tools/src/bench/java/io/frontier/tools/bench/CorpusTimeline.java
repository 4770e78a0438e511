package io.frontier.tools.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * When each input of a campaign's public corpus appeared, to within one checkpoint: a thread
 * lists {@code corpus/} at fixed intervals from the moment every seed is there (root's admission
 * of the seeds, which is when the campaign starts exploring), and keeps the names each listing
 * saw for the first time. The corpus only grows (promotion renames objects in and nothing
 * removes them), so the union of the first {@code k} deltas is the corpus at checkpoint {@code k}.
 */
final class CorpusTimeline {

    private static final Pattern OBJECT = Pattern.compile("[0-9a-f]{64}");
    private static final long POLL_MILLIS = 200;

    private final Path corpus;
    private final int seeds;
    private final long intervalMillis;
    private final Set<String> seen = new HashSet<>();
    private final List<Checkpoint> checkpoints = new ArrayList<>();
    private final Thread sampler;
    private volatile boolean stopping;
    private long startNanos;

    /** What one listing found: its time from the start and the objects it saw first. */
    record Checkpoint(double seconds, List<String> added) {
    }

    /** @param seeds how many objects the corpus holds once the seeds are admitted */
    CorpusTimeline(Path corpus, int seeds, long intervalMillis) {
        this.corpus = corpus;
        this.seeds = seeds;
        this.intervalMillis = intervalMillis;
        this.sampler = new Thread(this::sample, "corpus-timeline");
        this.sampler.setDaemon(true);
    }

    void start() {
        sampler.start();
    }

    /** Stops sampling and takes one last listing, the campaign's final corpus. */
    List<Checkpoint> finish() throws InterruptedException {
        stopping = true;
        sampler.join();
        if (startNanos != 0) {
            take();
        }
        return List.copyOf(checkpoints);
    }

    private void sample() {
        try {
            while (!stopping && list().size() < seeds) {
                Thread.sleep(POLL_MILLIS);
            }
            if (stopping) {
                return;
            }
            startNanos = System.nanoTime();
            take();
            long next = intervalMillis;
            while (!stopping) {
                if (elapsedMillis() >= next) {
                    take();
                    next += intervalMillis;
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void take() {
        List<String> added = new ArrayList<>();
        for (String name : list()) {
            if (seen.add(name)) {
                added.add(name);
            }
        }
        checkpoints.add(new Checkpoint(elapsedMillis() / 1000.0, added));
    }

    private long elapsedMillis() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private List<String> list() {
        if (!Files.isDirectory(corpus)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(corpus)) {
            return entries.map(entry -> entry.getFileName().toString()).filter(name -> OBJECT.matcher(name).matches()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("corpus cannot be listed: " + corpus, e);
        }
    }
}
