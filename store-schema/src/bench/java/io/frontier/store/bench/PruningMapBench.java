package io.frontier.store.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.frontier.store.benchmark.BenchmarkRun;
import io.frontier.store.pruning.PruningMap;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Measures what a shared SymCC pruning map costs on the wire, once, and writes
 * {@code pruning-map-bench.json} into the directory given as the only argument: the length of
 * its wire form (deflate, then base64), which every ASSIGN to a SymCC worker carries, and the
 * time to encode and decode it, for maps of growing size.
 *
 * <p>A map is modelled on what SymCC's QSYM backend writes: each branch outcome it has seen sets
 * one to three bits of one byte in the branch half (hit-count classes), and each calling context
 * one to three bits of one byte in the context half, at positions spread by a hash, so the set
 * bytes are scattered at random over each half. {@code touched} is the number of bytes set in
 * each half: a few hundred for a small parser, thousands for a large one; 65,536 is every byte.
 */
public final class PruningMapBench {

    private static final int[] TOUCHED = {0, 100, 1000, 5000, 20_000, 65_536};
    private static final int ROUNDS = 200;
    private static final int HALF = PruningMap.BYTES / 2;

    private PruningMapBench() {
    }

    public static void main(String[] arguments) throws Exception {
        if (arguments.length != 1) {
            System.err.println("usage: PruningMapBench <output-directory>");
            System.exit(2);
        }
        Path output = Files.createDirectories(Path.of(arguments[0]));
        List<Size> sizes = new ArrayList<>();
        for (int touched : TOUCHED) {
            sizes.add(measure(touched));
        }
        Result result = new Result(System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
                "one sample on a machine shared with other builds; expect noise in the times, not in the sizes",
                sizes);
        Path json = output.resolve("pruning-map-bench.json");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), result);
        System.out.printf("%-16s %10s %10s %12s %12s%n", "bytes touched", "bits", "wire bytes", "encode us",
                "decode us");
        for (Size size : sizes) {
            System.out.printf("%-16s %10d %10d %12.1f %12.1f%n", size.touchedPerHalf() + " per half", size.bits(),
                    size.wireBytes(), size.encodeMicros(), size.decodeMicros());
        }
        System.out.println("written: " + json);
        Map<String, Object> figures = new LinkedHashMap<>();
        for (Size size : sizes) {
            figures.put("wire bytes, " + size.touchedPerHalf() + " bytes set per half", size.wireBytes());
        }
        for (Size size : sizes) {
            figures.put("encode us, " + size.touchedPerHalf() + " bytes set per half", size.encodeMicros());
            figures.put("decode us, " + size.touchedPerHalf() + " bytes set per half", size.decodeMicros());
        }
        BenchmarkRun.now("pruning-map", figures).record();
    }

    private static Size measure(int touched) {
        PruningMap map = modelMap(touched, new SplittableRandom(touched));
        String wire = map.encoded();
        if (!PruningMap.decode(wire).equals(map)) {
            throw new IllegalStateException("the wire form did not decode to the same map");
        }
        long encodeNanos = 0;
        long decodeNanos = 0;
        for (int round = 0; round < ROUNDS; round++) {
            // A fresh instance each round: an instance encodes once and then hands out its cache.
            PruningMap fresh = PruningMap.of(map.bytes());
            long started = System.nanoTime();
            String encoded = fresh.encoded();
            long afterEncode = System.nanoTime();
            PruningMap.decode(encoded);
            long decoded = System.nanoTime();
            if (round >= ROUNDS / 4) {
                encodeNanos += afterEncode - started;
                decodeNanos += decoded - afterEncode;
            }
        }
        int measured = ROUNDS - ROUNDS / 4;
        return new Size(touched, map.bitCount(), wire.length(), encodeNanos / 1000.0 / measured,
                decodeNanos / 1000.0 / measured);
    }

    /** {@code touched} random bytes of each half, each with one to three random bits set. */
    private static PruningMap modelMap(int touched, SplittableRandom random) {
        byte[] file = new byte[PruningMap.BYTES];
        for (int half = 0; half < 2; half++) {
            int[] positions = random.ints(0, HALF).distinct().limit(touched).toArray();
            for (int position : positions) {
                int bits = 1 + random.nextInt(3);
                for (int bit = 0; bit < bits; bit++) {
                    file[half * HALF + position] |= (byte) (1 << random.nextInt(8));
                }
            }
        }
        return PruningMap.of(file);
    }

    /** The figures of one map size. */
    record Size(int touchedPerHalf, long bits, int wireBytes, double encodeMicros, double decodeMicros) {
    }

    record Result(String jvm, String note, List<Size> sizes) {
    }
}
