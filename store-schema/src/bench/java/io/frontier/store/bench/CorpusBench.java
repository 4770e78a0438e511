package io.frontier.store.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.frontier.store.benchmark.BenchmarkRun;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.HashedContent;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Measures the corpus, once, and writes {@code corpus-bench.json} into the directory given as
 * the only argument.
 *
 * <ul>
 *   <li>Verification throughput: {@link ContentHasher#hashFile} against {@code openssl dgst
 *       -sha256} on the same 1 GiB file (generated in the output directory, in the page cache
 *       for both, deleted afterwards), alternating, median of {@value #ROUNDS} rounds each.
 *       openssl's time includes starting its process, measured separately and reported.
 *   <li>Durable publishes: {@value #OBJECTS} distinct 1 KiB objects through
 *       {@link ObjectDirectory#publish(byte[])}, objects per second and fsyncs per object,
 *       counted by the {@link Fsync} every fsync of the publish path goes through.
 * </ul>
 *
 * MB means 10^6 bytes. The numbers come from whatever machine runs this, with whatever else it is
 * running; read them as one sample.
 */
public final class CorpusBench {

    private static final long HASHED_FILE_BYTES = 1L << 30;
    private static final int ROUNDS = 3;
    private static final double TARGET_RATIO = 0.8;
    private static final int OBJECTS = 2000;
    private static final int WARM_UP_OBJECTS = 200;
    private static final int OBJECT_BYTES = 1024;

    private CorpusBench() {
    }

    public static void main(String[] arguments) throws Exception {
        if (arguments.length != 1) {
            System.err.println("usage: CorpusBench <output-directory>");
            System.exit(2);
        }
        Path output = Files.createDirectories(Path.of(arguments[0]));
        Verification verification = measureVerification(output);
        Publishing publishing = measurePublishing(output);
        Result result = new Result(new Machine(Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.arch"),
                "one sample on a machine shared with other builds; expect noise"),
                verification, publishing);
        Path json = output.resolve("corpus-bench.json");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(json.toFile(), result);
        print(result, json);
        BenchmarkRun.now("corpus", figures(result)).record();
    }

    /** The figures the benchmark pages show, named with their units. */
    private static Map<String, Object> figures(Result result) {
        Verification v = result.verification();
        Publishing p = result.publishing();
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("SHA-256 of 1 GiB, MB/s (median of " + v.rounds() + ")", v.javaMedianMegabytesPerSecond());
        if (v.opensslMedianMegabytesPerSecond() != null) {
            figures.put("openssl dgst -sha256 of the same file, MB/s", v.opensslMedianMegabytesPerSecond());
            figures.put("ratio to openssl (target >= " + v.targetRatio() + ")", v.ratio());
        }
        figures.put("durable publishes of " + p.objectBytes() + " B objects, objects/s", p.objectsPerSecond());
        figures.put("fsyncs per publish", p.fsyncsPerObject());
        return figures;
    }

    private static Verification measureVerification(Path output) throws Exception {
        Path file = output.resolve("corpus-bench-1GiB.bin");
        try {
            writeRandomFile(file, HASHED_FILE_BYTES);
            HashedContent warmUp = ContentHasher.hashFile(file);
            String opensslVersion = opensslVersion();
            Double opensslStartup = opensslVersion == null ? null : opensslStartupSeconds(output);
            double[] java = new double[ROUNDS];
            double[] openssl = new double[ROUNDS];
            boolean digestsAgree = true;
            for (int round = 0; round < ROUNDS; round++) {
                if (opensslVersion != null) {
                    OpensslRun run = runOpenssl(file);
                    openssl[round] = megabytesPerSecond(HASHED_FILE_BYTES, run.seconds());
                    digestsAgree &= run.digest().equals(warmUp.digest().hex());
                }
                long start = System.nanoTime();
                HashedContent content = ContentHasher.hashFile(file);
                java[round] = megabytesPerSecond(HASHED_FILE_BYTES, (System.nanoTime() - start) / 1e9);
                digestsAgree &= content.digest().equals(warmUp.digest());
            }
            Double opensslMedian = opensslVersion == null ? null : median(openssl);
            double javaMedian = median(java);
            Double ratio = opensslMedian == null ? null : javaMedian / opensslMedian;
            return new Verification(HASHED_FILE_BYTES, ROUNDS, ContentHasher.BUFFER_BYTES,
                    toList(java), opensslVersion == null ? List.of() : toList(openssl),
                    javaMedian, opensslMedian, ratio, TARGET_RATIO, ratio != null && ratio >= TARGET_RATIO,
                    digestsAgree, opensslVersion, opensslStartup);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static Publishing measurePublishing(Path output) throws IOException {
        Fsync fsync = new Fsync();
        DurableFiles files = new DurableFiles(fsync);
        Path directory = Files.createTempDirectory(output, "corpus-bench-publish-");
        try {
            ObjectDirectory corpus = new ObjectDirectory(directory, files);
            SplittableRandom random = new SplittableRandom(42);
            for (int i = 0; i < WARM_UP_OBJECTS; i++) {
                corpus.publish(randomBytes(random, OBJECT_BYTES));
            }
            List<byte[]> objects = new ArrayList<>(OBJECTS);
            for (int i = 0; i < OBJECTS; i++) {
                objects.add(randomBytes(random, OBJECT_BYTES));
            }
            long fsyncsBefore = fsync.count();
            long start = System.nanoTime();
            for (byte[] object : objects) {
                corpus.publish(object);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long fsyncs = fsync.count() - fsyncsBefore;
            return new Publishing(OBJECTS, OBJECT_BYTES, seconds, OBJECTS / seconds,
                    1000 * seconds / OBJECTS, fsyncs, (double) fsyncs / OBJECTS);
        } finally {
            files.removeTree(directory);
        }
    }

    private static void writeRandomFile(Path file, long size) throws IOException {
        SplittableRandom random = new SplittableRandom(1);
        byte[] chunk = new byte[1 << 20];
        try (FileChannel channel = FileChannel.open(file,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            for (long written = 0; written < size; written += chunk.length) {
                random.nextBytes(chunk);
                ByteBuffer buffer = ByteBuffer.wrap(chunk, 0, (int) Math.min(chunk.length, size - written));
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
            }
        }
    }

    /** The version line of openssl, or null if it cannot be run. */
    private static String opensslVersion() {
        try {
            Process process = new ProcessBuilder("openssl", "version").redirectErrorStream(true).start();
            String version = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0 ? version : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** How long openssl takes to hash an empty file: the start-up cost inside its timings. */
    private static double opensslStartupSeconds(Path output) throws IOException, InterruptedException {
        Path empty = Files.createTempFile(output, "corpus-bench-empty-", ".bin");
        try {
            return runOpenssl(empty).seconds();
        } finally {
            Files.delete(empty);
        }
    }

    /** Runs {@code openssl dgst -sha256 -r} on {@code file}, timing it from process start to exit. */
    private static OpensslRun runOpenssl(Path file) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process process = new ProcessBuilder("openssl", "dgst", "-sha256", "-r", file.toString())
                .redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        double seconds = (System.nanoTime() - start) / 1e9;
        String digest = out.isEmpty() ? "" : out.split(" ", 2)[0].trim();
        return new OpensslRun(seconds, digest);
    }

    private static byte[] randomBytes(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }

    private static double megabytesPerSecond(long bytes, double seconds) {
        return bytes / 1e6 / seconds;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static List<Double> toList(double[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static void print(Result result, Path json) {
        Verification v = result.verification();
        Publishing p = result.publishing();
        System.out.printf("CorpusBench (%d CPUs, %s; %s)%n",
                result.machine().availableProcessors(), result.machine().java(), result.machine().note());
        System.out.printf("  verify 1 GiB, median of %d: java %.1f MB/s, openssl %s MB/s, ratio %s (target >= %.2f: %s)%n",
                v.rounds(), v.javaMedianMegabytesPerSecond(),
                v.opensslMedianMegabytesPerSecond() == null ? "n/a" : String.format("%.1f", v.opensslMedianMegabytesPerSecond()),
                v.ratio() == null ? "n/a" : String.format("%.3f", v.ratio()),
                v.targetRatio(), v.targetMet() ? "met" : "NOT met");
        System.out.printf("    rounds java %s, openssl %s; digests agree: %s; openssl start-up %.4f s%n",
                rounded(v.javaMegabytesPerSecond()), rounded(v.opensslMegabytesPerSecond()), v.digestsAgree(),
                v.opensslStartupSeconds() == null ? Double.NaN : v.opensslStartupSeconds());
        System.out.printf("  durable publish of %d B objects: %d objects in %.2f s = %.1f objects/s, %.3f ms each, %.2f fsyncs/object%n",
                p.objectBytes(), p.objects(), p.seconds(), p.objectsPerSecond(), p.meanMillis(), p.fsyncsPerObject());
        System.out.println("  results: " + json);
    }

    private static List<String> rounded(List<Double> values) {
        return values.stream().map(value -> String.format("%.1f", value)).toList();
    }

    /** Everything one run measured; written as JSON. */
    record Result(Machine machine, Verification verification, Publishing publishing) {
    }

    /** Where the numbers come from. */
    record Machine(int availableProcessors, String java, String os, String note) {
    }

    /** SHA-256 verification of one file by this code and by openssl; MB = 10^6 bytes. */
    record Verification(
            long fileBytes,
            int rounds,
            int bufferBytes,
            List<Double> javaMegabytesPerSecond,
            List<Double> opensslMegabytesPerSecond,
            double javaMedianMegabytesPerSecond,
            Double opensslMedianMegabytesPerSecond,
            Double ratio,
            double targetRatio,
            boolean targetMet,
            boolean digestsAgree,
            String opensslVersion,
            Double opensslStartupSeconds) {
    }

    /** Durable publishes of small distinct objects into one directory. */
    record Publishing(
            int objects,
            int objectBytes,
            double seconds,
            double objectsPerSecond,
            double meanMillis,
            long fsyncs,
            double fsyncsPerObject) {
    }

    /** One timed openssl run and the digest it printed. */
    private record OpensslRun(double seconds, String digest) {
    }
}
