package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;

/**
 * The last sign of life of the job that runs an epoch: written {@link JobPhase#STARTING} by the
 * command that launched the job right after it moved the epoch, then {@link JobPhase#RUNNING}
 * by the job's root coordinator every {@code intervalMillis}, and once more,
 * {@link JobPhase#ENDED}, when the job ends. It only informs: whether a job may still be alive is a guess from wall-clock age, and fencing
 * (the epoch bump) is what makes a job that is still alive harmless.
 *
 * @param epoch the epoch the job runs in
 * @param job the job's id, as in the {@link EpochRecord} that the job's start wrote
 * @param host the host name of the writer's machine (the launcher's while starting, then root's)
 * @param pid the writer's process id on {@code host}
 * @param workers how many worker ranks the job has
 * @param intervalMillis how often the root beats, in milliseconds
 * @param phase where the job stands
 * @param at Unix seconds of this beat, by the writer's clock
 */
public record JobHeartbeat(int schema, long epoch, String job, String host, long pid, int workers,
                           long intervalMillis, JobPhase phase, double at) {

    public static final int SCHEMA = 1;
    private static final int MAX_HOST_LENGTH = 255;

    public JobHeartbeat {
        if (schema != SCHEMA) {
            throw new InvalidInputException("job heartbeat schema is not supported").with("schema", schema);
        }
        if (phase == null) {
            throw new InvalidInputException("job heartbeat lacks its phase");
        }
        if (epoch < 1 || pid < 1 || workers < 0 || intervalMillis < 1) {
            throw new InvalidInputException("job heartbeat fields out of range")
                    .with("epoch", epoch).with("pid", pid).with("workers", workers)
                    .with("intervalMillis", intervalMillis);
        }
        Owner.of(job);
        if (host == null || host.isEmpty() || host.length() > MAX_HOST_LENGTH
                || !host.chars().allMatch(c -> c >= 0x21 && c <= 0x7e)) {
            throw new InvalidInputException("job heartbeat host is empty, too long or not printable ASCII")
                    .with("host", host);
        }
        Times.instant("at", at);
    }

    /** The launcher's beat for the job it is starting. */
    public static JobHeartbeat starting(long epoch, String job, String host, long pid, int workers, long intervalMillis,
                                        double at) {
        return new JobHeartbeat(SCHEMA, epoch, job, host, pid, workers, intervalMillis, JobPhase.STARTING, at);
    }

    /** A beat of the job's running root. */
    public static JobHeartbeat running(long epoch, String job, String host, long pid, int workers, long intervalMillis,
                                       double at) {
        return new JobHeartbeat(SCHEMA, epoch, job, host, pid, workers, intervalMillis, JobPhase.RUNNING, at);
    }

    /** The same writer beating again at {@code now}, running. */
    public JobHeartbeat beatAt(double now) {
        return new JobHeartbeat(SCHEMA, epoch, job, host, pid, workers, intervalMillis, JobPhase.RUNNING, now);
    }

    /** The job's last word, at {@code now}: it has ended. */
    public JobHeartbeat endedAt(double now) {
        return new JobHeartbeat(SCHEMA, epoch, job, host, pid, workers, intervalMillis, JobPhase.ENDED, now);
    }

    /** True once the job said it ended. */
    public boolean ended() {
        return phase == JobPhase.ENDED;
    }
}
