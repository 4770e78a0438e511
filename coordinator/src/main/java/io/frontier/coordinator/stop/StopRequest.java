package io.frontier.coordinator.stop;

import io.frontier.store.error.FrontierException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

/**
 * A request that the job of {@code epoch} drain and end, and why (shown in the job's summary).
 * Stored as two lines, {@code epoch=N} and {@code reason=...}, written to a temporary file and
 * renamed over {@value #FILE}, so a coordinator reads a whole request or none.
 */
public record StopRequest(long epoch, String reason) {

    /** The request's file name inside the campaign directory. */
    public static final String FILE = "stop-request";

    public StopRequest {
        if (epoch < 1 || reason == null || reason.isBlank() || reason.contains("\n")) {
            throw new IllegalArgumentException("a stop request names an epoch of at least 1 and a one-line reason: "
                    + epoch + ", " + reason);
        }
    }

    /** Writes this request into {@code campaign}, replacing any earlier one. */
    public void writeTo(Path campaign) {
        Path target = campaign.resolve(FILE);
        Path temporary = campaign.resolve(FILE + ".tmp-" + ProcessHandle.current().pid());
        byte[] bytes = ("epoch=" + epoch + "\nreason=" + reason + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.wrap(bytes));
                channel.force(true);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new FrontierException("the stop request cannot be written", e).with("file", target)
                    .with("epoch", epoch);
        }
    }

    /**
     * The request in {@code campaign}, if there is one; fails naming the file when it holds
     * something else than a request.
     */
    public static Optional<StopRequest> readFrom(Path campaign) {
        Path file = campaign.resolve(FILE);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException absent) {
            return Optional.empty();
        } catch (IOException e) {
            throw new FrontierException("the stop request cannot be read", e).with("file", file);
        }
        if (lines.size() != 2 || !lines.get(0).startsWith("epoch=") || !lines.get(1).startsWith("reason=")) {
            throw new FrontierException("the stop request is not two lines epoch=N and reason=TEXT")
                    .with("file", file).with("lines", lines.size());
        }
        try {
            return Optional.of(new StopRequest(Long.parseLong(lines.get(0).substring("epoch=".length())),
                    lines.get(1).substring("reason=".length())));
        } catch (IllegalArgumentException e) {
            throw new FrontierException("the stop request is invalid", e).with("file", file)
                    .with("problem", e.getMessage());
        }
    }
}
