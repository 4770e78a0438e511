package io.frontier.worker.triage;

import io.frontier.store.coverage.Coverage;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The signature that groups the inputs of one bug, from the strongest evidence a run left:
 * <ol>
 *   <li>{@code stack:<16 hex>}: the first stack trace of a sanitizer report ({@code ==pid==ERROR:
 *       AddressSanitizer: ...}, likewise for the other sanitizers), its top {@value #FRAMES}
 *       frames after the sanitizer's own (interceptors such as {@code __interceptor_memcpy},
 *       {@code __asan_*}), each named by its function ({@code #0 0x... in fill_ramp file:line}),
 *       or by module and offset when the report is not symbolized; SHA-256 over the names, one
 *       per line. Function names only: the same bug reached along another path, or at another
 *       line of one loop, keeps its signature.</li>
 *   <li>{@code edges:<16 hex>}: SHA-256 over the distinct edge ids the run reached, ascending,
 *       4 bytes big-endian each; hit counts are left out, so one hang looping longer or shorter
 *       is one signature.</li>
 *   <li>{@code signal:<n>}: the signal that ended the run, when it reached no edge at all.</li>
 * </ol>
 * The hex is the first 8 bytes of the digest. Stateless.
 */
final class FindingSignature {

    /** Frames of the crashing stack a signature covers. */
    static final int FRAMES = 3;

    private static final Pattern REPORT = Pattern.compile("==\\d+==ERROR: \\w*Sanitizer");
    private static final Pattern FRAME = Pattern.compile("\\s*#(\\d+) 0x\\p{XDigit}+ (.*)");
    private static final Pattern FUNCTION = Pattern.compile("in (\\S+).*");
    private static final Pattern MODULE = Pattern.compile("\\(([^)\\s]+)\\).*");
    private static final List<String> SANITIZER_FRAMES = List.of(
            "__interceptor_", "__asan", "__lsan", "__msan", "__tsan", "__ubsan", "__hwasan", "__sanitizer");
    private static final int HEX_BYTES = 8;

    private FindingSignature() {
    }

    /** The strongest signature {@code stderr}, {@code coverage} and {@code signal} allow. */
    static String of(String stderr, Coverage coverage, int signal) {
        return stack(stderr).orElseGet(() -> coverage.size() > 0 ? edges(coverage) : "signal:" + signal);
    }

    /** {@code stack:<hex>} from the first sanitizer report in {@code stderr}, if it has frames. */
    static Optional<String> stack(String stderr) {
        List<String> lines = stderr.lines().toList();
        int start = 0;
        while (start < lines.size() && !REPORT.matcher(lines.get(start)).find()) {
            start++;
        }
        List<String> names = new ArrayList<>();
        int expected = 0;
        for (int i = start + 1; i < lines.size() && names.size() < FRAMES; i++) {
            Matcher frame = FRAME.matcher(lines.get(i));
            if (!frame.matches()) {
                if (expected > 0) {
                    break;
                }
                continue;
            }
            if (Integer.parseInt(frame.group(1)) != expected) {
                break;
            }
            expected++;
            String name = frameName(frame.group(2));
            if (SANITIZER_FRAMES.stream().noneMatch(name::startsWith)) {
                names.add(name);
            }
        }
        if (names.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("stack:" + hex(String.join("\n", names).getBytes(StandardCharsets.UTF_8)));
    }

    /** {@code edges:<hex>} over the distinct edges of {@code coverage}. */
    static String edges(Coverage coverage) {
        ByteBuffer edges = ByteBuffer.allocate(Integer.BYTES * coverage.size());
        int previous = -1;
        for (int i = 0; i < coverage.size(); i++) {
            int edge = Coverage.edgeOf(coverage.tupleAt(i));
            if (edge != previous) {
                edges.putInt(edge);
                previous = edge;
            }
        }
        byte[] bytes = new byte[edges.position()];
        edges.flip().get(bytes);
        return "edges:" + hex(bytes);
    }

    /** The function of a frame, or {@code module+offset} (the module's file name) when unsymbolized. */
    private static String frameName(String rest) {
        Matcher function = FUNCTION.matcher(rest);
        if (function.matches()) {
            return function.group(1);
        }
        Matcher module = MODULE.matcher(rest);
        if (module.matches()) {
            String location = module.group(1);
            return location.substring(location.lastIndexOf('/') + 1);
        }
        return rest.strip();
    }

    private static String hex(byte[] bytes) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
            return HexFormat.of().formatHex(digest, 0, HEX_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
