package io.frontier.store.session;

import io.frontier.store.corpus.Digest;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.wire.ExecutorKind;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Which session a work item is: slot {@code slot} of the sessions of executor kind {@code kind}.
 * A campaign's slots of one kind are numbered from 0; a job uses as many as it has workers, and
 * the worker of index {@code i} prefers slot {@code i}, so a session tends to stay where its
 * fuzzer's state is.
 *
 * @param kind a session kind ({@link ExecutorKind#isSession})
 * @param slot the slot number, 0 to {@link #MAX_SLOT}
 */
public record SessionSlot(String kind, int slot) {

    /** The highest slot number: far more than the workers of any one job. */
    public static final int MAX_SLOT = 65_535;

    public SessionSlot {
        if (!ExecutorKind.isSession(kind)) {
            throw new InvalidInputException("session kind is not a kind that runs as a session").with("kind", kind);
        }
        if (slot < 0 || slot > MAX_SLOT) {
            throw new InvalidInputException("session slot out of range").with("slot", slot).with("max", MAX_SLOT);
        }
    }

    /**
     * The bytes that name this slot: what the session's work id is the digest of. They never
     * exist as a corpus object. Work ids are unique within one campaign's keyspace, so the
     * campaign's id is not part of them: a copy that adopts an identity of its own keeps its
     * sessions.
     */
    public byte[] descriptor() {
        return ("frontier session\u0000kind " + kind + "\u0000slot " + slot + "\u0000")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The payload of this slot's work item: its descriptor's digest and length. */
    public WorkPayload payload() {
        byte[] descriptor = descriptor();
        try {
            return new WorkPayload(Digest.of(MessageDigest.getInstance("SHA-256").digest(descriptor)),
                    descriptor.length);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
