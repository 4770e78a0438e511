package io.frontier.coordinator.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.campaign.Counts;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.keyspace.Counter;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class BudgetCheckTest {

    private static final long START = 1_000_000_000L;
    private static final long SECOND = 1_000_000_000L;

    private final Map<Counter, Long> stored = new EnumMap<>(Counter.class);
    private final AtomicLong executions = new AtomicLong();
    private final AtomicInteger reads = new AtomicInteger();

    private BudgetCheck check(Budget budget) {
        return new BudgetCheck(budget, START, () -> {
            reads.incrementAndGet();
            return new Counts(Map.copyOf(stored));
        }, () -> {
            reads.incrementAndGet();
            return executions.get();
        });
    }

    @Test
    void noBudgetNeverReadsTheStoreAndNeverStops() {
        BudgetCheck check = check(Budget.NONE);

        assertThat(check.exhausted(START + 1_000_000 * SECOND)).isEmpty();
        assertThat(reads).hasValue(0);
    }

    @Test
    void theWallTimeBudgetStopsAtItsEndNotBefore() {
        BudgetCheck check = check(new Budget(Duration.ofSeconds(10), 0, 0));

        assertThat(check.exhausted(START + 10 * SECOND - 1)).isEmpty();
        assertThat(check.exhausted(START + 10 * SECOND)).contains("wall-time budget of 10 s used up");
        assertThat(reads).as("a time budget needs no store read").hasValue(0);
    }

    @Test
    void theExecutionBudgetCountsCommittedExecutionsNotItemsDoneAndStaysExhausted() {
        BudgetCheck check = check(new Budget(Duration.ZERO, 5, 0));
        // One item ran three times: its repeats are executions, but it is done only once.
        stored.put(Counter.DONE, 2L);
        executions.set(4);
        assertThat(check.exhausted(START)).isEmpty();

        executions.set(5);
        long later = START + BudgetCheck.READ_INTERVAL_NANOS;
        assertThat(check.exhausted(later)).contains("execution budget used up: 5 of 5 executions");

        executions.set(0);
        assertThat(check.exhausted(later + 10 * SECOND)).as("never un-exhausted").isPresent();
    }

    @Test
    void theCorpusBudgetCountsItemsInEveryState() {
        BudgetCheck check = check(new Budget(Duration.ZERO, 0, 10));
        stored.put(Counter.PENDING, 3L);
        stored.put(Counter.LEASED, 2L);
        stored.put(Counter.COMMITTING, 1L);
        stored.put(Counter.DONE, 3L);
        stored.put(Counter.ABANDONED, 1L);
        stored.put(Counter.INVALID, 50L);

        assertThat(check.exhausted(START)).contains("corpus budget used up: 10 of 10 inputs");
    }

    @Test
    void theStoreIsReadAtMostOncePerInterval() {
        BudgetCheck check = check(new Budget(Duration.ZERO, 100, 0));

        for (long t = 0; t < BudgetCheck.READ_INTERVAL_NANOS; t += 1_000_000) {
            check.exhausted(START + t);
        }
        check.exhausted(START + BudgetCheck.READ_INTERVAL_NANOS);

        assertThat(reads).hasValue(2);
    }

    @Test
    void resultsInHandThatWouldReachTheExecutionBudgetAllowNoNextItem() {
        BudgetCheck check = check(new Budget(Duration.ZERO, 5, 0));
        executions.set(3);
        assertThat(check.exhausted(START)).isEmpty();

        assertThat(check.allowsNextWith(1)).isTrue();
        assertThat(check.allowsNextWith(2)).isFalse();
        check.committed(1, 0);
        assertThat(check.allowsNextWith(1)).as("own commits count too").isFalse();
        assertThat(check.allowsNextWith(0)).isTrue();
    }

    @Test
    void withoutAnExecutionLimitResultsInHandHoldNothingBackUntilTheBudgetIsUsedUp() {
        BudgetCheck check = check(new Budget(Duration.ofSeconds(10), 0, 0));

        assertThat(check.allowsNextWith(1_000)).isTrue();
        assertThat(check.exhausted(START + 10 * SECOND)).isPresent();
        assertThat(check.allowsNextWith(0)).isFalse();
    }

    @Test
    void negativeLimitsAreRefused() {
        assertThatThrownBy(() -> new Budget(Duration.ofSeconds(-1), 0, 0)).isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> new Budget(Duration.ZERO, -1, 0)).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void ownCommitsCountBetweenTwoReadsOfTheStore() {
        BudgetCheck check = check(new Budget(Duration.ZERO, 5, 8));
        executions.set(3);
        stored.put(Counter.DONE, 3L);
        stored.put(Counter.PENDING, 3L);
        assertThat(check.exhausted(START)).isEmpty();

        check.committed(1, 1);
        assertThat(check.exhausted(START + 1)).isEmpty();
        check.committed(1, 1);

        assertThat(check.exhausted(START + 2)).contains("execution budget used up: 5 of 5 executions");
        assertThat(reads).as("one read of the counters and one of the executions, none again within the interval")
                .hasValue(2);
    }
}
