package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class CorpusLayoutTest {

    @TempDir
    Path campaign;

    @Test
    void campaignHoldsTheCorpusAndOneStageTreePerEpoch() {
        CorpusLayout layout = new CorpusLayout(campaign);

        assertThat(layout.corpus()).isEqualTo(campaign.resolve("corpus"));
        assertThat(layout.stageRoot(12)).isEqualTo(campaign.resolve(".stage-12"));
        assertThat(layout.stage(new StageLocation(12, 40, "a1-b2_c3")))
                .isEqualTo(campaign.resolve(".stage-12").resolve("40").resolve("a1-b2_c3"));
    }

    @Test
    void relativeCampaignPathIsMadeAbsolute() {
        CorpusLayout layout = new CorpusLayout(Path.of("relative", "..", "campaign"));

        assertThat(layout.campaign()).isEqualTo(Path.of("").toAbsolutePath().resolve("campaign"));
    }

    @Test
    void createCorpusMakesTheDirectory() {
        CorpusLayout layout = new CorpusLayout(campaign);

        layout.createCorpus(new DurableFiles(new Fsync()));

        assertThat(layout.corpus()).isEmptyDirectory();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {".", "..", "a/b", "../escape", ".hidden", "-dash", "_under", "sp ace", "ünï"})
    void resultIdThatIsNotOnePlainNameIsRejected(String resultId) {
        assertThatThrownBy(() -> new StageLocation(1, 1, resultId))
                .isInstanceOf(InvalidStageLocationException.class)
                .hasMessageContaining("field=resultId");
    }

    @Test
    void resultIdOfAtMost128CharactersIsAccepted() {
        assertThat(new StageLocation(0, 0, "r".repeat(128)).resultId()).hasSize(128);
        assertThatThrownBy(() -> new StageLocation(0, 0, "r".repeat(129)))
                .isInstanceOf(InvalidStageLocationException.class);
    }

    @Test
    void negativeEpochOrRankIsRejected() {
        assertThatThrownBy(() -> new StageLocation(-1, 0, "r")).hasMessageContaining("field=epoch");
        assertThatThrownBy(() -> new StageLocation(0, -1, "r")).hasMessageContaining("field=globalRank");
    }

    @Test
    void stageNameIsRelativeAndReadsBackAsTheSameLocation() {
        StageLocation location = new StageLocation(7, 130, "0f1e2d3c4b5a69788796a5b4c3d2e1f0");

        String name = CorpusLayout.stageName(location);

        assertThat(name).isEqualTo(".stage-7/130/0f1e2d3c4b5a69788796a5b4c3d2e1f0");
        assertThat(CorpusLayout.parseStageName(name)).isEqualTo(location);
        assertThat(new CorpusLayout(campaign).campaign().resolve(name))
                .isEqualTo(new CorpusLayout(campaign).stage(location));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {".stage-7/130", ".stage-7/130/r/extra", "stage-7/130/r", ".stage-07/130/r",
        ".stage-7/0130/r", ".stage-+7/130/r", ".stage--7/130/r", ".stage-7/2147483648/r", ".stage-7/130/..",
        ".stage-7/130/", "/.stage-7/130/r", ".stage-99999999999999999999/1/r", ".stage-7\\130\\r"})
    void stageNameSpelledAnyOtherWayIsRejected(String name) {
        assertThatThrownBy(() -> CorpusLayout.parseStageName(name))
                .isInstanceOf(InvalidStageLocationException.class);
    }

    @Test
    void stageRootEpochReadsOnlyCanonicalStageTreeNames() {
        assertThat(CorpusLayout.stageRootEpoch(".stage-0")).hasValue(0);
        assertThat(CorpusLayout.stageRootEpoch(".stage-42")).hasValue(42);
        assertThat(CorpusLayout.stageRootEpoch(".stage-042")).isEmpty();
        assertThat(CorpusLayout.stageRootEpoch(".stage-")).isEmpty();
        assertThat(CorpusLayout.stageRootEpoch(".stage-4x")).isEmpty();
        assertThat(CorpusLayout.stageRootEpoch("corpus")).isEmpty();
    }
}
