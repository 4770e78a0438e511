package io.frontier.store.record;

import io.frontier.store.error.InvalidInputException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Which campaign a store holds, written with its configuration when the campaign is created and
 * replaced only when a copy of the campaign is adopted: the same {@code id} is in the campaign's
 * settings file, so a settings file that names a store of another campaign is found out before
 * anything is changed.
 *
 * @param id 32 lower-case hex digits (128 random bits)
 * @param home the inode number of the campaign directory that owns the store, or null where the
 *     filesystem has none: a store outside the campaign directory is shared by every copy of that
 *     directory, and the inode (unlike the path, which a cluster node may mount elsewhere) tells
 *     the directory from its copies
 */
public record CampaignIdentity(int schema, String id, Long home) {

    public static final int SCHEMA = 1;
    private static final SecureRandom RANDOM = new SecureRandom();

    public CampaignIdentity {
        if (schema != SCHEMA) {
            throw new InvalidInputException("campaign identity schema is not supported").with("schema", schema);
        }
        requireId(id);
    }

    public static CampaignIdentity of(String id, Long home) {
        return new CampaignIdentity(SCHEMA, id, home);
    }

    /** A new campaign id: 128 random bits as 32 hex digits. */
    public static String newId() {
        byte[] bits = new byte[16];
        RANDOM.nextBytes(bits);
        return HexFormat.of().formatHex(bits);
    }

    /** Fails unless {@code id} is 32 lower-case hex digits. */
    public static String requireId(String id) {
        if (id == null || !id.matches("[0-9a-f]{32}")) {
            throw new InvalidInputException("campaign id must be 32 lower-case hex digits").with("id", id);
        }
        return id;
    }
}
