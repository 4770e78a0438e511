package io.frontier.store.session;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.InvalidInputException;

/** One input of the feed: its corpus name and its size in bytes. */
public record FeedInput(Digest digest, long size) {

    public FeedInput {
        if (digest == null || size < 0) {
            throw new InvalidInputException("feed input lacks its digest or has a negative size")
                    .with("digest", digest).with("size", size);
        }
    }
}
