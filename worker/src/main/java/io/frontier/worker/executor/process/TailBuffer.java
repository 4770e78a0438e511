package io.frontier.worker.executor.process;

import java.nio.charset.StandardCharsets;

/**
 * A ring of the last {@code capacity} bytes appended, with the count of all bytes appended.
 * One thread appends while another may take a tail at any time, so every method is synchronized.
 */
final class TailBuffer {

    private final byte[] ring;
    /** Index where the next byte goes. */
    private int next;
    private long total;

    TailBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a tail keeps at least one byte, got " + capacity);
        }
        this.ring = new byte[capacity];
    }

    synchronized void append(byte[] bytes, int offset, int length) {
        total += length;
        if (length >= ring.length) {
            System.arraycopy(bytes, offset + length - ring.length, ring, 0, ring.length);
            next = 0;
            return;
        }
        int first = Math.min(length, ring.length - next);
        System.arraycopy(bytes, offset, ring, next, first);
        System.arraycopy(bytes, offset + first, ring, 0, length - first);
        next = (next + length) % ring.length;
    }

    synchronized OutputTail tail(boolean closed) {
        int kept = (int) Math.min(total, ring.length);
        byte[] bytes = new byte[kept];
        int start = Math.floorMod(next - kept, ring.length);
        int first = Math.min(kept, ring.length - start);
        System.arraycopy(ring, start, bytes, 0, first);
        System.arraycopy(ring, 0, bytes, first, kept - first);
        return new OutputTail(new String(bytes, StandardCharsets.UTF_8), total, total > kept, closed);
    }
}
