package io.frontier.tools.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes every generated file and region of the documentation: {@code scripts/docs.sh} runs it
 * (Maven's {@code docs} profile of the tools module), with the project root as its argument.
 */
public final class GenerateDocs {

    private GenerateDocs() {
    }

    public static void main(String[] arguments) throws IOException {
        Path root = arguments.length == 1 ? Path.of(arguments[0]).toAbsolutePath().normalize() : ProjectTree.root();
        List<GeneratedFile> cli = new ArrayList<>(CliReference.files());
        cli.addAll(CliReference.manPages(cli));
        removeStale(root, cli);
        for (GeneratedFile file : cli) {
            write(root, file);
        }
        write(root, ExitCodeTable.page(root));
        for (GeneratedFile page : BenchmarkPages.pages(root)) {
            write(root, page);
        }
    }

    /** Removes files of the CLI reference that no command generates any more (a command was removed or renamed). */
    private static void removeStale(Path root, List<GeneratedFile> cli) throws IOException {
        List<Path> expected = cli.stream().map(GeneratedFile::path).toList();
        for (Path file : ProjectTree.filesUnder(root, CliReference.DIRECTORY)) {
            if (!expected.contains(file)) {
                Files.delete(root.resolve(file));
                System.out.println("removed " + file);
            }
        }
    }

    private static void write(Path root, GeneratedFile file) throws IOException {
        Path target = root.resolve(file.path());
        if (Files.isRegularFile(target) && Files.readString(target).equals(file.content())) {
            return;
        }
        Files.createDirectories(target.getParent());
        Files.writeString(target, file.content());
        System.out.println("wrote " + file.path());
    }
}
