package io.frontier.worker.rank;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.Digest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildStagingTest {

    @TempDir
    Path dir;

    private static final int LIMIT = 3;

    @Test
    void distinctChildrenBeyondOneResultsLimitAreLeftOutUnstagedAndCounted() throws Exception {
        Path campaign = Files.createDirectories(dir.resolve("campaign"));
        Path outputs = Files.createDirectories(dir.resolve("outputs"));
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < LIMIT + 2; i++) {
            files.add(Files.writeString(outputs.resolve(String.format("%06d", i)), "child " + i));
        }
        files.add(Files.writeString(outputs.resolve("duplicate"), "child 0"));
        Digest input = Digest.parse(ContentHasher.hash("input".getBytes(StandardCharsets.UTF_8)).digest().hex());
        CorpusLayout layout = new CorpusLayout(campaign);
        StageWriter writer = new StageWriter(layout, new StageLocation(1, 3, "r1"), new DurableFiles(new Fsync()));

        ChildStaging.Staged staged = ChildStaging.stage(files, input, writer, LIMIT, Optional.empty());

        assertThat(staged.children()).hasSize(LIMIT);
        assertThat(staged.overLimit()).isEqualTo(2);
        assertThat(staged.generated()).isEqualTo(LIMIT + 3);
        try (Stream<Path> stage = Files.list(writer.directory())) {
            assertThat(stage.count()).isEqualTo(LIMIT);
        }
        assertThat(staged.children().get(0).digest().hex())
                .isEqualTo(ContentHasher.hash("child 0".getBytes(StandardCharsets.UTF_8)).digest().hex());
    }
}
