package io.frontier.store.corpus;

import java.util.Objects;

/**
 * The outcome of publishing bytes into an object directory: the object now exists, durably,
 * under its digest.
 *
 * @param created true if this call made the name appear; false if a verified object was there
 */
public record Published(Digest digest, long size, boolean created) {

    public Published {
        Objects.requireNonNull(digest, "digest");
    }
}
