package io.frontier.store.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.frontier.store.record.JsonProblem;
import io.frontier.store.record.StrictJson;
import java.io.IOException;

/**
 * Strict JSON encoding of wire messages; thread-safe and shared.
 *
 * <p>Decoding is the stored records' {@link StrictJson} (no unknown, missing or repeated field,
 * no coercion between text, numbers and booleans, no trailing bytes). Nulls are refused by each
 * message's constructor, field by field: only the fields a message documents as optional (a
 * child's coverage and finding, a result's finding, the pruning map of an assignment or a
 * result) may be null, so a null anywhere else fails decoding like any other malformed field.
 */
public final class WireCodec {

    private static final ObjectMapper MAPPER = StrictJson.mapper();

    private WireCodec() {
    }

    public static byte[] encode(Object message) {
        try {
            return MAPPER.writeValueAsBytes(message);
        } catch (JsonProcessingException e) {
            throw new MalformedMessageException("message could not be encoded", e)
                    .with("type", message.getClass().getName());
        }
    }

    /**
     * Decodes {@code bytes} as {@code type}, or fails with {@link MalformedMessageException}
     * whose context says where and why as {@link JsonProblem} does (line, column, field,
     * problem, expected).
     */
    public static <T> T decode(byte[] bytes, Class<T> type) {
        try {
            return MAPPER.readerFor(type).readValue(bytes);
        } catch (JsonProcessingException e) {
            throw JsonProblem.of(e, bytes).addTo(new MalformedMessageException(
                    "message does not decode as its declared type", e)
                    .with("type", type.getSimpleName()).with("bytes", bytes.length));
        } catch (IOException e) {
            throw new MalformedMessageException("message does not decode as its declared type", e)
                    .with("type", type.getSimpleName()).with("bytes", bytes.length)
                    .with("problem", e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
