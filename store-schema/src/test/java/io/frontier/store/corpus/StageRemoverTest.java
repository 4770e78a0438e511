package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.corpus.stage.StageRemover;
import io.frontier.store.corpus.stage.StageWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StageRemoverTest {

    @TempDir
    Path campaign;

    private final DurableFiles files = new DurableFiles(new Fsync());
    private final StageLocation location = new StageLocation(4, 2, "doomed");
    private final StageLocation sibling = new StageLocation(4, 2, "kept");
    private CorpusLayout layout;
    private StageRemover remover;

    @BeforeEach
    void writeTwoStagesOfOneRank() {
        layout = new CorpusLayout(campaign);
        remover = new StageRemover(layout, files);
        new StageWriter(layout, location, files).stage(new byte[] {1});
        new StageWriter(layout, sibling, files).stage(new byte[] {2});
    }

    @Test
    void removalDeletesOnlyThatStageAndIsHarmlessToRepeat() {
        remover.remove(location);
        remover.remove(location);

        assertThat(layout.stage(location)).doesNotExist();
        assertThat(layout.stage(sibling)).isNotEmptyDirectory();
    }

    @Test
    void stageThatIsASymbolicLinkLosesTheLinkButNotItsTarget() throws Exception {
        Path outside = Files.createDirectory(campaign.resolve("outside"));
        Files.write(outside.resolve("precious"), new byte[] {7});
        remover.remove(location);
        Files.createSymbolicLink(layout.stage(location), outside);

        remover.remove(location);

        assertThat(layout.stage(location)).doesNotExist();
        assertThat(outside.resolve("precious")).exists();
    }

    @Test
    void stageUnderASymbolicLinkIsRefusedAndNothingIsDeleted() throws Exception {
        Path rankDirectory = layout.stage(location).getParent();
        Path outside = campaign.resolve("outside");
        Files.move(rankDirectory, outside);
        Files.createSymbolicLink(rankDirectory, outside);

        assertThatThrownBy(() -> remover.remove(location)).isInstanceOf(StageRejectedException.class)
                .hasMessageContaining("NOT_A_DIRECTORY " + rankDirectory);
        assertThat(outside.resolve("doomed")).isNotEmptyDirectory();
    }
}
