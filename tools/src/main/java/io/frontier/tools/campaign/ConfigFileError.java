package io.frontier.tools.campaign;

import io.frontier.store.error.FrontierException;
import io.frontier.store.wire.MalformedMessageException;
import java.nio.file.Path;
import java.util.List;

/**
 * The error for a configuration file (executor, triage, {@code campaign.json}) that did not
 * decode: it names the file, then says where and what, in the file's terms (line, column, field,
 * problem, expected), and, when the field was well-formed but its value refused, the reason the
 * value was refused instead of the decoder's wording.
 */
final class ConfigFileError {

    /** The decoder's context keys that describe the place and the problem. */
    private static final List<String> WHERE_AND_WHAT = List.of("line", "column", "field", "problem", "expected");

    private ConfigFileError() {
    }

    static FrontierException of(String message, Path file, MalformedMessageException decoding) {
        FrontierException error = new FrontierException(message, decoding).with("file", file.toAbsolutePath());
        WHERE_AND_WHAT.forEach(key -> {
            String value = decoding.context().get(key);
            if (value != null) {
                error.with(key, value);
            }
        });
        Throwable cause = decoding.getCause();
        while (cause != null && !(cause instanceof FrontierException)) {
            cause = cause.getCause();
        }
        if (cause instanceof FrontierException rejected) {
            rejected.context().forEach(error::with);
            error.with("problem", rejected.reason());
        }
        return error;
    }
}
