package io.frontier.tools.job;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Standard output and error for a rank process that reach the operating system whole lines at a
 * time.
 *
 * <p>mpirun forwards what every rank writes to one terminal or log. The JDK's {@code System.out}
 * hands on every piece a formatted line is built from, so the pieces of ranks that ended
 * together came out spliced into each other ("worker worker 2: 4: {..."). Here bytes collect
 * until a newline, and every complete line collected so far goes out in one write: no other
 * rank's output can land inside a line shorter than {@link #LINE_BYTES}. An explicit flush
 * writes an unfinished line as it is.
 */
final class WholeLineOutput extends OutputStream {

    /** Longest line written in one piece; a longer one goes out in pieces of this size. */
    static final int LINE_BYTES = 64 * 1024;

    private final OutputStream sink;
    private final byte[] buffer = new byte[LINE_BYTES];
    private int count;

    private WholeLineOutput(OutputStream sink) {
        this.sink = sink;
    }

    /** Replaces {@code System.out} and {@code System.err} for the rest of this process. */
    static void install() {
        System.setOut(over(new FileOutputStream(FileDescriptor.out)));
        System.setErr(over(new FileOutputStream(FileDescriptor.err)));
    }

    /** A print stream over {@code sink} that hands it whole lines. */
    static PrintStream over(OutputStream sink) {
        return new PrintStream(new WholeLineOutput(sink), false, Charset.defaultCharset());
    }

    @Override
    public synchronized void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
        int from = offset;
        int end = offset + length;
        while (from < end) {
            int taken = Math.min(end - from, buffer.length - count);
            System.arraycopy(bytes, from, buffer, count, taken);
            int before = count;
            count += taken;
            from += taken;
            drain(count == buffer.length ? count : lastNewlineFrom(before) + 1);
        }
    }

    @Override
    public synchronized void flush() throws IOException {
        drain(count);
        sink.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        flush();
        sink.close();
    }

    /**
     * The last newline among the bytes from {@code start} on, or -1: the bytes before it were
     * buffered by an earlier write, which drained every newline it brought.
     */
    private int lastNewlineFrom(int start) {
        for (int i = count - 1; i >= start; i--) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Writes the first {@code length} buffered bytes in one write and keeps the rest. */
    private void drain(int length) throws IOException {
        if (length <= 0) {
            return;
        }
        sink.write(buffer, 0, length);
        System.arraycopy(buffer, length, buffer, 0, count - length);
        count -= length;
    }
}
