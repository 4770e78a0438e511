package io.frontier.store.view;

import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.wire.FindingKind;
import java.util.Comparator;
import java.util.List;

/**
 * The findings that share one duplicate-grouping signature: most likely one bug, reached by
 * several inputs.
 *
 * @param kind the kind of the first input found (the inputs of one signature normally agree)
 * @param signal the signal of the first input found (0 for a hang)
 * @param firstFoundAt when the first input was recorded, Unix seconds
 * @param inputs every input recorded under the signature, in the order they were found (then by
 *     digest); never empty
 */
public record FindingGroup(String signature, FindingKind kind, int signal, double firstFoundAt,
                           List<FindingRecord> inputs) {

    /** Orders inputs as they were found, ties by digest, so a listing is the same every time. */
    static final Comparator<FindingRecord> FOUND_ORDER = Comparator.comparingDouble(FindingRecord::foundAt)
            .thenComparing(FindingRecord::input);

    public FindingGroup {
        if (inputs == null || inputs.isEmpty()) {
            throw new InvalidInputException("finding group has no inputs").with("signature", signature);
        }
        inputs = List.copyOf(inputs);
    }

    /** The group of {@code signature} made of {@code records}, which all carry that signature. */
    static FindingGroup of(String signature, List<FindingRecord> records) {
        List<FindingRecord> ordered = records.stream().sorted(FOUND_ORDER).toList();
        FindingRecord first = ordered.get(0);
        return new FindingGroup(signature, first.finding().kind(), first.finding().signal(), first.foundAt(), ordered);
    }

    /** How many inputs were recorded under the signature. */
    public int count() {
        return inputs.size();
    }
}
