package io.frontier.worker.link;

/** One received message: who sent it, its tag, and its bytes (owned by the receiver). */
public record Envelope(int source, int tag, byte[] payload) {
}
