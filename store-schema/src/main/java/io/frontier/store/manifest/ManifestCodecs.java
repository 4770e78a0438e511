package io.frontier.store.manifest;

import io.frontier.store.record.RecordCodec;

/** The strict codecs of the manifest's values. */
public final class ManifestCodecs {

    public static final RecordCodec<ManifestEntry> ENTRY =
            new RecordCodec<>(ManifestEntry.class, ManifestEntry.SCHEMA, ManifestEntry::upgrade);
    public static final RecordCodec<ChildChunk> CHUNK =
            new RecordCodec<>(ChildChunk.class, ChildChunk.SCHEMA, ChildChunk::upgrade);
    public static final RecordCodec<ResultOutcome> OUTCOME =
            new RecordCodec<>(ResultOutcome.class, ResultOutcome.SCHEMA);

    private ManifestCodecs() {
    }
}
