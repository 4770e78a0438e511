package io.frontier.store.wire;

import io.frontier.store.error.FrontierException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Coordinator {@code rank} → root ({@link Tags#CONTROL_FAILURE}): it hit a failure the campaign
 * cannot continue past; {@code reason} is the fixed message and {@code context} its values, in
 * the order they were added.
 */
public record ControlFailure(int rank, String reason, Map<String, String> context) {

    public ControlFailure {
        if (rank < 0) {
            throw new IllegalArgumentException("a rank is never negative, got " + rank);
        }
        Objects.requireNonNull(reason, "reason");
        if (reason.isBlank()) {
            throw new IllegalArgumentException("a control failure always says why");
        }
        LinkedHashMap<String, String> copy = new LinkedHashMap<>();
        context.forEach((key, value) -> copy.put(Objects.requireNonNull(key, "context key"),
                Objects.requireNonNull(value, "context value")));
        context = Collections.unmodifiableMap(copy);
    }

    /** The report of {@code failure} at coordinator {@code rank}: its fixed message and its context. */
    public static ControlFailure of(int rank, FrontierException failure) {
        return new ControlFailure(rank, failure.reason(), failure.context());
    }

    /** {@code rank <rank>: reason [key=value, ...]}, for logs and for a stop decision's reason. */
    public String describe() {
        StringBuilder text = new StringBuilder("rank ").append(rank).append(": ").append(reason);
        String separator = " [";
        for (Map.Entry<String, String> entry : context.entrySet()) {
            text.append(separator).append(entry.getKey()).append('=').append(entry.getValue());
            separator = ", ";
        }
        return context.isEmpty() ? text.toString() : text.append(']').toString();
    }
}
