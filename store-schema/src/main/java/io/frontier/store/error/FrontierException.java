package io.frontier.store.error;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure with a fixed message and ordered context values, rendered as
 * {@code message [key=value, ...]}.
 *
 * <p>Subclasses name the kind of failure; callers add context with {@link #with} before they
 * throw, and catchers may add more on the way up.
 */
public class FrontierException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Context values in the order they were added; never null values. */
    private final Map<String, String> context = new LinkedHashMap<>();

    public FrontierException(String message) {
        super(message);
    }

    public FrontierException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Adds a context value (its {@code toString()}, or "null") and returns this exception. */
    public FrontierException with(String key, Object value) {
        context.put(key, String.valueOf(value));
        return this;
    }

    /** The context values in the order they were added. */
    public Map<String, String> context() {
        return Collections.unmodifiableMap(context);
    }

    /** The fixed message without context. */
    public String reason() {
        return super.getMessage();
    }

    @Override
    public String getMessage() {
        if (context.isEmpty()) {
            return super.getMessage();
        }
        StringBuilder text = new StringBuilder(super.getMessage()).append(" [");
        String separator = "";
        for (Map.Entry<String, String> entry : context.entrySet()) {
            text.append(separator).append(entry.getKey()).append('=').append(entry.getValue());
            separator = ", ";
        }
        return text.append(']').toString();
    }
}
