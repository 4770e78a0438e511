package io.frontier.store.kv;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a campaign's store lives, as given on the command line ({@code --store}):
 * {@code sqlite:<path>} for the embedded store file on a local disk, or
 * {@code fdb:<cluster-file>} for a FoundationDB cluster. Relative paths are resolved against the
 * working directory when the store is opened.
 *
 * @param backend which backend serves the store
 * @param path the SQLite file, or the FoundationDB cluster file
 */
public record StoreUrl(Backend backend, Path path) {

    /** The backends a URL can name, by scheme. */
    public enum Backend {
        SQLITE("sqlite"),
        FDB("fdb");

        private final String scheme;

        Backend(String scheme) {
            this.scheme = scheme;
        }

        public String scheme() {
            return scheme;
        }
    }

    private static final String EXPECTED = "sqlite:<path> or fdb:<cluster-file>";

    public StoreUrl {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(path, "path");
    }

    /**
     * Parses {@code scheme:path}. The scheme is matched exactly (lower case); everything after
     * the first colon is the path.
     *
     * @throws InvalidStoreUrlException if the text has no known scheme or no usable path
     */
    public static StoreUrl parse(String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        if (colon < 0) {
            throw new InvalidStoreUrlException("store URL has no scheme").with("url", text).with("expected", EXPECTED);
        }
        String scheme = text.substring(0, colon);
        String location = text.substring(colon + 1);
        Backend backend = null;
        for (Backend candidate : Backend.values()) {
            if (candidate.scheme.equals(scheme)) {
                backend = candidate;
            }
        }
        if (backend == null) {
            throw new InvalidStoreUrlException("store URL has an unknown scheme")
                    .with("url", text)
                    .with("scheme", scheme)
                    .with("expected", EXPECTED);
        }
        if (location.isBlank()) {
            throw new InvalidStoreUrlException("store URL has no path").with("url", text).with("expected", EXPECTED);
        }
        try {
            return new StoreUrl(backend, Path.of(location));
        } catch (InvalidPathException e) {
            throw new InvalidStoreUrlException("store URL has an invalid path").with("url", text).with("reason", e.getReason());
        }
    }

    @Override
    public String toString() {
        return backend.scheme + ":" + path;
    }
}
