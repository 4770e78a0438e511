package io.frontier.coordinator.liveness;

import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.record.JobPhase;
import java.util.Locale;

/**
 * What the store says about the job that runs the campaign's current epoch, judged at one
 * instant: it ended, it has been silent long enough to be presumed dead, or it may still be
 * alive.
 *
 * <p>A running job is presumed dead after {@value #SILENT_BEATS} of its own beat intervals
 * without a beat. A starting job (its launcher beat, its root has not yet) is given at least
 * {@link #STARTUP_GRACE_SECONDS} from the launcher's beat, since starting ranks across a
 * cluster takes a while. An epoch in which no job ever beat (a campaign just created by
 * {@code init}, or from before heartbeats) has no job to wait for. Ages are read on the judging
 * machine's clock against the beating machine's, so clocks are assumed roughly in step.
 */
public sealed interface JobLiveness {

    /** Missed beats after which a job is presumed dead. */
    int SILENT_BEATS = 3;
    /** How long a starting job may take from its launcher's beat to its root's first beat. */
    double STARTUP_GRACE_SECONDS = 60.0;

    /** The epoch whose job was judged. */
    long epoch();

    /** The id of the job that runs that epoch. */
    String job();

    /** Its last beat, or null if it never beat. */
    JobHeartbeat last();

    /** A one-line account for messages, e.g. "job j (epoch 4) on node-3 pid 812: last beat 2.0 s ago". */
    String describe();

    /** Its root said the job ended. */
    record Ended(long epoch, String job, JobHeartbeat last) implements JobLiveness {

        @Override
        public String describe() {
            return who(this) + ": ended";
        }
    }

    /** No sign of life for {@code silentSeconds}, longer than its allowance: presumed dead. */
    record Silent(long epoch, String job, JobHeartbeat last, double silentSeconds) implements JobLiveness {

        @Override
        public String describe() {
            return who(this) + ": " + sign(last) + " " + seconds(silentSeconds) + " ago";
        }
    }

    /**
     * A sign of life {@code silentSeconds} old, within its allowance of {@code allowedSeconds}:
     * the job may still be running.
     */
    record MaybeAlive(long epoch, String job, JobHeartbeat last, double silentSeconds, double allowedSeconds)
            implements JobLiveness {

        @Override
        public String describe() {
            return who(this) + ": " + sign(last) + " " + seconds(silentSeconds) + " ago, presumed dead after "
                    + seconds(allowedSeconds);
        }
    }

    /**
     * Judges, at {@code now} (Unix seconds), the job that moved the campaign to {@code current},
     * from {@code beat}, the stored heartbeat (null if none). A heartbeat of an older epoch is
     * not this job's: it only shows that an earlier job was fenced off.
     */
    static JobLiveness judge(EpochRecord current, JobHeartbeat beat, double now) {
        long epoch = current.epoch();
        String job = current.job();
        if (beat == null || beat.epoch() != epoch) {
            return new Silent(epoch, job, null, now - current.changedAt());
        }
        if (beat.ended()) {
            return new Ended(epoch, job, beat);
        }
        double silent = now - beat.at();
        double allowed = SILENT_BEATS * beat.intervalMillis() / 1000.0;
        if (beat.phase() == JobPhase.STARTING) {
            allowed = Math.max(allowed, STARTUP_GRACE_SECONDS);
        }
        return silent < allowed
                ? new MaybeAlive(epoch, job, beat, silent, allowed)
                : new Silent(epoch, job, beat, silent);
    }

    private static String who(JobLiveness liveness) {
        JobHeartbeat last = liveness.last();
        String where = last == null ? "" : " on " + last.host() + " pid " + last.pid();
        return "job " + liveness.job() + " (epoch " + liveness.epoch() + ")" + where;
    }

    private static String sign(JobHeartbeat last) {
        if (last == null) {
            return "never beat; epoch moved";
        }
        return last.phase() == JobPhase.STARTING ? "starting, last beat" : "last beat";
    }

    private static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.1f s", seconds);
    }
}
