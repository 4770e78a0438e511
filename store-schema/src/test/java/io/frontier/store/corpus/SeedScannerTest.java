package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.seed.SeedScan;
import io.frontier.store.corpus.seed.SeedScanner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeedScannerTest {

    @TempDir
    Path work;

    private Path seeds;
    private ObjectDirectory corpus;
    private SeedScanner scanner;

    @BeforeEach
    void createDirectories() throws Exception {
        seeds = Files.createDirectory(work.resolve("seeds"));
        corpus = new ObjectDirectory(Files.createDirectory(work.resolve("corpus")), new DurableFiles(new Fsync()));
        scanner = new SeedScanner(seeds, corpus);
    }

    @Test
    void seedsWithArbitraryNamesArePublishedByContent() throws Exception {
        Map<String, byte[]> files = Map.of(
                "with space", bytes("one"),
                "ünïcode-名前", bytes("two"),
                "-leading-dash", bytes("three"),
                "..dots..", bytes("four"),
                "new\nline", bytes("five"),
                ".hidden", bytes("six"),
                ContentHasher.hash(bytes("not me")).digest().hex(), bytes("seven"));
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            Files.write(seeds.resolve(file.getKey()), file.getValue());
        }

        SeedScan scan = scanner.scan();

        assertThat(scan.skipped()).isEmpty();
        assertThat(scan.unreadable()).isEmpty();
        assertThat(scan.imported()).hasSize(files.size()).allSatisfy(seed -> {
            byte[] content = files.get(seed.path().getFileName().toString());
            assertThat(seed.digest()).isEqualTo(ContentHasher.hash(content).digest());
            assertThat(Files.readAllBytes(corpus.pathOf(seed.digest()))).isEqualTo(content);
        });
        assertThat(DurableFilesTest.entries(corpus.directory())).hasSize(files.size());
    }

    @Test
    void aLimitedScanPublishesASliceInNameOrderAndTheNextGoesOnFromThere() throws Exception {
        for (int i = 0; i < 5; i++) {
            Files.write(seeds.resolve("seed-" + i), bytes("seed " + i));
        }

        SeedScan first = scanner.scan(2);
        SeedScan second = scanner.scan(2);
        SeedScan third = scanner.scan(2);
        SeedScan again = scanner.scan(2);

        assertThat(names(first)).containsExactly("seed-0", "seed-1");
        assertThat(first.complete()).isFalse();
        assertThat(names(second)).containsExactly("seed-2", "seed-3");
        assertThat(second.unchanged()).as("the first slice's files are not looked at again").isZero();
        assertThat(second.complete()).isFalse();
        assertThat(names(third)).containsExactly("seed-4");
        assertThat(third.complete()).as("fewer than the limit were left").isTrue();
        assertThat(again.imported()).isEmpty();
        assertThat(again.unchanged()).isEqualTo(5);
        assertThat(again.complete()).isTrue();
        assertThat(DurableFilesTest.entries(corpus.directory())).hasSize(5);
    }

    @Test
    void aSliceGoesOnWithTheListingItsPassBeganWith() throws Exception {
        for (int i = 0; i < 4; i++) {
            Files.write(seeds.resolve("seed-" + i), bytes("seed " + i));
        }

        SeedScan first = scanner.scan(1);
        Files.delete(seeds.resolve("seed-1"));
        Files.write(seeds.resolve("seed-00"), bytes("added after the listing"));
        SeedScan rest = scanner.scan(10);
        SeedScan nextPass = scanner.scan(10);

        assertThat(names(first)).containsExactly("seed-0");
        assertThat(names(rest)).containsExactly("seed-2", "seed-3");
        assertThat(rest.unreadable()).as("a file that left the directory is no unreadable seed").isEmpty();
        assertThat(rest.complete()).isTrue();
        assertThat(names(nextPass)).containsExactly("seed-00");
        assertThat(nextPass.unchanged()).isEqualTo(3);
        assertThat(nextPass.complete()).isTrue();
    }

    @Test
    void aSliceFsyncsEachSeedAndTheCorpusDirectoryOnce() throws Exception {
        Fsync fsync = new Fsync();
        ObjectDirectory counted = new ObjectDirectory(corpus.directory(), new DurableFiles(fsync));
        SeedScanner slices = new SeedScanner(seeds, counted);
        for (int i = 0; i < 6; i++) {
            Files.write(seeds.resolve("seed-" + i), bytes("seed " + i));
        }

        SeedScan first = slices.scan(4);
        long afterFirst = fsync.count();
        SeedScan quiet = new SeedScanner(seeds, counted).scan(4);

        assertThat(first.imported()).hasSize(4);
        assertThat(afterFirst).as("4 files and one directory").isEqualTo(5);
        assertThat(quiet.imported()).as("all there already").hasSize(4).allMatch(seed -> !seed.created());
        assertThat(fsync.count() - afterFirst).as("objects already published need no new name").isEqualTo(1);
        assertThat(DurableFilesTest.entries(corpus.directory())).hasSize(4);
    }

    @Test
    void sameContentUnderTwoNamesIsOneObject() throws Exception {
        Files.write(seeds.resolve("a"), bytes("same"));
        Files.write(seeds.resolve("b"), bytes("same"));

        SeedScan scan = scanner.scan();

        assertThat(scan.imported()).extracting(SeedScan.Imported::created).containsExactly(true, false);
        assertThat(DurableFilesTest.entries(corpus.directory()))
                .containsExactly(ContentHasher.hash(bytes("same")).digest().hex());
    }

    @Test
    void aSymbolicLinkToARegularFileIsImportedFromItsTargetAndOtherEntriesAreSkippedWithTheirReason()
            throws Exception {
        Path outside = Files.write(work.resolve("outside"), bytes("behind a link"));
        Files.createSymbolicLink(seeds.resolve("link"), outside);
        Files.createSymbolicLink(work.resolve("hop"), outside);
        Files.createSymbolicLink(seeds.resolve("link to a link"), work.resolve("hop"));
        Files.createSymbolicLink(seeds.resolve("dangling"), work.resolve("gone"));
        Files.createSymbolicLink(seeds.resolve("link to a directory"), work);
        makeFifo(work.resolve("outside-fifo"));
        Files.createSymbolicLink(seeds.resolve("link to a fifo"), work.resolve("outside-fifo"));
        Files.createDirectory(seeds.resolve("subdirectory"));
        Files.write(seeds.resolve("subdirectory").resolve("nested"), bytes("nested"));
        makeFifo(seeds.resolve("fifo"));
        Files.write(seeds.resolve("regular"), bytes("regular"));

        SeedScan scan = scanner.scan();

        Map<String, String> skipped = scan.skipped().stream()
                .collect(Collectors.toMap(entry -> entry.path().getFileName().toString(),
                        entry -> entry.type() + ": " + entry.reason()));
        assertThat(skipped).containsOnlyKeys("dangling", "link to a directory", "link to a fifo", "subdirectory", "fifo");
        assertThat(skipped.get("dangling")).startsWith("SYMBOLIC_LINK: dangling symbolic link")
                .contains(work.resolve("gone").toString());
        assertThat(skipped.get("link to a directory"))
                .isEqualTo("SYMBOLIC_LINK: symbolic link to " + work.toRealPath() + " (directory), not to a regular file");
        assertThat(skipped.get("link to a fifo")).isEqualTo("SYMBOLIC_LINK: symbolic link to "
                + work.toRealPath().resolve("outside-fifo") + " (other (device, FIFO or socket)), not to a regular file");
        assertThat(skipped.get("subdirectory")).isEqualTo("DIRECTORY: directory, not a regular file");
        assertThat(skipped.get("fifo")).isEqualTo("OTHER: other (device, FIFO or socket), not a regular file");
        assertThat(scan.unreadable()).isEmpty();
        assertThat(names(scan)).containsExactly("link", "link to a link", "regular");
        assertThat(scan.imported()).extracting(SeedScan.Imported::created).containsExactly(true, false, true);
        assertThat(DurableFilesTest.entries(corpus.directory())).containsExactlyInAnyOrder(
                ContentHasher.hash(bytes("behind a link")).digest().hex(),
                ContentHasher.hash(bytes("regular")).digest().hex());
        assertThat(Files.isSymbolicLink(seeds.resolve("link"))).as("the seed directory is left as it was").isTrue();
    }

    @Test
    void aLinkPointedAtAnotherFileIsImportedAgainAndAnUnchangedOneIsNot() throws Exception {
        Path first = Files.write(work.resolve("first"), bytes("first target"));
        Path second = Files.write(work.resolve("second"), bytes("second target"));
        Path link = Files.createSymbolicLink(seeds.resolve("link"), first);
        SeedScan initial = scanner.scan();

        SeedScan quiet = scanner.scan();
        Files.delete(link);
        Files.createSymbolicLink(link, second);
        SeedScan retargeted = scanner.scan();

        assertThat(initial.imported()).extracting(SeedScan.Imported::digest)
                .containsExactly(ContentHasher.hash(bytes("first target")).digest());
        assertThat(quiet.imported()).isEmpty();
        assertThat(quiet.unchanged()).isEqualTo(1);
        assertThat(retargeted.imported()).extracting(SeedScan.Imported::digest)
                .containsExactly(ContentHasher.hash(bytes("second target")).digest());
    }

    @Test
    void unchangedSeedsAreNotImportedAgainButChangedAndNewOnesAre() throws Exception {
        Files.write(seeds.resolve("stable"), bytes("stable"));
        Files.write(seeds.resolve("growing"), bytes("v1"));
        scanner.scan();

        SeedScan quiet = scanner.scan();
        Files.write(seeds.resolve("growing"), bytes("+v2"), StandardOpenOption.APPEND);
        Files.write(seeds.resolve("new"), bytes("new"));
        SeedScan changed = scanner.scan();

        assertThat(quiet.imported()).isEmpty();
        assertThat(quiet.unchanged()).isEqualTo(2);
        assertThat(changed.unchanged()).isEqualTo(1);
        assertThat(names(changed)).containsExactly("growing", "new");
        assertThat(corpus.verifyIfPresent(ContentHasher.hash(bytes("v1+v2")).digest())).isPresent();
    }

    /**
     * Makes a seed unreadable the way a flaky network filesystem or a not-yet-readable file
     * would, which chmod cannot do for root: a kernel file that fails every read (EIO) is
     * bind-mounted over it, the test JVM's own /proc/&lt;pid&gt;/mem, whose address 0 is never
     * mapped. It stays a regular file to the scanner. Unmounting makes the real seed readable,
     * with the same inode, size and time as before, so only a scanner that did not record the
     * failure as an import picks it up.
     */
    @Test
    void unreadableSeedIsReportedAndRetriedOnTheNextScan() throws Exception {
        Files.write(seeds.resolve("readable"), bytes("readable"));
        Path flaky = Files.write(seeds.resolve("flaky"), bytes("flaky seed"));
        Path failingReads = Path.of("/proc", Long.toString(ProcessHandle.current().pid()), "mem");

        SeedScan whileUnreadable;
        SeedScan stillUnreadable;
        try (ScratchMount unreadable = ScratchMount.bind(failingReads, flaky)) {
            assertThat(unreadable.mountPoint()).isRegularFile();
            whileUnreadable = scanner.scan();
            stillUnreadable = scanner.scan();
        }
        SeedScan afterRepair = scanner.scan();

        assertThat(names(whileUnreadable)).containsExactly("readable");
        assertThat(whileUnreadable.unreadable()).extracting(SeedScan.Unreadable::path).containsExactly(flaky);
        assertThat(whileUnreadable.unreadable().get(0).reason()).contains("Input/output error");
        assertThat(stillUnreadable.unreadable()).extracting(SeedScan.Unreadable::path).containsExactly(flaky);
        assertThat(stillUnreadable.unchanged()).isEqualTo(1);
        assertThat(afterRepair.imported()).extracting(SeedScan.Imported::path).containsExactly(flaky);
        assertThat(afterRepair.unreadable()).isEmpty();
        assertThat(DurableFilesTest.entries(corpus.directory())).containsExactlyInAnyOrder(
                ContentHasher.hash(bytes("readable")).digest().hex(),
                ContentHasher.hash(bytes("flaky seed")).digest().hex());
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The file names of what {@code scan} imported, in order. */
    private static List<String> names(SeedScan scan) {
        return scan.imported().stream().map(seed -> seed.path().getFileName().toString()).toList();
    }

    private static void makeFifo(Path path) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        String output = new String(mkfifo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0,
                () -> "cannot make a FIFO with mkfifo: " + output);
    }
}
