package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.StageInspector;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.stage.StagedChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StageWriterTest {

    @TempDir
    Path campaign;

    private final Fsync fsync = new Fsync();
    private final DurableFiles files = new DurableFiles(fsync);
    private final StageLocation location = new StageLocation(3, 1, "result");
    private CorpusLayout layout;
    private StageWriter writer;

    @BeforeEach
    void createLayout() {
        layout = new CorpusLayout(campaign);
        writer = new StageWriter(layout, location, files);
    }

    @Test
    void stagingManyFilesDeclaresEachInOrderAsTheInspectorExpectsThem() throws Exception {
        Path outputs = Files.createDirectory(campaign.resolve("outputs"));
        Path first = Files.write(outputs.resolve("000000"), new byte[] {1, 2});
        Path second = Files.write(outputs.resolve("000001"), new byte[] {3});

        List<StagedChild> staged = writer.stageAll(List.of(first, second));

        assertThat(staged).extracting(StagedChild::digest).containsExactly(
                ContentHasher.hash(new byte[] {1, 2}).digest(), ContentHasher.hash(new byte[] {3}).digest());
        assertThat(staged).extracting(StagedChild::size).containsExactly(2L, 1L);
        new StageInspector(layout).inspect(location, staged);
    }

    @Test
    void stagingNoFileLeavesNoStageAndFsyncsNothing() {
        assertThat(writer.stageAll(List.of())).isEmpty();

        assertThat(layout.stage(location)).doesNotExist();
        assertThat(fsync.count()).isZero();
    }
}
