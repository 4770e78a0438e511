package io.frontier.store.session;

import io.frontier.store.record.RecordCodec;

/** The strict codecs of the session subspaces' values. */
public final class SessionCodecs {

    public static final RecordCodec<FeedEntry> FEED = new RecordCodec<>(FeedEntry.class, FeedEntry.SCHEMA);

    private SessionCodecs() {
    }
}
