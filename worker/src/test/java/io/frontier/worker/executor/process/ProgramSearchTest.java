package io.frontier.worker.executor.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgramSearchTest {

    @TempDir
    Path root;

    @Test
    void theFirstDirectoryHoldingAnExecutableRegularFileWins() throws Exception {
        Path first = Files.createDirectories(root.resolve("first"));
        Path second = Files.createDirectories(root.resolve("second"));
        Path third = Files.createDirectories(root.resolve("third"));
        Files.writeString(first.resolve("tool"), "not executable\n");
        Files.createDirectories(second.resolve("tool"));
        Path executable = Files.writeString(third.resolve("tool"), "#!/bin/sh\n");
        executable.toFile().setExecutable(true);

        assertThat(ProgramSearch.find("tool", List.of(first.toString(), second.toString(), third.toString())))
                .contains(executable.toAbsolutePath());
        assertThat(ProgramSearch.find("tool", List.of(first.toString(), second.toString()))).isEmpty();
    }

    @Test
    void givenDirectoriesComeFirstAndPathEntriesAreNotRepeated() {
        List<String> directories = ProgramSearch.directories(List.of("/usr/bin", root.toString()));

        assertThat(directories.subList(0, 2)).containsExactly("/usr/bin", root.toString());
        assertThat(directories).doesNotHaveDuplicates().doesNotContain("");
    }

    @Test
    void theShellIsOnThePath() {
        assertThat(ProgramSearch.onPath("sh")).hasValueSatisfying(shell -> assertThat(shell).isAbsolute());
    }
}
