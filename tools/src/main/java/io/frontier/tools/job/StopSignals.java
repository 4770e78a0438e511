package io.frontier.tools.job;

import io.frontier.coordinator.stop.StopRequest;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * What SIGINT and SIGTERM to the launcher do while its job runs. The first asks the job to drain
 * (a {@link StopRequest} every coordinator sees, as at a budget): running executions finish and
 * commit, nothing new starts, and the job ends with exit code 75 ({@link io.frontier.tools.ExitCodes#STOPPED}).
 * The second ends the job at once
 * ({@link JobTreeKill}); {@code frontier resume} then replays what was in flight. Each says on
 * standard error which it is.
 *
 * <p>A shutdown hook cannot tell the first signal from the second and runs only once the JVM
 * exits, so the launcher takes the signals itself while a job runs and gives them back to the
 * JVM after. Jobs launched from one JVM at a time (tests) each get every signal.
 */
final class StopSignals implements AutoCloseable {

    private static final List<String> SIGNALS = List.of("INT", "TERM");
    private static final Set<StopSignals> ACTIVE = new LinkedHashSet<>();
    private static final Map<String, SignalHandler> PREVIOUS = new HashMap<>();

    private final Path campaign;
    private final long epoch;
    private final PrintWriter err;
    private Process job;
    private int received;
    private String first;
    private CompletableFuture<Integer> ending;

    private StopSignals(Path campaign, long epoch, PrintWriter err) {
        this.campaign = campaign;
        this.epoch = epoch;
        this.err = err;
    }

    /** Takes SIGINT and SIGTERM for the job of {@code epoch} in {@code campaign} until {@link #close}. */
    static StopSignals install(Path campaign, long epoch, PrintWriter err) {
        StopSignals signals = new StopSignals(campaign, epoch, err);
        synchronized (ACTIVE) {
            if (ACTIVE.isEmpty()) {
                for (String name : SIGNALS) {
                    try {
                        PREVIOUS.put(name, Signal.handle(new Signal(name), StopSignals::dispatch));
                    } catch (IllegalArgumentException unavailable) {
                        // The JVM keeps this signal (-Xrs): it then ends the launcher as before.
                        err.printf("frontier: SIG%s cannot be taken (%s); it ends this launcher, not the job%n",
                                name, unavailable.getMessage());
                    }
                }
            }
            ACTIVE.add(signals);
        }
        return signals;
    }

    private static void dispatch(Signal signal) {
        List<StopSignals> active;
        synchronized (ACTIVE) {
            active = List.copyOf(ACTIVE);
        }
        active.forEach(signals -> signals.receive("SIG" + signal.getName()));
    }

    /** The job's mpirun, once started: a second signal kills it and everything under it. */
    synchronized void attach(Process mpirun) {
        job = mpirun;
        if (received >= 2) {
            endAtOnce();
        }
    }

    private synchronized void receive(String signal) {
        received++;
        if (received == 1) {
            first = signal;
            drain(signal);
        } else if (received == 2) {
            err.printf("frontier: %s again: ending the job of epoch %d at once (mpirun, its ranks and their"
                    + " executions are killed); frontier resume %s replays what was in flight%n", signal, epoch, campaign);
            err.flush();
            endAtOnce();
        } else {
            err.printf("frontier: %s: the job of epoch %d is being ended at once already%n", signal, epoch);
            err.flush();
        }
    }

    private void drain(String signal) {
        try {
            new StopRequest(epoch, signal + " to the launcher, pid " + ProcessHandle.current().pid() + " on "
                    + JobLauncher.hostName()).writeTo(campaign);
            err.printf("frontier: %s: stopping: draining the job of epoch %d: running executions finish and commit,"
                    + " nothing new starts, then it ends with exit code 75 and frontier resume carries on; press"
                    + " Ctrl-C again (or send another SIGINT or SIGTERM) to end it at once%n", signal, epoch);
        } catch (RuntimeException e) {
            err.printf("frontier: %s: the job cannot be asked to drain (%s); press Ctrl-C again (or send another"
                    + " SIGINT or SIGTERM) to end it at once%n", signal, e.getMessage());
        }
        err.flush();
    }

    private void endAtOnce() {
        if (job == null || ending != null) {
            return;
        }
        ProcessHandle mpirun = job.toHandle();
        ending = new CompletableFuture<>();
        // The kill waits for every process to exit; this keeps the signal thread free meanwhile.
        Thread killer = new Thread(() -> {
            try {
                ending.complete(JobTreeKill.kill(mpirun));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ending.completeExceptionally(e);
            } catch (RuntimeException e) {
                ending.completeExceptionally(e);
            }
        }, "frontier-end-job");
        killer.setDaemon(true);
        killer.start();
    }

    /** The first signal's name (e.g. SIGINT), once one came; null before. */
    synchronized String firstSignal() {
        return first;
    }

    /**
     * Whether a second signal ended the job at once; if so, waits until every process of the
     * job has exited.
     */
    boolean endedAtOnce() throws InterruptedException {
        CompletableFuture<Integer> kill;
        synchronized (this) {
            kill = ending;
        }
        if (kill == null) {
            return false;
        }
        try {
            kill.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e.getCause());
        }
        return true;
    }

    @Override
    public void close() {
        synchronized (ACTIVE) {
            ACTIVE.remove(this);
            if (ACTIVE.isEmpty()) {
                PREVIOUS.forEach((name, handler) -> Signal.handle(new Signal(name), handler));
                PREVIOUS.clear();
            }
        }
    }
}
