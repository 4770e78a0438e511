package io.frontier.store.corpus.fs;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Names of temporary files: {@code .tmp-<pid>-<counter>-<random>}.
 *
 * <p>The pid and a process-wide counter keep names apart within one machine; 64 random bits
 * keep them apart across machines that share the filesystem and may reuse a pid. The leading
 * dot means a temporary name can never be mistaken for an object name (lowercase hex).
 */
public final class TemporaryNames {

    /** Every temporary name starts with this. */
    public static final String PREFIX = ".tmp-";

    private static final long PID = ProcessHandle.current().pid();
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final SecureRandom RANDOM = new SecureRandom();

    private TemporaryNames() {
    }

    /** A name no other call, in this or another process, has returned. */
    public static String next() {
        long random = RANDOM.nextLong();
        return PREFIX + PID + '-' + COUNTER.incrementAndGet() + '-' + HexFormat.of().toHexDigits(random);
    }

    /** Whether {@code name} has the shape of a temporary name. */
    public static boolean isTemporary(String name) {
        return name.startsWith(PREFIX);
    }
}
