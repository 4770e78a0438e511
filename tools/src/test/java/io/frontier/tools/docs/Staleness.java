package io.frontier.tools.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

/** The one assertion of every staleness test: a checked-in generated file equals what the generator writes now. */
final class Staleness {

    private Staleness() {
    }

    static void assertCurrent(Path root, GeneratedFile file) {
        Path onDisk = root.resolve(file.path());
        assertThat(Files.isRegularFile(onDisk))
                .as("%s is missing: run %s, which writes every generated page", file.path(), ProjectTree.REGENERATE)
                .isTrue();
        assertThat(ProjectTree.read(onDisk))
                .as("%s is stale (the code or the results changed since it was generated): run %s", file.path(),
                        ProjectTree.REGENERATE)
                .isEqualTo(file.content());
    }
}
