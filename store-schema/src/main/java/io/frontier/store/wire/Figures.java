package io.frontier.store.wire;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** Named non-negative counts in a message, copied into a sorted, unmodifiable map. */
final class Figures {

    private Figures() {
    }

    static Map<String, Long> copy(Map<String, Long> figures) {
        TreeMap<String, Long> sorted = new TreeMap<>();
        figures.forEach((name, count) -> {
            if (name == null || name.isBlank() || count == null || count < 0) {
                throw new IllegalArgumentException("a figure needs a name and a non-negative count, got "
                        + name + "=" + count);
            }
            sorted.put(name, count);
        });
        return Collections.unmodifiableMap(sorted);
    }
}
