package io.frontier.store.corpus;

import java.util.Objects;

/** The digest and length of bytes that were actually read, as opposed to declared. */
public record HashedContent(Digest digest, long size) {

    public HashedContent {
        Objects.requireNonNull(digest, "digest");
    }
}
