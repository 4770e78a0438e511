package io.frontier.worker.link;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One rank of {@link MpiLinkIT}, started by mpirun on two ranks: rank 1 sends rank 0 one message
 * and then creates {@code <directory>/sent}; rank 0 makes no MPI call until that file exists and
 * the message has had time to arrive, then receives with a zero timeout and writes
 * {@code found} or {@code missing} to {@code <directory>/zero-timeout}.
 *
 * <p>Argument: the directory.
 */
public final class ArrivedMessageRank {

    static final int TAG = 77;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private ArrivedMessageRank() {
    }

    public static void main(String[] args) throws Exception {
        MpiLink link = MpiLink.initialise(args);
        Path directory = Path.of(args[0]);
        if (link.rank() == 1) {
            link.send(0, TAG, "arrived".getBytes(StandardCharsets.UTF_8));
            Files.createFile(directory.resolve("sent"));
        } else {
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!Files.exists(directory.resolve("sent")) && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(10);
            }
            TimeUnit.MILLISECONDS.sleep(200);
            Optional<Envelope> arrived = link.receive(1, TAG, Duration.ZERO);
            Files.writeString(directory.resolve("zero-timeout"), arrived.isPresent() ? "found" : "missing");
            if (arrived.isEmpty()) {
                Receiving.receiveOrFail(link, 1, TAG, WAIT);
            }
        }
        link.barrier();
        link.finish();
    }
}
