package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.Promotion;
import io.frontier.store.corpus.stage.StageProblem;
import io.frontier.store.corpus.stage.StagePromoter;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.corpus.stage.StageRemover;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.stage.StagedChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StagePromoterTest {

    @TempDir
    Path campaign;

    private final Fsync fsync = new Fsync();
    private final DurableFiles files = new DurableFiles(fsync);
    private final StageLocation location = new StageLocation(2, 9, "result-7");
    private final byte[] firstBytes = ContentHasherTest.randomBytes(1500, 21);
    private final byte[] secondBytes = ContentHasherTest.randomBytes(700, 22);
    private CorpusLayout layout;
    private StagePromoter promoter;
    private StagedChild first;
    private StagedChild second;
    private List<StagedChild> children;

    @BeforeEach
    void writeAStage() {
        layout = new CorpusLayout(campaign);
        layout.createCorpus(files);
        promoter = new StagePromoter(layout, files);
        StageWriter writer = new StageWriter(layout, location, files);
        first = writer.stage(firstBytes);
        second = writer.stage(secondBytes);
        children = List.of(first, second);
    }

    @Test
    void promotionRenamesEveryChildIntoTheCorpusAndFsyncsItOnce() throws Exception {
        long fsyncsBefore = fsync.count();

        Promotion promotion = promoter.promote(location, children);

        assertThat(promotion.renamed()).containsExactlyInAnyOrder(first.digest(), second.digest());
        assertThat(promotion.alreadyPresent()).isEmpty();
        assertThat(Files.readAllBytes(layout.corpus().resolve(first.digest().hex()))).isEqualTo(firstBytes);
        assertThat(Files.readAllBytes(layout.corpus().resolve(second.digest().hex()))).isEqualTo(secondBytes);
        assertThat(layout.stage(location)).isEmptyDirectory();
        assertThat(fsync.count() - fsyncsBefore).as("one fsync of the corpus directory").isEqualTo(1);
    }

    @Test
    void promotionIsHarmlessToRepeat() {
        promoter.promote(location, children);

        Promotion again = promoter.promote(location, children);

        assertThat(again.renamed()).isEmpty();
        assertThat(again.alreadyPresent()).containsExactlyInAnyOrder(first.digest(), second.digest());
        assertThat(DurableFilesTest.entries(layout.corpus()))
                .containsExactlyInAnyOrder(first.digest().hex(), second.digest().hex());
    }

    @Test
    void replayAfterACrashMidPromotionFinishesTheRest() throws Exception {
        Files.move(layout.stage(location).resolve(first.digest().hex()), layout.corpus().resolve(first.digest().hex()));

        Promotion replay = promoter.promote(location, children);

        assertThat(replay.renamed()).containsExactly(second.digest());
        assertThat(replay.alreadyPresent()).containsExactly(first.digest());
    }

    @Test
    void aStopAfterTheFirstRenameLeavesTheOthersStagedForTheNextPromotion() {
        List<Digest> seen = new ArrayList<>();
        Consumer<Digest> stopAfterFirst = digest -> {
            seen.add(digest);
            throw new IllegalStateException("stopped");
        };

        assertThatThrownBy(() -> promoter.promote(location, children, stopAfterFirst)).hasMessage("stopped");

        assertThat(seen).hasSize(1);
        Digest moved = seen.get(0);
        Digest staged = moved.equals(first.digest()) ? second.digest() : first.digest();
        assertThat(DurableFilesTest.entries(layout.corpus())).containsExactly(moved.hex());
        assertThat(DurableFilesTest.entries(layout.stage(location))).containsExactly(staged.hex());
        Promotion replay = promoter.promote(location, children);
        assertThat(replay.renamed()).containsExactly(staged);
        assertThat(replay.alreadyPresent()).containsExactly(moved);
    }

    @Test
    void replayAfterTheStageWasRemovedFindsEveryChildPresent() {
        promoter.promote(location, children);
        new StageRemover(layout, files).remove(location);

        Promotion replay = promoter.promote(location, children);

        assertThat(replay.renamed()).isEmpty();
        assertThat(replay.alreadyPresent()).containsExactlyInAnyOrder(first.digest(), second.digest());
    }

    @Test
    void childAlreadyInTheCorpusIsVerifiedAndLeftInPlace() throws Exception {
        new ObjectDirectory(layout.corpus(), files).publish(firstBytes);

        Promotion promotion = promoter.promote(location, children);

        assertThat(promotion.alreadyPresent()).containsExactly(first.digest());
        assertThat(promotion.renamed()).containsExactly(second.digest());
        assertThat(DurableFilesTest.entries(layout.stage(location))).containsExactly(first.digest().hex());
    }

    @Test
    void childMissingFromStageAndCorpusRejectsThePromotionAsAWhole() throws Exception {
        Files.delete(layout.stage(location).resolve(second.digest().hex()));

        assertThatThrownBy(() -> promoter.promote(location, children))
                .isInstanceOfSatisfying(StageRejectedException.class, failure -> assertThat(failure.problems())
                        .extracting(StageProblem::kind, StageProblem::entry)
                        .containsExactly(tuple(
                                StageProblem.Kind.MISSING, second.digest().hex())));
        assertThat(layout.corpus()).isEmptyDirectory();
        assertThat(DurableFilesTest.entries(layout.stage(location))).containsExactly(first.digest().hex());
    }

    @Test
    void stageReachedThroughASymbolicLinkIsNotPromoted() throws Exception {
        Path rankDirectory = layout.stage(location).getParent();
        Path elsewhere = campaign.resolve("elsewhere");
        Files.move(rankDirectory, elsewhere);
        Files.createSymbolicLink(rankDirectory, elsewhere);

        assertThatThrownBy(() -> promoter.promote(location, children))
                .isInstanceOfSatisfying(StageRejectedException.class, failure -> assertThat(failure.problems())
                        .extracting(StageProblem::kind)
                        .containsExactly(StageProblem.Kind.NOT_A_DIRECTORY));
        assertThat(layout.corpus()).isEmptyDirectory();
    }
}
