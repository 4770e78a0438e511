package io.frontier.store.record;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.error.CorruptRecordException;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.FutureSchemaException;
import io.frontier.store.error.UnreadableRecordException;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.pruning.PruningPolicy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.function.Consumer;

/**
 * Encodes one record type to JSON bytes and decodes it back, strictly.
 *
 * <p>Decoding binds the value directly; only when that fails does it read the {@code schema}
 * field on its own, so that a record from a newer build is reported as
 * {@link FutureSchemaException} rather than as a pile of unknown fields. Anything else that is
 * wrong is a {@link CorruptRecordException}. Both name the key the value was read from.
 *
 * @param <T> the record type
 */
public final class RecordCodec<T> {

    /** Work records. */
    public static final RecordCodec<WorkRecord> WORK =
            new RecordCodec<>(WorkRecord.class, WorkRecord.SCHEMA, WorkRecord::upgrade);
    /** The campaign configuration. */
    public static final RecordCodec<CampaignConfig> CONFIG =
            new RecordCodec<>(CampaignConfig.class, CampaignConfig.SCHEMA);
    /** The epoch record. */
    public static final RecordCodec<EpochRecord> EPOCH = new RecordCodec<>(EpochRecord.class, EpochRecord.SCHEMA);
    /** Claim and recovery receipts. */
    public static final RecordCodec<Receipt> RECEIPT =
            new RecordCodec<>(Receipt.class, Receipt.SCHEMA, RecordCodec::upgradeReceipt);
    /** The quiescence marker. */
    public static final RecordCodec<QuiescenceMarker> QUIESCENCE =
            new RecordCodec<>(QuiescenceMarker.class, QuiescenceMarker.SCHEMA);
    /** The markers of results counted as invalid. */
    public static final RecordCodec<InvalidResultMarker> INVALID_RESULT =
            new RecordCodec<>(InvalidResultMarker.class, InvalidResultMarker.SCHEMA);
    /** The heartbeat of the current job. */
    public static final RecordCodec<JobHeartbeat> HEARTBEAT =
            new RecordCodec<>(JobHeartbeat.class, JobHeartbeat.SCHEMA);

    /** Which campaign the store holds. */
    public static final RecordCodec<CampaignIdentity> IDENTITY =
            new RecordCodec<>(CampaignIdentity.class, CampaignIdentity.SCHEMA);
    /** The changes of the campaign's settings. */
    public static final RecordCodec<SettingsChange> SETTINGS_CHANGE =
            new RecordCodec<>(SettingsChange.class, SettingsChange.SCHEMA);

    /** The campaign's exploration policy. */
    public static final RecordCodec<ExplorationPolicy> EXPLORATION =
            new RecordCodec<>(ExplorationPolicy.class, ExplorationPolicy.SCHEMA);

    /** Whether the campaign's SymCC runs share one pruning map. */
    public static final RecordCodec<PruningPolicy> PRUNING_POLICY =
            new RecordCodec<>(PruningPolicy.class, PruningPolicy.SCHEMA);

    public static final RecordCodec<FindingRecord> FINDING =
            new RecordCodec<>(FindingRecord.class, FindingRecord.SCHEMA);

    private static final HexFormat HEX = HexFormat.of();

    private final Class<T> type;
    private final int schema;
    /**
     * How a record of this build's layout starts: encoding writes the schema field first. A value
     * that starts so is bound at once, without the tree an upgrade needs (reading it twice cost a
     * sixth of a commit decision's CPU, measured).
     */
    private final byte[] currentPrefix;
    private final ObjectMapper mapper = StrictJson.mapper();
    /** Rewrites a stored record of an older layout to this build's, or null if none is needed. */
    private final Consumer<ObjectNode> upgrade;

    /** A codec for {@code type}, whose records carry {@code schema} in their schema field. */
    public RecordCodec(Class<T> type, int schema) {
        this(type, schema, null);
    }

    /** A codec that reads older layouts after {@code upgrade} has rewritten them in place. */
    public RecordCodec(Class<T> type, int schema, Consumer<ObjectNode> upgrade) {
        this.type = type;
        this.schema = schema;
        this.upgrade = upgrade;
        this.currentPrefix = ("{\"schema\":" + schema + ",").getBytes(StandardCharsets.US_ASCII);
    }

    /** The work records inside a receipt, written before tiers, as this build's. */
    private static void upgradeReceipt(ObjectNode receipt) {
        JsonNode records = receipt.get("records");
        if (records != null && records.isArray()) {
            records.forEach(record -> {
                if (record instanceof ObjectNode object) {
                    WorkRecord.upgrade(object);
                }
            });
        }
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
        try {
            T record = upgrade == null ? mapper.readValue(value, type) : upgraded(value);
            if (record != null) {
                return record;
            }
        } catch (IOException | FrontierException e) {
            // Bound to fail for any other schema version; find out which failure to report.
            throw explain(key, value, e);
        }
        throw corrupt(key, "value is null", null);
    }

    /**
     * {@code value} bound after {@link #upgrade}; a value that is not an object binds as it is. One
     * in this build's layout is bound directly, unless something inside it (a record a receipt
     * holds) is of an older layout, which the tree then upgrades.
     */
    private T upgraded(byte[] value) throws IOException {
        if (Arrays.equals(value, 0, Math.min(value.length, currentPrefix.length), currentPrefix, 0,
                currentPrefix.length)) {
            try {
                return mapper.readValue(value, type);
            } catch (IOException | FrontierException olderInside) {
                // Upgraded below, or reported by it.
            }
        }
        JsonNode tree = mapper.readTree(value);
        if (tree instanceof ObjectNode object) {
            upgrade.accept(object);
        }
        return tree == null ? null : mapper.treeToValue(tree, type);
    }

    /** Why {@code value} did not bind: a newer schema version, or else what the binder said. */
    private UnreadableRecordException explain(byte[] key, byte[] value, Exception failure) {
        JsonNode tree;
        try {
            tree = mapper.readTree(value);
        } catch (IOException e) {
            return corrupt(key, "value is not one complete JSON document", e);
        }
        if (tree == null || !tree.isObject()) {
            return corrupt(key, "value is not a JSON object", failure);
        }
        JsonNode version = tree.get("schema");
        if (version == null || !version.isIntegralNumber() || !version.canConvertToInt()) {
            return corrupt(key, "schema field is missing or not an integer", failure);
        }
        if (version.intValue() > schema) {
            FutureSchemaException error = new FutureSchemaException("record was written with a newer schema version");
            error.with("key", HEX.formatHex(key))
                    .with("record", type.getSimpleName())
                    .with("schema", version.intValue())
                    .with("supported", schema);
            return error;
        }
        return corrupt(key, failure instanceof JsonProcessingException json ? problemOf(json) : failure.getMessage(),
                failure);
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
