package io.frontier.store.corpus;

import java.nio.ByteBuffer;

/**
 * Where {@link ContentHasher#copy} sends the bytes it hashes. A sink reports its own failures
 * (with its own path), so a reader can tell them apart from failures to read the source.
 */
@FunctionalInterface
public interface ByteSink {

    /** Consumes every remaining byte of {@code bytes}. */
    void write(ByteBuffer bytes);
}
