package io.frontier.tools.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The edges a set of inputs reaches on an AFL++ build, as {@code afl-showmap -C} collects them:
 * every edge id any input of the set hit, counted once whatever its hit count. Inputs are added
 * in batches (one {@code afl-showmap} run per batch, over hard links in a directory of its own)
 * and the union grows, so a campaign's curve costs one pass over its corpus.
 */
final class ShowmapEdges {

    private final Path program;
    private final List<String> arguments;
    private final Path work;
    private final BitSet edges = new BitSet();
    private int batches;

    /**
     * @param arguments the program's arguments, {@code @@} standing for the input file
     * @param work a directory for the batches' links and maps
     */
    ShowmapEdges(Path program, List<String> arguments, Path work) {
        this.program = program;
        this.arguments = arguments;
        this.work = work;
    }

    /** Adds the objects {@code names} of {@code corpus}; returns the edges of everything added so far. */
    int add(Path corpus, List<String> names) throws IOException, InterruptedException {
        return addFiles(names.stream().map(corpus::resolve).toList());
    }

    /**
     * Adds {@code files}, which may share names (one per directory); returns the edges of
     * everything added so far.
     */
    int addFiles(List<Path> files) throws IOException, InterruptedException {
        if (files.isEmpty()) {
            return edges.cardinality();
        }
        Path batch = Files.createDirectories(work.resolve("batch-" + batches));
        Path map = work.resolve("map-" + batches);
        batches++;
        for (int i = 0; i < files.size(); i++) {
            Files.createLink(batch.resolve(Integer.toString(i)), files.get(i));
        }
        List<String> command = new ArrayList<>(List.of("afl-showmap", "-C", "-i", batch.toString(), "-o", map.toString(),
                "-m", "none", "-t", "1000", "--", program.toString()));
        command.addAll(arguments);
        Process showmap = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(work.resolve("showmap.log").toFile()).start();
        int exit = showmap.waitFor();
        if (!Files.exists(map)) {
            throw new IllegalStateException("afl-showmap -C wrote no map (exit " + exit + "); see " + work.resolve("showmap.log"));
        }
        for (String line : Files.readAllLines(map, StandardCharsets.UTF_8)) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                edges.set(Integer.parseInt(line.substring(0, colon)));
            }
        }
        return edges.cardinality();
    }
}
