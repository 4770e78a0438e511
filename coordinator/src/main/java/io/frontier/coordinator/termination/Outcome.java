package io.frontier.coordinator.termination;

import io.frontier.store.wire.ExitStatus;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Stats;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How the job ended for one coordinator.
 *
 * @param ending whether quiescence was committed or the job was stopped
 * @param exit the exit status this rank's process must use; the job's one verdict when root's
 *        release arrived
 * @param reason why it ended, in words
 * @param failures this coordinator's own control failures, in order
 * @param workerAcks the shutdown ACK of each worker of this coordinator's group that answered,
 *        in rank order
 * @param missingWorkers the workers of this group that did not answer before the deadline
 * @param coordinatorStats at root, every coordinator's stats in rank order (root's own included);
 *        empty elsewhere
 * @param unanswered every rank known not to have reached the end (coordinators without stats,
 *        workers without ACK, root if its release never came)
 */
public record Outcome(Ending ending, ExitStatus exit, String reason, List<String> failures,
                      Map<Integer, ShutdownAck> workerAcks, List<Integer> missingWorkers,
                      Map<Integer, Stats> coordinatorStats, List<Integer> unanswered) {

    /** How the job ended. */
    public enum Ending {
        /** Root confirmed quiescence and sent COMMIT. */
        COMMITTED,
        /** A control failure stopped the job. */
        STOPPED
    }

    public Outcome {
        Objects.requireNonNull(ending, "ending");
        Objects.requireNonNull(exit, "exit");
        Objects.requireNonNull(reason, "reason");
        failures = List.copyOf(failures);
        workerAcks = Collections.unmodifiableMap(new TreeMap<>(workerAcks));
        missingWorkers = List.copyOf(missingWorkers);
        coordinatorStats = Collections.unmodifiableMap(new TreeMap<>(coordinatorStats));
        unanswered = List.copyOf(unanswered);
    }

    /** The process exit code of this rank. */
    public int exitCode() {
        return exit.code();
    }

    /**
     * Whether every rank of the job reached the end. Only then may the rank call
     * {@code MPI_Finalize}, which waits for every rank; otherwise it must abort the job with
     * {@link #exitCode()} so the silent ranks are killed instead of waited for.
     */
    public boolean clean() {
        return unanswered.isEmpty();
    }
}
