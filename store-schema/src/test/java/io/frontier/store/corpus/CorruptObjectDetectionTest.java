package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.fsck.CheckFinding;
import io.frontier.store.corpus.fsck.CheckProgress;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import io.frontier.store.corpus.stage.StageInspector;
import io.frontier.store.corpus.stage.StageProblem;
import io.frontier.store.corpus.stage.StagePromoter;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.stage.StagedChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One flipped byte in an object under a valid name is caught at every check point: publishing
 * the same bytes again, verified read, stage inspection, promotion (of a staged child and onto an
 * existing corpus object), and fsck. The damaged file is reported with both digests and never
 * replaced or promoted.
 */
class CorruptObjectDetectionTest {

    @TempDir
    Path campaign;

    private final DurableFiles files = new DurableFiles(new Fsync());
    private final byte[] bytes = ContentHasherTest.randomBytes(4096, 11);
    private final Digest digest = ContentHasher.hash(bytes).digest();
    private final StageLocation location = new StageLocation(1, 5, "result-1");
    private CorpusLayout layout;
    private ObjectDirectory corpus;

    @BeforeEach
    void createCorpus() {
        layout = new CorpusLayout(campaign);
        layout.createCorpus(files);
        corpus = new ObjectDirectory(layout.corpus(), files);
    }

    @Test
    void publishingBytesWhoseObjectIsCorruptFailsAndLeavesTheObjectAsItWas() throws Exception {
        Path object = corruptObjectInCorpus();
        byte[] damaged = Files.readAllBytes(object);

        assertThatThrownBy(() -> corpus.publish(bytes))
                .isInstanceOfSatisfying(DigestMismatchException.class, failure -> {
                    assertThat(failure.context()).containsEntry("path", object.toString());
                    assertThat(failure.context()).containsEntry("expected", digest.hex());
                    assertThat(failure.context()).containsEntry("actual", ContentHasher.hash(damaged).digest().hex());
                });
        assertThat(Files.readAllBytes(object)).isEqualTo(damaged);
        assertThat(DurableFilesTest.entries(layout.corpus())).containsExactly(digest.hex());
    }

    @Test
    void verifiedReadOfACorruptObjectFailsAndRemovesThePartialCopy() throws Exception {
        corruptObjectInCorpus();
        Path copy = campaign.resolve("worker-copy");

        assertThatThrownBy(() -> corpus.copyVerified(digest, copy))
                .isInstanceOf(DigestMismatchException.class)
                .hasMessageContaining("expected=" + digest.hex())
                .hasMessageContaining("actual=");
        assertThat(copy).doesNotExist();
    }

    @Test
    void stageInspectionRejectsACorruptStagedChild() throws Exception {
        StagedChild child = new StageWriter(layout, location, files).stage(bytes);
        Tamper.flipByte(layout.stage(location).resolve(digest.hex()), 100);

        assertThatThrownBy(() -> new StageInspector(layout).inspect(location, List.of(child)))
                .isInstanceOfSatisfying(StageRejectedException.class, failure -> assertThat(failure.problems())
                        .extracting(StageProblem::kind)
                        .containsExactly(StageProblem.Kind.WRONG_DIGEST));
    }

    @Test
    void promotionRejectsAStagedChildCorruptedAfterInspection() throws Exception {
        StagedChild child = new StageWriter(layout, location, files).stage(bytes);
        new StageInspector(layout).inspect(location, List.of(child));
        Tamper.flipByte(layout.stage(location).resolve(digest.hex()), 0);

        assertThatThrownBy(() -> new StagePromoter(layout, files).promote(location, List.of(child)))
                .isInstanceOfSatisfying(StageRejectedException.class, failure -> assertThat(failure.problems())
                        .extracting(StageProblem::kind)
                        .containsExactly(StageProblem.Kind.WRONG_DIGEST));
        assertThat(layout.corpus()).isEmptyDirectory();
    }

    @Test
    void promotionOntoACorruptCorpusObjectFailsAndRenamesNothing() throws Exception {
        byte[] other = ContentHasherTest.randomBytes(10, 12);
        StageWriter writer = new StageWriter(layout, location, files);
        List<StagedChild> children = List.of(writer.stage(bytes), writer.stage(other));
        new StageInspector(layout).inspect(location, children);
        Path object = corruptObjectInCorpus();

        assertThatThrownBy(() -> new StagePromoter(layout, files).promote(location, children))
                .isInstanceOf(DigestMismatchException.class)
                .hasMessageContaining("path=" + object)
                .hasMessageContaining("expected=" + digest.hex());
        assertThat(DurableFilesTest.entries(layout.corpus())).containsExactly(digest.hex());
        assertThat(DurableFilesTest.entries(layout.stage(location))).hasSize(2);
    }

    @Test
    void fsckListsACorruptObjectWithBothDigests() throws Exception {
        Path object = corruptObjectInCorpus();
        String actual = ContentHasher.hashFile(object).digest().hex();
        corpus.publish(ContentHasherTest.randomBytes(10, 13));

        CorpusCheckReport report = new CorpusCheck(layout.corpus()).run(CheckProgress.NONE);

        assertThat(report.clean()).isFalse();
        assertThat(report.objectsVerified()).isEqualTo(1);
        assertThat(report.findings()).containsExactly(new CheckFinding(
                CheckFinding.Kind.DIGEST_MISMATCH, digest.hex(), digest.hex(), actual, "content does not match name"));
    }

    /** Publishes {@link #bytes} into the corpus, then flips one byte of the object. */
    private Path corruptObjectInCorpus() throws Exception {
        corpus.publish(bytes);
        Path object = corpus.pathOf(digest);
        Tamper.flipByte(object, 2048);
        return object;
    }
}
