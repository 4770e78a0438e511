package io.frontier.worker.link;

/** The two messages of the link check: rank 0 pings every other rank, each answers. */
public final class LinkCheckMessage {

    /** Tag of a {@link Ping}. */
    public static final int PING_TAG = 1;
    /** Tag of a {@link Pong}. */
    public static final int PONG_TAG = 2;

    private LinkCheckMessage() {
    }

    /** Sent by rank 0 to rank {@code to}; {@code nonce} is fresh for every check. */
    public record Ping(int from, int to, long nonce) {
    }

    /** The answer of rank {@code from}, echoing the nonce of the ping it received. */
    public record Pong(int from, int to, long nonce, String host) {
    }

    /** What one rank received, written as {@code rank-<rank>.json} into the check directory. */
    public record RankReport(int rank, int size, java.util.List<Ping> pings, java.util.List<Pong> pongs) {
    }
}
