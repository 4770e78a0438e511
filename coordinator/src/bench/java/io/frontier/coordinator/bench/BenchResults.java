package io.frontier.coordinator.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where the benchmark's figures go: {@code <output>/<benchmark>.json}, as the other benchmarks
 * write theirs. The one place that writes them, so that a shared results format replaces it alone.
 */
final class BenchResults {

    private BenchResults() {
    }

    static Path write(Path output, String benchmark, Map<String, Object> figures) {
        Path file = output.resolve(benchmark + ".json");
        try {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), figures);
        } catch (IOException e) {
            throw new UncheckedIOException("benchmark results cannot be written to " + file, e);
        }
        return file;
    }
}
