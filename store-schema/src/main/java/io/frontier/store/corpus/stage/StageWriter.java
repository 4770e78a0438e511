package io.frontier.store.corpus.stage;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.Published;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.DurableFiles;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the children of one result into its stage, for the worker that produced them.
 *
 * <p>Invariant: when a call returns, the child is durable in the stage under its digest (file
 * fsynced before its rename, directory fsynced after), so the worker may declare it in its
 * RESULT and the coordinator may promote it after a crash of either. Only the worker owning the
 * stage's rank writes it, and not after sending the RESULT. The stage directories are created on
 * the first child; a result without children leaves no stage.
 */
public final class StageWriter {

    private final CorpusLayout layout;
    private final ObjectDirectory stage;
    private final DurableFiles files;

    public StageWriter(CorpusLayout layout, StageLocation location, DurableFiles files) {
        this.layout = layout;
        this.stage = new ObjectDirectory(layout.stage(location), files);
        this.files = files;
    }

    /** The stage directory. */
    public Path directory() {
        return stage.directory();
    }

    /** Stages {@code bytes} and returns the child to declare. */
    public StagedChild stage(byte[] bytes) {
        ensureStageDirectory();
        return declared(stage.publish(bytes));
    }

    /** Stages the bytes of the regular file {@code file} and returns the child to declare. */
    public StagedChild stage(Path file) {
        ensureStageDirectory();
        return declared(stage.publish(file));
    }

    /**
     * Stages the bytes of each regular file of {@code sources}, in order, and returns the children
     * to declare, in the same order. The stage directory is fsynced once, after the last file
     * (each file is fsynced before its rename), so when the call returns every child is durable,
     * as after one {@link #stage(Path)} per file, for about half the fsyncs.
     */
    public List<StagedChild> stageAll(List<Path> sources) {
        if (sources.isEmpty()) {
            return List.of();
        }
        ensureStageDirectory();
        return stage.publishAll(sources).stream().map(StageWriter::declared).toList();
    }

    private void ensureStageDirectory() {
        files.ensureDirectories(layout.campaign(), stage.directory());
    }

    private static StagedChild declared(Published published) {
        return new StagedChild(published.digest(), published.size());
    }
}
