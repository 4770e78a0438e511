package io.frontier.worker.link;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * One rank of {@link MpiLinkIT}, started by mpirun on two ranks: each rank first sends the other
 * a message far above any eager limit of Open MPI's transports, then receives the other's. A
 * send that waited for its receiver would leave both ranks waiting for each other; each rank
 * that got the other's bytes intact writes {@code <directory>/received-<rank>}.
 *
 * <p>Argument: the directory.
 */
public final class CrossingSendsRank {

    static final int TAG = 78;
    static final int BYTES = 4 << 20;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private CrossingSendsRank() {
    }

    public static void main(String[] args) throws Exception {
        MpiLink link = MpiLink.initialise(args);
        Path directory = Path.of(args[0]);
        int other = 1 - link.rank();
        link.send(other, TAG, payload(link.rank()));
        Envelope received = Receiving.receiveOrFail(link, other, TAG, WAIT);
        if (Arrays.equals(received.payload(), payload(other))) {
            Files.createFile(directory.resolve("received-" + link.rank()));
        }
        link.barrier();
        link.finish();
    }

    private static byte[] payload(int sender) {
        byte[] bytes = new byte[BYTES];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31 + sender);
        }
        return bytes;
    }
}
