package io.frontier.coordinator.liveness;

import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.error.FencedException;
import io.frontier.store.kv.TransactionOutcomeUnknownException;
import io.frontier.store.record.JobHeartbeat;
import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The root coordinator's heartbeat: one beat in the store at start, then one every interval on
 * a daemon thread of its own (so a long replay, audit or commit on the event loop does not make
 * the job look dead), and a last beat saying the job ended.
 *
 * <p>Once a newer epoch has fenced the job off, the store refuses its beats: the heartbeat
 * stops for good and {@link #fenced()} turns true; it never overwrites the newer job's. A beat
 * the store cannot take for another reason (unavailable, busy past the deadline) is reported and
 * the next one tried as usual.
 */
public final class Heartbeat {

    /** Longer than a beat can take: the store's transactions time out well before. */
    private static final long BEAT_DEADLINE_MILLIS = 30_000;

    private final CampaignStore store;
    private final PrintStream log;
    private final ScheduledExecutorService timer;
    /** The beat written last, or to be written first. */
    private volatile JobHeartbeat last;
    /** True once the store refused a beat because the epoch moved on. */
    private volatile boolean fenced;

    private Heartbeat(CampaignStore store, JobHeartbeat first, PrintStream log) {
        this.store = store;
        this.log = log;
        this.last = first;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "frontier-heartbeat");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Writes {@code first} before returning, then beats every {@link JobHeartbeat#intervalMillis}
     * until {@link #end}. A job fenced off before its first beat does not beat at all.
     */
    public static Heartbeat start(CampaignStore store, JobHeartbeat first, PrintStream log) {
        Heartbeat heartbeat = new Heartbeat(store, first, log);
        heartbeat.write(first);
        if (!heartbeat.fenced) {
            long interval = first.intervalMillis();
            heartbeat.timer.scheduleWithFixedDelay(heartbeat::beat, interval, interval, TimeUnit.MILLISECONDS);
        }
        return heartbeat;
    }

    /** True once a newer epoch refused this job's beat. */
    public boolean fenced() {
        return fenced;
    }

    /**
     * Stops beating and, unless fenced off, writes the job's last beat, in phase
     * {@link io.frontier.store.record.JobPhase#ENDED}, so that the next job need not wait for
     * silence. Waits for a beat in progress first, so no running beat can follow the last one.
     * Call it once, when root's part of the job is over.
     */
    public void end() {
        timer.shutdown();
        try {
            if (!timer.awaitTermination(BEAT_DEADLINE_MILLIS, TimeUnit.MILLISECONDS)) {
                log.println("frontier: heartbeat: a beat did not finish; the job is not marked ended");
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (!fenced) {
            write(last.endedAt(now()));
        }
    }

    private void beat() {
        if (timer.isShutdown()) {
            return;
        }
        write(last.beatAt(now()));
        if (fenced) {
            timer.shutdown();
        }
    }

    private void write(JobHeartbeat beat) {
        try {
            store.beat(beat.epoch(), beat);
            last = beat;
        } catch (FencedException e) {
            fenced = true;
            log.println("frontier: heartbeat: this job has been fenced off by a newer epoch; no further beats: "
                    + e.getMessage());
        } catch (TransactionOutcomeUnknownException e) {
            // A beat only overwrites the heartbeat, so whether this one landed matters to no one:
            // the next beat writes a newer one either way.
            log.println("frontier: heartbeat: whether a beat was written is unknown; the next beat writes it again: "
                    + e.getMessage());
        } catch (RuntimeException e) {
            // An unchecked failure would silently cancel the schedule; report it and beat again.
            log.println("frontier: heartbeat: a beat could not be written: " + e.getMessage());
        }
    }

    private static double now() {
        return System.currentTimeMillis() / 1000.0;
    }
}
