package io.frontier.store.corpus;

import io.frontier.store.corpus.fs.DurableFiles;
import java.nio.file.Path;
import java.util.OptionalLong;

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
    /** Separates the levels of a {@link #stageName}, whatever the platform's separator. */
    private static final String NAME_SEPARATOR = "/";
    /** Digits of {@link Long#MAX_VALUE}; a longer number cannot be an epoch or a rank. */
    private static final int MAX_DIGITS = 19;

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

    /**
     * The stage of {@code location} relative to the campaign directory, separated by {@code /}:
     * {@code .stage-<epoch>/<global-rank>/<result-id>}. A manifest entry records its stage this
     * way, so the record does not depend on where the campaign directory is mounted.
     */
    public static String stageName(StageLocation location) {
        return STAGE_PREFIX + location.epoch() + NAME_SEPARATOR + location.globalRank() + NAME_SEPARATOR
                + location.resultId();
    }

    /**
     * The location that {@link #stageName} spells {@code name}. Only that exact spelling is
     * accepted (decimal numbers without sign or leading zero), so a stage has one name.
     *
     * @throws InvalidStageLocationException if {@code name} is spelled any other way
     */
    public static StageLocation parseStageName(String name) {
        String[] parts = name == null ? new String[0] : name.split(NAME_SEPARATOR, -1);
        OptionalLong epoch = parts.length == 3 ? stageRootEpoch(parts[0]) : OptionalLong.empty();
        OptionalLong rank = parts.length == 3 ? decimal(parts[1]) : OptionalLong.empty();
        if (epoch.isEmpty() || rank.isEmpty() || rank.getAsLong() > Integer.MAX_VALUE) {
            throw InvalidStageLocationException.of("stageName", name);
        }
        return new StageLocation(epoch.getAsLong(), (int) rank.getAsLong(), parts[2]);
    }

    /**
     * The epoch of the stage tree named {@code directoryName} ({@code .stage-<epoch>}, spelled
     * as {@link #stageRoot} spells it), or empty if the name is anything else.
     */
    public static OptionalLong stageRootEpoch(String directoryName) {
        if (directoryName == null || !directoryName.startsWith(STAGE_PREFIX)) {
            return OptionalLong.empty();
        }
        return decimal(directoryName.substring(STAGE_PREFIX.length()));
    }

    /** Creates the public corpus directory (and any missing parent under the campaign) durably. */
    public void createCorpus(DurableFiles files) {
        files.ensureDirectories(campaign, corpus());
    }

    /** The value of a canonical non-negative decimal ("0", or no leading zero), or empty. */
    private static OptionalLong decimal(String text) {
        if (text.isEmpty() || text.length() > MAX_DIGITS || (text.length() > 1 && text.charAt(0) == '0')) {
            return OptionalLong.empty();
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return OptionalLong.empty();
            }
        }
        try {
            return OptionalLong.of(Long.parseLong(text));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
