package io.frontier.worker.triage;

import io.frontier.store.error.IoReason;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Whether an AFL++ coverage build runs its inputs in a persistent loop ({@code __AFL_LOOP}):
 * {@code afl-cc} then embeds a signature string in the binary, which {@code afl-showmap} looks for
 * to run many inputs in one process instead of forking the target once per input. Triage runs
 * every child once, so on a machine where fork is slow a build without the loop spends most of
 * its triage time forking (libyaml: the 178 children of one SymCC run in 1.0 s without, 0.05 to
 * 0.1 s with, on the build machine under load). Read-only; stateless.
 */
public final class PersistentBuild {

    private static final byte[] SIGNATURE = "##SIG_AFL_PERSISTENT##".getBytes(StandardCharsets.US_ASCII);
    private static final int CHUNK = 1 << 16;

    private PersistentBuild() {
    }

    /**
     * True if {@code program} holds AFL++'s persistent-mode signature.
     *
     * @throws TriageException if the program cannot be read
     */
    public static boolean of(Path program) {
        try (InputStream in = Files.newInputStream(program)) {
            byte[] window = new byte[CHUNK + SIGNATURE.length - 1];
            int carried = 0;
            for (int read = in.read(window, carried, CHUNK); read > 0; read = in.read(window, carried, CHUNK)) {
                int filled = carried + read;
                if (contains(window, filled)) {
                    return true;
                }
                // Keep the tail a signature could start in, so one split across two reads is found.
                carried = Math.min(filled, SIGNATURE.length - 1);
                System.arraycopy(window, filled - carried, window, 0, carried);
            }
            return false;
        } catch (IOException e) {
            throw new TriageException("triage program cannot be read", e).with("program", program)
                    .with("problem", IoReason.of(e));
        }
    }

    private static boolean contains(byte[] bytes, int length) {
        for (int start = 0; start + SIGNATURE.length <= length; start++) {
            if (Arrays.equals(bytes, start, start + SIGNATURE.length, SIGNATURE, 0, SIGNATURE.length)) {
                return true;
            }
        }
        return false;
    }
}
