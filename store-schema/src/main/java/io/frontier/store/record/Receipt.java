package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;
import java.util.List;
import java.util.Objects;

/**
 * What an owner's last claim or recovery wrote, kept so that a body re-run after an unknown
 * commit outcome returns the same grants instead of taking more items. One receipt per owner and
 * operation; the next call of that operation by that owner replaces it.
 *
 * @param request id of the call, generated outside the retry loop
 * @param records the work records as that call wrote them
 */
public record Receipt(int schema, String request, List<WorkRecord> records) {

    public static final int SCHEMA = 1;

    public Receipt {
        if (schema != SCHEMA) {
            throw new InvalidInputException("receipt schema is not supported").with("schema", schema);
        }
        ResultId.of(request);
        if (records == null || records.stream().anyMatch(Objects::isNull)) {
            throw new InvalidInputException("receipt records are missing");
        }
        records = List.copyOf(records);
    }

    public static Receipt of(String request, List<WorkRecord> records) {
        return new Receipt(SCHEMA, request, records);
    }
}
