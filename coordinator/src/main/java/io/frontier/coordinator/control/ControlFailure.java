package io.frontier.coordinator.control;

import io.frontier.store.error.FrontierException;
import io.frontier.store.corpus.Digest;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A fault the campaign must not work around: a corpus object whose bytes do not match its name
 * or that is missing or unreadable, or a manifest entry that cannot be followed. The coordinator
 * that meets one sends it to root and the job stops with exit code 70; the object or entry is
 * left as found for an operator.
 *
 * @param reason the fixed message of the failure, e.g. "object content does not match its name"
 * @param context the values that locate it, in order: {@code work} (or {@code blocked}, the key
 *     of a store entry that cannot be read) first, then the failure's own ({@code path},
 *     {@code expected} and {@code actual} digests for a corrupt object)
 */
public record ControlFailure(String reason, Map<String, String> context) {

    public ControlFailure {
        if (reason == null || reason.isBlank() || context == null) {
            throw new IllegalArgumentException("a control failure needs a reason and a context");
        }
        context = Collections.unmodifiableMap(new LinkedHashMap<>(context));
    }

    /** The failure {@code cause}, met while working on {@code work}. */
    public static ControlFailure of(Digest work, FrontierException cause) {
        Map<String, String> context = new LinkedHashMap<>();
        context.put("work", work.hex());
        context.putAll(cause.context());
        return new ControlFailure(cause.reason(), context);
    }

    /**
     * The failure {@code cause} of an entry the store reported blocked at {@code key}
     * (hexadecimal), where no work id can be trusted. The context names that key as
     * {@code blocked}, then the cause's own values ({@code key} there is the record that could
     * not be read, which may be another).
     */
    public static ControlFailure blocked(String key, FrontierException cause) {
        Map<String, String> context = new LinkedHashMap<>();
        context.put("blocked", key);
        context.putAll(cause.context());
        return new ControlFailure(cause.reason(), context);
    }

    /** A context value, or null if the failure has none by that name. */
    public String get(String key) {
        return context.get(key);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder(reason).append(" [");
        String separator = "";
        for (Map.Entry<String, String> entry : context.entrySet()) {
            text.append(separator).append(entry.getKey()).append('=').append(entry.getValue());
            separator = ", ";
        }
        return text.append(']').toString();
    }
}
