package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;

/**
 * The last sign of life of the job that runs an epoch, written by that job's root coordinator
 * every {@code intervalMillis} and once more, with {@code ended} true, when the job ends. It
 * only informs: whether a job may still be alive is a guess from wall-clock age, and fencing
 * (the epoch bump) is what makes a job that is still alive harmless.
 *
 * @param epoch the epoch the job runs in
 * @param job the job's id, as in the {@link EpochRecord} that the job's start wrote
 * @param host the host name of the root coordinator's machine
 * @param pid the root coordinator's process id on {@code host}
 * @param workers how many worker ranks the job has
 * @param intervalMillis how often the root beats, in milliseconds
 * @param at Unix seconds of this beat, by the root's clock
 * @param ended true once the root has finished its part of the job: no further beat will come
 */
public record JobHeartbeat(int schema, long epoch, String job, String host, long pid, int workers,
                           long intervalMillis, double at, boolean ended) {

    public static final int SCHEMA = 1;
    private static final int MAX_HOST_LENGTH = 255;

    public JobHeartbeat {
        if (schema != SCHEMA) {
            throw new InvalidInputException("job heartbeat schema is not supported").with("schema", schema);
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

    /** The first beat of a running job. */
    public static JobHeartbeat of(long epoch, String job, String host, long pid, int workers, long intervalMillis,
                                  double at) {
        return new JobHeartbeat(SCHEMA, epoch, job, host, pid, workers, intervalMillis, at, false);
    }

    /** The same job beating again at {@code now}. */
    public JobHeartbeat beatAt(double now) {
        return new JobHeartbeat(SCHEMA, epoch, job, host, pid, workers, intervalMillis, now, false);
    }

    /** The job's last word, at {@code now}: it has ended. */
    public JobHeartbeat endedAt(double now) {
        return new JobHeartbeat(SCHEMA, epoch, job, host, pid, workers, intervalMillis, now, true);
    }
}
