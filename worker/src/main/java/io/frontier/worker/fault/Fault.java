package io.frontier.worker.fault;

import java.time.Duration;
import java.util.Objects;

/**
 * One entry of a {@link FaultPlan}: what goes wrong, on which global rank, and on which
 * occurrence (the n-th assignment a worker answers, counting from 1; the n-th time a coordinator
 * reaches a stop point). Each fault fires at most once.
 */
public sealed interface Fault {

    /** The name the plan spells it with, e.g. {@code worker.stall}. */
    String name();

    /** The global rank it applies to. */
    int rank();

    /** The occurrence it fires on, from 1. */
    int occurrence();

    private static void check(int rank, int occurrence) {
        if (rank < 0 || occurrence < 1) {
            throw new IllegalArgumentException("a fault needs a rank of at least 0 and an occurrence of at least 1, got "
                    + rank + " and " + occurrence);
        }
    }

    /** A worker fault: it acts on one assignment of one worker rank. */
    sealed interface WorkerFault extends Fault {
    }

    /** The worker answers with bytes that do not decode as a RESULT (truncated JSON). */
    record MalformedResult(int rank, int occurrence) implements WorkerFault {

        public static final String NAME = "worker.malformed-result";

        public MalformedResult {
            check(rank, occurrence);
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /** The worker writes one undeclared, correctly named object into its stage beside the children. */
    record ExtraStageFile(int rank, int occurrence) implements WorkerFault {

        public static final String NAME = "worker.extra-stage-file";

        public ExtraStageFile {
            check(rank, occurrence);
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /** The worker sleeps {@code delay} after staging and before answering, so its lease can expire. */
    record Stall(int rank, int occurrence, Duration delay) implements WorkerFault {

        public static final String NAME = "worker.stall";

        public Stall {
            check(rank, occurrence);
            Objects.requireNonNull(delay, "delay");
        }

        @Override
        public String name() {
            return NAME;
        }
    }

    /**
     * The coordinator commits no group of fewer than {@code size} results while one of its
     * workers may still answer: a stop inside the commit chain then finds a group of that size.
     */
    record CommitGroup(int rank, int size) implements Fault {

        public static final String NAME = "coordinator.commit-group";

        public CommitGroup {
            check(rank, 1);
            if (size < 1) {
                throw new IllegalArgumentException("a commit group has at least one result, got " + size);
            }
        }

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public int occurrence() {
            return 1;
        }
    }

    /** The coordinator ends its process at {@code point}, as {@code kill -9} would. */
    record CoordinatorStop(int rank, int occurrence, StopPoint point) implements Fault {

        public static final String NAME = "coordinator.stop";

        public CoordinatorStop {
            check(rank, occurrence);
            Objects.requireNonNull(point, "point");
        }

        @Override
        public String name() {
            return NAME;
        }
    }
}
