package io.frontier.coordinator.budget;

import io.frontier.store.campaign.Counts;
import io.frontier.store.keyspace.Counter;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Tells one coordinator whether its job's budget is used up. Once it has said so it keeps saying
 * so: a job never resumes taking work after it began to drain.
 *
 * <p>Every coordinator checks on its own, against its own clock and the campaign's counters in
 * the store; counters only grow, so all coordinators reach the same verdict within one check
 * interval of each other. The counters are read at most once per {@link #READ_INTERVAL_NANOS}
 * (a snapshot read of a few keys), so checking on every turn of the loop costs nothing; between
 * two reads the coordinator adds what it committed itself ({@link #committed}), so with one
 * coordinator the execution budget is overshot only by the executions running when it is reached.
 */
public final class BudgetCheck {

    static final long READ_INTERVAL_NANOS = 250_000_000L;

    private final Budget budget;
    private final long startNanos;
    private final Supplier<Counts> counts;
    private final LongSupplier committedExecutions;
    /** When the counters may be read again; meaningful once {@link #read} is true. */
    private long nextRead;
    private boolean read;
    /** Why the budget is used up, once it is; null before. */
    private String exhausted;
    /** The counters as last read, plus this coordinator's own commits since. */
    private long executions;
    private long corpus;

    /**
     * @param startNanos the {@link System#nanoTime()} the job's wall time counts from
     * @param counts reads the campaign's counters from the store
     * @param committedExecutions reads the campaign's committed executions from the store
     */
    public BudgetCheck(Budget budget, long startNanos, Supplier<Counts> counts, LongSupplier committedExecutions) {
        this.budget = budget;
        this.startNanos = startNanos;
        this.counts = counts;
        this.committedExecutions = committedExecutions;
    }

    /** Counts what this coordinator committed: {@code executions} results adding {@code newInputs} new work items. */
    public void committed(long executions, long newInputs) {
        this.executions += executions;
        this.corpus += newInputs;
    }

    /**
     * Whether a worker may get its next item while {@code uncommitted} valid results are in hand
     * but not yet committed: not once they would use up the execution budget as last counted.
     * A coordinator hands out the next item before it commits the results that freed the
     * worker; without this check each result of a batch that reaches the budget would start one
     * more execution, and the overshoot would grow with the batch.
     */
    public boolean allowsNextWith(long uncommitted) {
        return exhausted == null && (budget.executions() == 0 || executions + uncommitted < budget.executions());
    }

    /** Why the budget is used up at {@code nowNanos}, or empty while work may still be taken. */
    public Optional<String> exhausted(long nowNanos) {
        if (exhausted == null && budget.limited()) {
            exhausted = check(nowNanos);
        }
        return Optional.ofNullable(exhausted);
    }

    private String check(long nowNanos) {
        if (!budget.wallTime().isZero() && nowNanos - startNanos >= budget.wallTime().toNanos()) {
            return "wall-time budget of " + budget.wallTime().toSeconds() + " s used up";
        }
        if (budget.executions() == 0 && budget.corpus() == 0) {
            return null;
        }
        if (!read || nowNanos - nextRead >= 0) {
            read = true;
            nextRead = nowNanos + READ_INTERVAL_NANOS;
            readCounters();
        }
        if (budget.executions() > 0 && executions >= budget.executions()) {
            return "execution budget used up: " + executions + " of " + budget.executions() + " executions";
        }
        if (budget.corpus() > 0 && corpus >= budget.corpus()) {
            return "corpus budget used up: " + corpus + " of " + budget.corpus() + " inputs";
        }
        return null;
    }

    private void readCounters() {
        if (budget.executions() > 0) {
            executions = committedExecutions.getAsLong();
        }
        if (budget.corpus() == 0) {
            return;
        }
        Counts stored = counts.get();
        corpus = 0;
        for (Counter state : new Counter[] {Counter.PENDING, Counter.LEASED, Counter.COMMITTING, Counter.DONE,
                Counter.ABANDONED}) {
            corpus += stored.get(state);
        }
    }
}
