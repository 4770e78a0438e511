package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.StageInspector;
import io.frontier.store.corpus.stage.StageProblem;
import io.frontier.store.corpus.stage.StageProblem.Kind;
import io.frontier.store.corpus.stage.StagePromoter;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.stage.StagedChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A coordinator's view of a stage: it inspects, and promotes only what inspection accepted. Every
 * stage here holds good children besides the fault, so a stage that was not rejected as a whole
 * would put them in the public corpus.
 */
class StageInspectorTest {

    @TempDir
    Path campaign;

    private final DurableFiles files = new DurableFiles(new Fsync());
    private final StageLocation location = new StageLocation(3, 17, "r-0001");
    private CorpusLayout layout;
    private Path stage;
    private List<StagedChild> declared;

    @BeforeEach
    void writeAStageWithTwoGoodChildren() {
        layout = new CorpusLayout(campaign);
        layout.createCorpus(files);
        StageWriter writer = new StageWriter(layout, location, files);
        declared = new ArrayList<>(List.of(
                writer.stage(ContentHasherTest.randomBytes(2000, 1)),
                writer.stage(ContentHasherTest.randomBytes(3000, 2))));
        stage = layout.stage(location);
    }

    @Test
    void stageLivesAtEpochRankAndResultId() {
        assertThat(stage).isEqualTo(campaign.resolve(".stage-3").resolve("17").resolve("r-0001"));
        assertThat(DurableFilesTest.entries(stage))
                .containsExactlyInAnyOrder(declared.get(0).digest().hex(), declared.get(1).digest().hex());
    }

    @Test
    void exactStageIsAcceptedAndPromoted() {
        admit(declared);

        assertThat(DurableFilesTest.entries(layout.corpus()))
                .containsExactlyInAnyOrder(declared.get(0).digest().hex(), declared.get(1).digest().hex());
    }

    @Test
    void resultWithoutChildrenNeedsNoStage() {
        StageLocation empty = new StageLocation(3, 17, "r-empty");

        new StageInspector(layout).inspect(empty, List.of());
        new StagePromoter(layout, files).promote(empty, List.of());

        assertThat(layout.stage(empty)).doesNotExist();
        assertThat(layout.corpus()).isEmptyDirectory();
    }

    @Test
    void stageWithExtraFileIsRejectedAndCorpusUntouched() throws Exception {
        byte[] extra = ContentHasherTest.randomBytes(10, 3);
        Files.write(stage.resolve(ContentHasher.hash(extra).digest().hex()), extra);

        assertRejectedWithCorpusUntouched(declared, Kind.EXTRA_ENTRY);
    }

    @Test
    void stageWithMissingFileIsRejectedAndCorpusUntouched() throws Exception {
        declared.add(new StagedChild(ContentHasher.hash(new byte[] {1}).digest(), 1));

        assertRejectedWithCorpusUntouched(declared, Kind.MISSING);
    }

    @Test
    void stageWithDirectoryUnderADeclaredNameIsRejectedAndCorpusUntouched() throws Exception {
        StagedChild child = new StagedChild(ContentHasher.hash(new byte[] {2}).digest(), 1);
        declared.add(child);
        Files.createDirectory(stage.resolve(child.digest().hex()));

        assertRejectedWithCorpusUntouched(declared, Kind.NOT_REGULAR);
    }

    @Test
    void stageWithExtraDirectoryIsRejectedAndCorpusUntouched() throws Exception {
        Files.createDirectory(stage.resolve("subdirectory"));

        assertRejectedWithCorpusUntouched(declared, Kind.BAD_NAME);
    }

    @Test
    void stageWithSymbolicLinkUnderADeclaredNameIsRejectedAndCorpusUntouched() throws Exception {
        byte[] bytes = ContentHasherTest.randomBytes(50, 4);
        Path outside = Files.write(campaign.resolve("outside"), bytes);
        StagedChild child = new StagedChild(ContentHasher.hash(bytes).digest(), bytes.length);
        declared.add(child);
        Files.createSymbolicLink(stage.resolve(child.digest().hex()), outside);

        assertRejectedWithCorpusUntouched(declared, Kind.SYMBOLIC_LINK);
    }

    @Test
    void stageThatIsASymbolicLinkIsRejectedAndCorpusUntouched() throws Exception {
        Path real = campaign.resolve("real-stage");
        Files.move(stage, real);
        Files.createSymbolicLink(stage, real);

        assertRejectedWithCorpusUntouched(declared, Kind.NOT_A_DIRECTORY);
    }

    @Test
    void stageWithUpperCaseNameIsRejectedAndCorpusUntouched() throws Exception {
        StagedChild child = declared.get(0);
        Path file = stage.resolve(child.digest().hex());
        Files.move(file, stage.resolve(child.digest().hex().toUpperCase()));

        assertRejectedWithCorpusUntouched(declared, Kind.BAD_NAME, Kind.MISSING);
    }

    @Test
    void stageWithShortNameIsRejectedAndCorpusUntouched() throws Exception {
        Files.write(stage.resolve("abc123"), new byte[] {1});

        assertRejectedWithCorpusUntouched(declared, Kind.BAD_NAME);
    }

    @Test
    void stageWithLeftoverTemporaryFileIsRejectedAndCorpusUntouched() throws Exception {
        Files.write(stage.resolve(".tmp-1-1-0123456789abcdef"), new byte[] {1});

        assertRejectedWithCorpusUntouched(declared, Kind.BAD_NAME);
    }

    @Test
    void stageWithWrongDigestIsRejectedAndCorpusUntouched() throws Exception {
        byte[] bytes = ContentHasherTest.randomBytes(64, 5);
        Digest claimed = ContentHasher.hash(ContentHasherTest.randomBytes(64, 6)).digest();
        Files.write(stage.resolve(claimed.hex()), bytes);
        declared.add(new StagedChild(claimed, bytes.length));

        List<StageProblem> problems = assertRejectedWithCorpusUntouched(declared, Kind.WRONG_DIGEST);
        assertThat(problems.get(0).detail())
                .isEqualTo("expected=" + claimed + " actual=" + ContentHasher.hash(bytes).digest());
    }

    @Test
    void stageWithWrongDeclaredSizeIsRejectedAndCorpusUntouched() {
        StagedChild first = declared.get(0);
        declared.set(0, new StagedChild(first.digest(), first.size() + 1));

        assertRejectedWithCorpusUntouched(declared, Kind.WRONG_SIZE);
    }

    @Test
    void everyProblemOfAStageIsListed() throws Exception {
        Files.write(stage.resolve("junk"), new byte[] {1});
        declared.add(new StagedChild(ContentHasher.hash(new byte[] {1}).digest(), 1));

        assertRejectedWithCorpusUntouched(declared, Kind.BAD_NAME, Kind.MISSING);
    }

    /** The coordinator's sequence: inspect, and promote only if inspection accepted. */
    private void admit(List<StagedChild> children) {
        new StageInspector(layout).inspect(location, children);
        new StagePromoter(layout, files).promote(location, children);
    }

    private List<StageProblem> assertRejectedWithCorpusUntouched(List<StagedChild> children, Kind... kinds) {
        Set<String> corpusBefore = DurableFilesTest.entries(layout.corpus());
        List<StageProblem> problems = new ArrayList<>();

        assertThatThrownBy(() -> admit(children))
                .isInstanceOfSatisfying(StageRejectedException.class, failure -> {
                    problems.addAll(failure.problems());
                    assertThat(failure.context()).containsEntry("stage", stage.toString());
                });

        assertThat(problems).extracting(StageProblem::kind).containsExactlyInAnyOrder(kinds);
        assertThat(DurableFilesTest.entries(layout.corpus())).isEqualTo(corpusBefore).isEmpty();
        return problems;
    }
}
