package io.frontier.store.corpus;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Damage done on purpose by tests, the way a disk or a careless tool would. */
final class Tamper {

    private Tamper() {
    }

    /** Inverts the lowest bit of the byte at {@code offset} of {@code file}, in place. */
    static void flipByte(Path file, long offset) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, offset);
            one.put(0, (byte) (one.get(0) ^ 1));
            one.rewind();
            channel.write(one, offset);
        }
    }
}
