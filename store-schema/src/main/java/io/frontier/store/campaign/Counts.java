package io.frontier.store.campaign;

import io.frontier.store.keyspace.Counter;
import java.util.EnumMap;
import java.util.Map;

/** The campaign's counters, summed over their shards. Absent counters are 0. */
public record Counts(Map<Counter, Long> values) {

    public Counts {
        EnumMap<Counter, Long> all = new EnumMap<>(Counter.class);
        for (Counter counter : Counter.values()) {
            all.put(counter, values.getOrDefault(counter, 0L));
        }
        values = Map.copyOf(all);
    }

    public long get(Counter counter) {
        return values.get(counter);
    }

    /** Items pending, leased or committing. */
    public long unfinished() {
        return get(Counter.PENDING) + get(Counter.LEASED) + get(Counter.COMMITTING);
    }
}
