package io.frontier.coordinator.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * A flight recording of the measured window and what it says about the threads of the JVM other
 * than the simulated workers: the methods they were executing when sampled (self), and the methods
 * on their stacks (inclusive). Java execution samples only count threads running Java code; the
 * time a thread spends in native code (SQLite's library, fsync, hashing intrinsics are Java) shows
 * in the native samples, which do not tell running from waiting.
 */
final class FlightProfile {

    private static final Duration JAVA_PERIOD = Duration.ofMillis(1);
    private static final Duration NATIVE_PERIOD = Duration.ofMillis(20);
    private static final int TOP = 25;

    private final Path file;
    private Recording recording;

    FlightProfile(Path file) {
        this.file = file;
    }

    void start() {
        recording = new Recording();
        recording.enable("jdk.ExecutionSample").withPeriod(JAVA_PERIOD);
        recording.enable("jdk.NativeMethodSample").withPeriod(NATIVE_PERIOD);
        recording.start();
    }

    void stop() {
        recording.stop();
        try {
            recording.dump(file);
        } catch (IOException e) {
            throw new UncheckedIOException("flight recording cannot be written to " + file, e);
        }
        recording.close();
    }

    /**
     * The top frames of the samples of threads not named {@code bench-worker-*}: for Java
     * execution samples, self and inclusive; for native samples, the topmost Java frame.
     */
    Map<String, Object> summary() {
        Map<String, Integer> self = new HashMap<>();
        Map<String, Integer> inclusive = new HashMap<>();
        Map<String, Integer> nativeTop = new HashMap<>();
        Map<String, Integer> threads = new HashMap<>();
        int javaSamples = 0;
        int nativeSamples = 0;
        try (RecordingFile events = new RecordingFile(file)) {
            while (events.hasMoreEvents()) {
                RecordedEvent event = events.readEvent();
                String type = event.getEventType().getName();
                boolean java = type.equals("jdk.ExecutionSample");
                if (!java && !type.equals("jdk.NativeMethodSample")) {
                    continue;
                }
                String thread = event.getThread("sampledThread") == null ? "?"
                        : String.valueOf(event.getThread("sampledThread").getJavaName());
                RecordedStackTrace stack = event.getStackTrace();
                if (thread.startsWith("bench-worker-") || stack == null || stack.getFrames().isEmpty()) {
                    continue;
                }
                List<RecordedFrame> frames = stack.getFrames();
                if (java) {
                    javaSamples++;
                    threads.merge(thread, 1, Integer::sum);
                    self.merge(name(frames.get(0)), 1, Integer::sum);
                    Set<String> seen = new HashSet<>();
                    for (RecordedFrame frame : frames) {
                        String method = name(frame);
                        if (seen.add(method)) {
                            inclusive.merge(method, 1, Integer::sum);
                        }
                    }
                } else if (!thread.startsWith("bench-") && !thread.equals("main")) {
                    nativeSamples++;
                    nativeTop.merge(name(frames.get(0)), 1, Integer::sum);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("flight recording cannot be read from " + file, e);
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("recording", file.getFileName().toString());
        summary.put("javaSamples", javaSamples);
        summary.put("javaSamplesByThread", top(threads, javaSamples));
        summary.put("selfTop", top(self, javaSamples));
        summary.put("inclusiveTop", top(inclusive, javaSamples));
        summary.put("nativeSamples", nativeSamples);
        summary.put("nativeTop", top(nativeTop, nativeSamples));
        return summary;
    }

    private static String name(RecordedFrame frame) {
        return frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
    }

    /** The {@link #TOP} largest counts, each as "percent method". */
    private static List<String> top(Map<String, Integer> counts, int total) {
        List<Map.Entry<String, Integer>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
        List<String> lines = new ArrayList<>();
        for (Map.Entry<String, Integer> entry : entries.subList(0, Math.min(TOP, entries.size()))) {
            lines.add(String.format("%5.1f%% %s", 100.0 * entry.getValue() / Math.max(1, total), entry.getKey()));
        }
        return lines;
    }
}
