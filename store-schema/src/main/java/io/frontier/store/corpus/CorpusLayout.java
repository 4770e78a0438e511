package io.frontier.store.corpus;

import io.frontier.store.corpus.fs.DurableFiles;
import java.nio.file.Path;

/**
 * Where the corpus lives in a campaign directory; the only class that knows.
 *
 * <pre>
 * &lt;campaign&gt;/
 *   corpus/&lt;sha256&gt;                                        public corpus: coordinators write it
 *                                                           (seed import, promotion), workers
 *                                                           only read it
 *   .stage-&lt;epoch&gt;/&lt;global-rank&gt;/&lt;result-id&gt;/&lt;sha256&gt;   private stage of one result: written
 *                                                           by that worker rank only, read and
 *                                                           promoted by a coordinator
 * </pre>
 *
 * <p>Object names are {@link Digest} spellings; anything else in these directories is a finding
 * (fsck) or a reason to reject a stage. A stage and the corpus are on the same filesystem, so
 * promotion is a rename. Immutable.
 */
public final class CorpusLayout {

    /** The public corpus directory, under the campaign directory. */
    public static final String CORPUS_DIRECTORY = "corpus";
    /** Stage trees are {@code .stage-<epoch>}, hidden so listings of the campaign stay short. */
    public static final String STAGE_PREFIX = ".stage-";

    private final Path campaign;

    public CorpusLayout(Path campaign) {
        this.campaign = campaign.toAbsolutePath().normalize();
    }

    /** The campaign directory. */
    public Path campaign() {
        return campaign;
    }

    /** The public corpus: {@code <campaign>/corpus}. */
    public Path corpus() {
        return campaign.resolve(CORPUS_DIRECTORY);
    }

    /** Every stage of one epoch: {@code <campaign>/.stage-<epoch>}. */
    public Path stageRoot(long epoch) {
        if (epoch < 0) {
            throw InvalidStageLocationException.of("epoch", epoch);
        }
        return campaign.resolve(STAGE_PREFIX + epoch);
    }

    /** One result's stage: {@code <campaign>/.stage-<epoch>/<global-rank>/<result-id>}. */
    public Path stage(StageLocation location) {
        return stageRoot(location.epoch())
                .resolve(Integer.toString(location.globalRank()))
                .resolve(location.resultId());
    }

    /** Creates the public corpus directory (and any missing parent under the campaign) durably. */
    public void createCorpus(DurableFiles files) {
        files.ensureDirectories(campaign, corpus());
    }
}
