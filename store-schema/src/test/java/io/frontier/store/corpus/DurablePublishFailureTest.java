package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.fs.PendingFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each step of a durable publish fails for real (the kernel returns the error), and each time
 * the caller sees the error with the path and no temporary file is left. The tmpfs and loop
 * device cases need root; without it they are skipped with the reason.
 */
class DurablePublishFailureTest {

    @TempDir
    Path work;

    private final DurableFiles files = new DurableFiles(new Fsync());

    @Test
    void openFailureInMissingDirectoryPropagatesWithThePath() {
        Path missing = work.resolve("missing");
        ObjectDirectory corpus = new ObjectDirectory(missing, files);

        assertThatThrownBy(() -> corpus.publish(new byte[] {1, 2, 3}))
                .isInstanceOf(CorpusIoException.class)
                .hasMessageContaining("cannot create temporary file")
                .hasMessageContaining("path=" + missing + "/.tmp-");
        assertThat(missing).doesNotExist();
    }

    @Test
    void writeFailureOnAFullFilesystemPropagatesAndLeavesNoTemporaryFile() throws Exception {
        try (ScratchMount mount = ScratchMount.tmpfs(work.resolve("full"), "64k")) {
            Path full = mount.mountPoint();
            ObjectDirectory corpus = new ObjectDirectory(full, files);

            assertThatThrownBy(() -> corpus.publish(new byte[256 * 1024]))
                    .isInstanceOf(CorpusIoException.class)
                    .hasMessageContaining("cannot write temporary file")
                    .hasMessageContaining("path=" + full + "/.tmp-")
                    .hasMessageContaining("No space left on device");
            assertThat(full).isEmptyDirectory();
        }
    }

    @Test
    void fsyncFailurePropagatesAndLeavesNoTemporaryFileNorObject() throws Exception {
        try (ScratchMount mount = ScratchMount.ext2WithFailingWriteback(work, work.resolve("failing"))) {
            Path directory = Files.createDirectory(mount.mountPoint().resolve("corpus"));
            ObjectDirectory corpus = new ObjectDirectory(directory, files);
            byte[] bytes = ContentHasherTest.randomBytes(4 << 20, 3);

            assertThatThrownBy(() -> corpus.publish(bytes))
                    .isInstanceOf(CorpusIoException.class)
                    .hasMessageContaining("cannot fsync file")
                    .hasMessageContaining("path=" + directory + "/.tmp-");
            assertThat(directory).isEmptyDirectory();
        }
    }

    @Test
    void renameFailurePropagatesWithBothPathsAndLeavesNoTemporaryFile() throws Exception {
        Path target = Files.createDirectory(work.resolve("target"));
        Files.write(target.resolve("occupant"), new byte[] {1});

        try (PendingFile pending = files.create(work)) {
            pending.write(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            assertThatThrownBy(() -> pending.publishAs("target"))
                    .isInstanceOf(CorpusIoException.class)
                    .hasMessageContaining("cannot rename temporary file into place")
                    .hasMessageContaining("path=" + work + "/.tmp-")
                    .hasMessageContaining("target=" + target);
        }

        assertThat(DurableFilesTest.entries(work)).containsExactly("target");
        assertThat(DurableFilesTest.entries(target)).containsExactly("occupant");
    }
}
