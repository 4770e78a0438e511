package io.frontier.coordinator.bench;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The stretch of a job that is measured: from the first ASSIGN any simulated worker receives
 * (after replay, the corpus audit and the first claim) to the SHUTDOWN the last worker receives
 * (after every result's commit, the drain at the budget and the termination protocol's vote).
 * The job's last steps after that (statistics, the stage sweep) are left out, as its start is.
 *
 * <p>Opened by whichever worker thread receives an ASSIGN first, closed by the last worker thread
 * to receive its SHUTDOWN; each worker hands in its own CPU as it receives the SHUTDOWN, since it
 * ends right after.
 */
final class Window {

    /** What the window measured. */
    record Figures(double seconds, CpuSample cpu, long corpusFsyncs, StoreTraffic store, long startMicros,
                   long endMicros) {
    }

    private List<Thread> workers = List.of();
    private List<Thread> loops = List.of();
    private final LongSupplier corpusFsyncs;
    private final Supplier<StoreTraffic> storeTraffic;
    private final Runnable onOpen;
    private final Runnable onClose;
    private final Map<Thread, Long> workerCpuAtShutdown = new HashMap<>();
    private volatile boolean opened;
    private long openNanos;
    private long openMicros;
    private long fsyncsAtOpen;
    private StoreTraffic trafficAtOpen;
    private CpuSample atOpen;
    private Figures figures;

    /**
     * @param corpusFsyncs the fsyncs the coordinators' corpus code has made so far
     * @param storeTraffic what the coordinators have asked of their store so far
     * @param onOpen runs once the window opens, on the opening thread (e.g. starts a recording)
     * @param onClose runs once the window closes, on the closing thread
     */
    Window(LongSupplier corpusFsyncs, Supplier<StoreTraffic> storeTraffic, Runnable onOpen, Runnable onClose) {
        this.corpusFsyncs = corpusFsyncs;
        this.storeTraffic = storeTraffic;
        this.onOpen = onOpen;
        this.onClose = onClose;
    }

    /**
     * Names the threads to measure, before any of them starts: the simulated workers' and the
     * threads that run the coordinators' loops.
     */
    synchronized void watch(List<Thread> workerThreads, List<Thread> loopThreads) {
        workers = List.copyOf(workerThreads);
        loops = List.copyOf(loopThreads);
    }

    /** A worker received an ASSIGN: opens the window if it is the first. */
    void assignReceived() {
        if (opened) {
            return;
        }
        synchronized (this) {
            if (opened) {
                return;
            }
            long workerCpu = 0;
            for (Thread worker : workers) {
                workerCpu += CpuSample.of(worker);
            }
            atOpen = CpuSample.now(workerCpu, loops);
            fsyncsAtOpen = corpusFsyncs.getAsLong();
            trafficAtOpen = storeTraffic.get();
            openNanos = System.nanoTime();
            openMicros = epochMicros();
            onOpen.run();
            opened = true;
        }
    }

    /** The calling worker received its SHUTDOWN: closes the window if it is the last. */
    synchronized void shutdownReceived() {
        workerCpuAtShutdown.put(Thread.currentThread(), CpuSample.current());
        if (workerCpuAtShutdown.size() < workers.size()) {
            return;
        }
        long closeNanos = System.nanoTime();
        long closeMicros = epochMicros();
        long workerCpu = workerCpuAtShutdown.values().stream().mapToLong(Long::longValue).sum();
        CpuSample atClose = CpuSample.now(workerCpu, loops);
        long fsyncs = corpusFsyncs.getAsLong() - fsyncsAtOpen;
        StoreTraffic trafficAtClose = storeTraffic.get();
        onClose.run();
        if (!opened) {
            throw new IllegalStateException("the job ended before any worker received an ASSIGN");
        }
        figures = new Figures((closeNanos - openNanos) / 1e9, atClose.minus(atOpen), fsyncs,
                trafficAtClose.minus(trafficAtOpen), openMicros, closeMicros);
    }

    /** The figures, once every worker received its SHUTDOWN. */
    synchronized Figures figures() {
        if (figures == null) {
            throw new IllegalStateException("the measured window has not closed: not every worker was shut down");
        }
        return figures;
    }

    private static long epochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }
}
