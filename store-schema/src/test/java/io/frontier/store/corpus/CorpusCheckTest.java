package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.frontier.store.corpus.fs.CorpusIoException;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.fsck.CheckFinding;
import io.frontier.store.corpus.fsck.CheckFinding.Kind;
import io.frontier.store.corpus.fsck.CheckProgress;
import io.frontier.store.corpus.fsck.CorpusCheck;
import io.frontier.store.corpus.fsck.CorpusCheckReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusCheckTest {

    @TempDir
    Path work;

    private Path directory;
    private ObjectDirectory corpus;

    @BeforeEach
    void createCorpus() throws Exception {
        directory = Files.createDirectory(work.resolve("corpus"));
        corpus = new ObjectDirectory(directory, new DurableFiles(new Fsync()));
    }

    @Test
    void cleanCorpusReportsEveryObjectVerified() {
        for (int i = 0; i < 3; i++) {
            corpus.publish(ContentHasherTest.randomBytes(100 * (i + 1), i));
        }

        CorpusCheckReport report = new CorpusCheck(directory).run(CheckProgress.NONE);

        assertThat(report.clean()).isTrue();
        assertThat(report.entries()).isEqualTo(3);
        assertThat(report.objectsVerified()).isEqualTo(3);
        assertThat(report.bytesHashed()).isEqualTo(600);
        assertThat(report.directory()).isEqualTo(directory);
    }

    @Test
    void everyKindOfBadEntryIsListedAndLeftInPlace() throws Exception {
        Digest good = corpus.publish(new byte[] {1}).digest();
        String upperCase = ContentHasher.hash(new byte[] {2}).digest().hex().toUpperCase();
        Files.write(directory.resolve(upperCase), new byte[] {2});
        Files.write(directory.resolve("README"), new byte[] {3});
        String directoryName = ContentHasher.hash(new byte[] {4}).digest().hex();
        Files.createDirectory(directory.resolve(directoryName));
        String linkName = ContentHasher.hash(new byte[] {5}).digest().hex();
        Files.createSymbolicLink(directory.resolve(linkName), Files.write(work.resolve("five"), new byte[] {5}));
        String temporary = ".tmp-4242-7-00000000deadbeef";
        Files.write(directory.resolve(temporary), new byte[] {6});
        String wrong = ContentHasher.hash(new byte[] {7}).digest().hex();
        Files.write(directory.resolve(wrong), new byte[] {8});
        Set<String> before = DurableFilesTest.entries(directory);

        CorpusCheckReport report = new CorpusCheck(directory).run(CheckProgress.NONE);

        assertThat(report.entries()).isEqualTo(7);
        assertThat(report.objectsVerified()).isEqualTo(1);
        assertThat(report.findings()).extracting(CheckFinding::name, CheckFinding::kind).containsExactlyInAnyOrder(
                tuple(upperCase, Kind.BAD_NAME),
                tuple("README", Kind.BAD_NAME),
                tuple(directoryName, Kind.NOT_REGULAR),
                tuple(linkName, Kind.NOT_REGULAR),
                tuple(temporary, Kind.TEMPORARY_FILE),
                tuple(wrong, Kind.DIGEST_MISMATCH));
        assertThat(report.findings()).extracting(CheckFinding::name).isSorted();
        assertThat(report.findings()).filteredOn(finding -> finding.kind() == Kind.DIGEST_MISMATCH).singleElement()
                .satisfies(finding -> {
                    assertThat(finding.expected()).isEqualTo(wrong);
                    assertThat(finding.actual()).isEqualTo(ContentHasher.hash(new byte[] {8}).digest().hex());
                });
        assertThat(DurableFilesTest.entries(directory)).isEqualTo(before).contains(good.hex());
    }

    @Test
    void progressIsReportedAfterEveryEntry() {
        for (int i = 0; i < 5; i++) {
            corpus.publish(ContentHasherTest.randomBytes(10, i));
        }
        List<long[]> calls = new ArrayList<>();

        new CorpusCheck(directory).run((entries, bytes) -> calls.add(new long[] {entries, bytes}));

        assertThat(calls).extracting(call -> call[0]).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(calls.get(4)[1]).isEqualTo(50);
    }

    @Test
    void missingDirectoryIsAnErrorWithItsPath() {
        Path missing = work.resolve("missing");

        assertThatThrownBy(() -> new CorpusCheck(missing).run(CheckProgress.NONE))
                .isInstanceOf(CorpusIoException.class)
                .hasMessageContaining("cannot list object directory")
                .hasMessageContaining("path=" + missing);
    }
}
