package io.frontier.store.record;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * The one Jackson mapper for stored records. It accepts only what it would write: every field
 * present (null where the record allows it), no unknown or repeated field, no trailing bytes,
 * no number where text belongs or text where a number belongs, no fraction where an integer
 * belongs, no NaN.
 */
public final class StrictJson {

    private static final ObjectMapper MAPPER = build();

    private StrictJson() {
    }

    /** The shared, thread-safe mapper. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    private static ObjectMapper build() {
        JsonFactory factory = JsonFactory.builder()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        JsonMapper mapper = JsonMapper.builder(factory)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .build();
        for (LogicalType type : new LogicalType[] {LogicalType.Textual, LogicalType.Boolean,
                LogicalType.Integer, LogicalType.Float, LogicalType.Enum}) {
            mapper.coercionConfigFor(type)
                    .setCoercion(CoercionInputShape.Integer, type == LogicalType.Integer
                            || type == LogicalType.Float ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Float, type == LogicalType.Float
                            ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.Boolean, type == LogicalType.Boolean
                            ? CoercionAction.TryConvert : CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        return mapper;
    }
}
