package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A filesystem mounted for one test, to make the kernel itself fail a write, an fsync or a read.
 * Mounting needs root (or CAP_SYS_ADMIN); where a step is not permitted or a tool is missing,
 * the test is aborted with the reason, so it is reported as skipped, never as passed.
 * {@link #close} undoes every step that succeeded, in reverse order, and fails loudly if it
 * cannot, because a leaked mount or loop device would outlive the test.
 */
final class ScratchMount implements AutoCloseable {

    /** Commands that undo the steps taken so far, last step first. */
    private final Deque<List<String>> undo = new ArrayDeque<>();
    /** Where the filesystem or file is mounted. */
    private final Path mountPoint;

    private ScratchMount(Path mountPoint) {
        this.mountPoint = mountPoint;
    }

    /** Where the filesystem or file is mounted. */
    Path mountPoint() {
        return mountPoint;
    }

    /** A tmpfs of {@code size} (mount syntax, e.g. {@code 64k}) at {@code mountPoint}. */
    static ScratchMount tmpfs(Path mountPoint, String size) throws IOException {
        ScratchMount mount = new ScratchMount(mountPoint);
        Files.createDirectories(mountPoint);
        mount.step("mount a tmpfs", List.of("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", mountPoint.toString()),
                List.of("umount", mountPoint.toString()));
        return mount;
    }

    /**
     * An ext2 filesystem at {@code mountPoint} whose writes are accepted into the page cache but
     * fail on writeback, so fsync reports the error: it lives on a loop device whose backing
     * file is a sparse 16 MiB file on a 2 MiB tmpfs. Writes of a few MiB fill the tmpfs when
     * they reach it. The filesystem has no journal and is mounted with {@code errors=continue},
     * so removing a file still works after a failed fsync, as on a disk with a bad region.
     */
    static ScratchMount ext2WithFailingWriteback(Path work, Path mountPoint) throws IOException {
        ScratchMount mount = new ScratchMount(mountPoint);
        Path backing = work.resolve("backing");
        Files.createDirectories(backing);
        Files.createDirectories(mountPoint);
        try {
            mount.step("mount a tmpfs", List.of("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", backing.toString()),
                    List.of("umount", backing.toString()));
            Path image = backing.resolve("ext2.img");
            try (RandomAccessFile file = new RandomAccessFile(image.toFile(), "rw")) {
                file.setLength(16L << 20);
            }
            mount.step("make an ext2 filesystem", List.of("mkfs.ext2", "-q", "-F", image.toString()), null);
            String device = mount.step("attach a loop device", List.of("losetup", "-f", "--show", image.toString()), null).trim();
            mount.undo.push(List.of("losetup", "-d", device));
            mount.step("mount the loop device", List.of("mount", "-o", "errors=continue", device, mountPoint.toString()),
                    List.of("umount", mountPoint.toString()));
            return mount;
        } catch (RuntimeException | IOException | Error failure) {
            mount.close();
            throw failure;
        }
    }

    /** {@code source} mounted over {@code target} (an existing file), hiding it until closed. */
    static ScratchMount bind(Path source, Path target) {
        ScratchMount mount = new ScratchMount(target);
        mount.step("bind-mount a file", List.of("mount", "--bind", source.toString(), target.toString()),
                List.of("umount", target.toString()));
        return mount;
    }

    @Override
    public void close() {
        while (!undo.isEmpty()) {
            List<String> command = undo.pop();
            Outcome outcome = run(command);
            assertThat(outcome.exitCode).as("cleanup %s: %s", command, outcome.output).isZero();
        }
    }

    /**
     * Runs {@code command}; if it fails, undoes what was done and aborts the test with the
     * reason. On success, remembers {@code inverse} (if any) for {@link #close}.
     *
     * @return the command's output
     */
    private String step(String what, List<String> command, List<String> inverse) {
        Outcome outcome = run(command);
        if (outcome.exitCode != 0) {
            close();
            Assumptions.abort("cannot " + what + " (needs root and " + command.get(0) + "): " + outcome.output.trim());
        }
        if (inverse != null) {
            undo.push(inverse);
        }
        return outcome.output;
    }

    private static Outcome run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Outcome(-1, "timed out: " + output);
            }
            return new Outcome(process.exitValue(), output);
        } catch (IOException e) {
            return new Outcome(-1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(-1, e.toString());
        }
    }

    private record Outcome(int exitCode, String output) {
    }
}
