package io.frontier.coordinator.termination;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** What happened in a loopback job, in one global order: executions, checks and sent messages. */
final class Journal {

    /** One event: {@code rank} did {@code what} (e.g. "sent PREPARE", "executed") with {@code detail}. */
    record Event(int rank, String what, String detail) {
    }

    private final List<Event> events = new ArrayList<>();

    synchronized void add(int rank, String what, String detail) {
        events.add(new Event(rank, what, detail));
    }

    synchronized List<Event> events() {
        return List.copyOf(events);
    }

    /** Index of the first event matching {@code test}, or -1. */
    synchronized int first(Predicate<Event> test) {
        for (int i = 0; i < events.size(); i++) {
            if (test.test(events.get(i))) {
                return i;
            }
        }
        return -1;
    }

    synchronized long count(Predicate<Event> test) {
        return events.stream().filter(test).count();
    }
}
