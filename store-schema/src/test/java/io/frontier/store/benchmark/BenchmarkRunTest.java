package io.frontier.store.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkRunTest {

    @TempDir
    Path results;

    @AfterEach
    void forgetResults() {
        System.clearProperty(BenchmarkRun.RESULTS_PROPERTY);
    }

    @Test
    void recordAppendsOneLineThatDecodesToTheSameRunInTheOrderOfItsFigures() throws IOException {
        System.setProperty(BenchmarkRun.RESULTS_PROPERTY, results.toString());
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("items/s, SQLite, 1 coordinator process", 1812.5);
        figures.put("fsyncs per item", 0.16);
        BenchmarkRun first = BenchmarkRun.now("store-lifecycle", figures);

        first.record();
        BenchmarkRun.now("store-lifecycle", Map.of("items/s, SQLite, 1 coordinator process", 2000)).record();

        List<String> lines = Files.readAllLines(results.resolve("store-lifecycle.jsonl"));
        assertThat(lines).hasSize(2);
        BenchmarkRun read = BenchmarkRun.parse(lines.get(0));
        assertThat(read).isEqualTo(first);
        assertThat(read.figures().keySet()).containsExactly("items/s, SQLite, 1 coordinator process", "fsyncs per item");
        assertThat(read.machine().cores()).isPositive();
        assertThat(read.date()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
    }

    @Test
    void aLineWithAnUnknownOrMissingFieldIsRefused() {
        String line = BenchmarkRun.now("corpus", Map.of("x", 1)).line();

        assertThatThrownBy(() -> BenchmarkRun.parse(line.replace("\"command\"", "\"comand\"")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theCommandNamesNoAbsolutePathOfTheMachine() {
        assertThat(BenchmarkRun.withoutPaths("mvn -f /work/x/pom.xml -Dexploration.targets=/home/me/t.json verify"))
                .isEqualTo("mvn -f <path> -Dexploration.targets=<path> verify");
        assertThat(BenchmarkRun.withoutPaths("mvn -Pbench -pl store-schema,worker verify -Dexploration.arms=a/b"))
                .isEqualTo("mvn -Pbench -pl store-schema,worker verify -Dexploration.arms=a/b");
    }
}
