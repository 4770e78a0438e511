package io.frontier.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One program the exploration benchmark runs campaigns on: its SymCC build (absent without
 * SymCC), its AFL++ build (the afl executor and the coverage build every figure is measured on)
 * and its seeds.
 *
 * @param arguments the target's arguments, {@code @@} standing for the input file
 */
record BenchTarget(String name, Optional<Path> symcc, Path afl, Path seeds, List<String> arguments) {

    /**
     * Reads a JSON list of targets: {@code [{"name": "...", "symcc": "/path" or null, "afl":
     * "/path", "seeds": "/dir", "arguments": ["@@"]}]}.
     */
    static List<BenchTarget> read(Path file) throws IOException {
        List<BenchTarget> targets = new ArrayList<>();
        for (JsonNode node : new ObjectMapper().readTree(file.toFile())) {
            List<String> arguments = new ArrayList<>();
            node.path("arguments").forEach(argument -> arguments.add(argument.asText()));
            JsonNode symcc = node.path("symcc");
            targets.add(new BenchTarget(node.get("name").asText(),
                    symcc.isTextual() ? Optional.of(Path.of(symcc.asText())) : Optional.empty(),
                    Path.of(node.get("afl").asText()), Path.of(node.get("seeds").asText()),
                    arguments.isEmpty() ? List.of("@@") : arguments));
        }
        return targets;
    }

    /**
     * The demo target, built by the project's own script into {@code binaries} (with SymCC when
     * {@code SYMCC} names an installation), with its two seeds.
     */
    static BenchTarget demo(Path projectRoot, Path binaries) throws IOException, InterruptedException {
        Process build = new ProcessBuilder(projectRoot.resolve("scripts/build-demo-target.sh").toString(),
                binaries.toString()).inheritIO().start();
        if (build.waitFor() != 0) {
            throw new IllegalStateException("scripts/build-demo-target.sh exited " + build.exitValue());
        }
        Path symcc = binaries.resolve("demo-symcc");
        return new BenchTarget("demo", Files.isExecutable(symcc) ? Optional.of(symcc) : Optional.empty(),
                binaries.resolve("demo-afl"), projectRoot.resolve("examples/demo-target/seeds"), List.of("@@"));
    }
}
