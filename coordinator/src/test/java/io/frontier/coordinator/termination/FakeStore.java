package io.frontier.coordinator.termination;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The campaign store as the termination tests need it: which admitted inputs are not yet
 * executed, shared by every coordinator of a job; and root's global check over it.
 */
final class FakeStore implements GlobalCheck {

    private final Journal journal;
    /** Admitted and not yet executed: what the real check sees as pending or leased. */
    private final Set<String> unfinished = new LinkedHashSet<>();
    private final List<String> executed = new ArrayList<>();
    private int refusals;
    /** Whether root's confirmed end is a drain (a budget, a stop request) rather than quiescence. */
    private boolean drained;
    private int checks;
    /** What had been executed when a check first confirmed quiescence; null before. */
    private List<String> executedAtQuiescence;

    FakeStore(Journal journal) {
        this.journal = journal;
    }

    synchronized void admit(String input) {
        unfinished.add(input);
    }

    synchronized void executed(int rank, String input) {
        unfinished.remove(input);
        executed.add(input);
        journal.add(rank, "executed", input);
    }

    /** The next {@code count} checks say "not quiescent" whatever the store holds. */
    synchronized void refuseNext(int count) {
        refusals = count;
    }

    @Override
    public synchronized boolean confirmQuiescent() {
        checks++;
        boolean quiescent = refusals == 0 && unfinished.isEmpty();
        refusals = Math.max(0, refusals - 1);
        journal.add(0, quiescent ? "check quiescent" : "check not quiescent", unfinished.toString());
        if (quiescent && executedAtQuiescence == null) {
            executedAtQuiescence = List.copyOf(executed);
        }
        return quiescent;
    }

    /** The job's end, once confirmed, is a drain: work may be left for the next job. */
    synchronized void drainAtTheEnd() {
        drained = true;
    }

    @Override
    public synchronized boolean drained() {
        return drained;
    }

    synchronized List<String> executed() {
        return List.copyOf(executed);
    }

    synchronized List<String> executedAtQuiescence() {
        return executedAtQuiescence;
    }

    synchronized int checks() {
        return checks;
    }
}
