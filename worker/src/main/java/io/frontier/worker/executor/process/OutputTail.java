package io.frontier.worker.executor.process;

/**
 * The last bytes a child wrote to one of its output streams, decoded as UTF-8 (malformed bytes,
 * and a character cut at the start of the tail, become U+FFFD).
 *
 * @param text       at most the runner's tail capacity of the stream's last bytes
 * @param totalBytes how many bytes the child wrote to the stream in all
 * @param truncated  whether bytes before {@code text} were dropped
 * @param closed     whether the stream reached its end before the runner stopped reading. False
 *                   means that some process outside the killed group (one that left it with
 *                   {@code setsid}) still held the stream open; the tail may then be incomplete.
 *                   True proves nothing: the JDK ends a dead child's stream by itself when no
 *                   read is under way at the moment it reaps the child.
 */
public record OutputTail(String text, long totalBytes, boolean truncated, boolean closed) {

    public OutputTail {
        if (totalBytes < 0) {
            throw new IllegalArgumentException("a byte count is never negative, got " + totalBytes);
        }
    }
}
