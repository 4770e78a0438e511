package io.frontier.store.wire;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;

/** Strict JSON encoding of wire messages; thread-safe and shared. */
public final class WireCodec {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

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

    /** Decodes {@code bytes} as {@code type}, or fails with {@link MalformedMessageException}. */
    public static <T> T decode(byte[] bytes, Class<T> type) {
        try {
            return MAPPER.readValue(bytes, type);
        } catch (IOException e) {
            throw new MalformedMessageException("message does not decode as its declared type", e)
                    .with("type", type.getSimpleName()).with("bytes", bytes.length)
                    .with("problem", e.getMessage().lines().findFirst().orElse(""));
        }
    }
}
