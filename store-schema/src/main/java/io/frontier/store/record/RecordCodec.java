package io.frontier.store.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.FutureSchemaException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HexFormat;

/**
 * Encodes one record type to JSON bytes and decodes it back, strictly.
 *
 * <p>Decoding first reads the {@code schema} field on its own, so that a record from a newer
 * build is reported as {@link FutureSchemaException} rather than as a pile of unknown fields;
 * anything else that is wrong is a {@link CorruptRecordException}. Both name the key the value
 * was read from.
 *
 * @param <T> the record type
 */
public final class RecordCodec<T> {

    /** Work records. */
    public static final RecordCodec<WorkRecord> WORK = new RecordCodec<>(WorkRecord.class, WorkRecord.SCHEMA);
    /** The campaign configuration. */
    public static final RecordCodec<CampaignConfig> CONFIG =
            new RecordCodec<>(CampaignConfig.class, CampaignConfig.SCHEMA);
    /** The epoch record. */
    public static final RecordCodec<EpochRecord> EPOCH = new RecordCodec<>(EpochRecord.class, EpochRecord.SCHEMA);
    /** Claim and recovery receipts. */
    public static final RecordCodec<Receipt> RECEIPT = new RecordCodec<>(Receipt.class, Receipt.SCHEMA);
    /** The quiescence marker. */
    public static final RecordCodec<QuiescenceMarker> QUIESCENCE =
            new RecordCodec<>(QuiescenceMarker.class, QuiescenceMarker.SCHEMA);

    private static final HexFormat HEX = HexFormat.of();

    private final Class<T> type;
    private final int schema;
    private final ObjectMapper mapper = StrictJson.mapper();

    /** A codec for {@code type}, whose records carry {@code schema} in their schema field. */
    public RecordCodec(Class<T> type, int schema) {
        this.type = type;
        this.schema = schema;
    }

    public byte[] encode(T record) {
        try {
            return mapper.writeValueAsBytes(record);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Decodes {@code value}, read from {@code key}.
     *
     * @throws FutureSchemaException if the schema field is a version above this build's
     * @throws CorruptRecordException for anything else that makes the value not a valid record
     */
    public T decode(byte[] key, byte[] value) {
        JsonNode tree;
        try {
            tree = mapper.readTree(value);
        } catch (IOException e) {
            throw corrupt(key, "value is not one complete JSON document", e);
        }
        if (tree == null || !tree.isObject()) {
            throw corrupt(key, "value is not a JSON object", null);
        }
        JsonNode version = tree.get("schema");
        if (version == null || !version.isIntegralNumber() || !version.canConvertToInt()) {
            throw corrupt(key, "schema field is missing or not an integer", null);
        }
        if (version.intValue() > schema) {
            throw new FutureSchemaException("record was written with a newer schema version")
                    .with("key", HEX.formatHex(key))
                    .with("record", type.getSimpleName())
                    .with("schema", version.intValue())
                    .with("supported", schema);
        }
        try {
            T record = mapper.treeToValue(tree, type);
            if (record == null) {
                throw corrupt(key, "value is null", null);
            }
            return record;
        } catch (JsonProcessingException e) {
            throw corrupt(key, problemOf(e), e);
        } catch (FrontierException e) {
            throw corrupt(key, e.getMessage(), e);
        }
    }

    private CorruptRecordException corrupt(byte[] key, String problem, Throwable cause) {
        CorruptRecordException error = cause == null
                ? new CorruptRecordException("stored record cannot be decoded")
                : new CorruptRecordException("stored record cannot be decoded", cause);
        error.with("key", HEX.formatHex(key)).with("record", type.getSimpleName()).with("problem", problem);
        return error;
    }

    /** The innermost explanation: a validation failure in a record constructor, or Jackson's. */
    private static String problemOf(JsonProcessingException e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof FrontierException frontier) {
                return frontier.getMessage();
            }
        }
        return e.getOriginalMessage();
    }
}
