package io.frontier.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AflSyncTimelineTest {

    private static final long START = 1_700_000_000_000L;

    @TempDir
    Path directory;

    @Test
    void anEntryNameGivesItsTimeAndWhetherItIsASeedCopy() {
        assertThat(AflEntryName.timeMillis("id:000016,src:000000,time:4776,execs:961,op:havoc,rep:2,+cov"))
                .hasValue(4776);
        assertThat(AflEntryName.timeMillis("id:000000,sig:06,src:000000,time:17707,execs:4140,op:havoc,rep:4"))
                .hasValue(17707);
        assertThat(AflEntryName.timeMillis("id:000001,time:0,execs:0,orig:group.fck")).hasValue(0);
        assertThat(AflEntryName.timeMillis("id:000021,sync:main,src:000019")).isEmpty();
        assertThat(AflEntryName.timeMillis("id:000003,src:000001,op:havoc,orig:time:5")).isEmpty();
        assertThat(AflEntryName.isSeedCopy("id:000001,time:0,execs:0,orig:group.fck")).isTrue();
        assertThat(AflEntryName.isSeedCopy("id:000002,src:000000,time:6,execs:15,op:havoc,rep:2,+cov")).isFalse();
        assertThat(AflEntryName.isEntry("README.txt")).isFalse();
    }

    @Test
    void theSeedsAreKeptAtTheFirstListingAndEachListingAddsWhatNoneSawBefore() throws IOException {
        Path sync = Files.createDirectories(directory.resolve("sync"));
        Path seed = file(directory.resolve("seeds/a.fck"));
        AflSyncTimeline timeline = new AflSyncTimeline(sync, List.of(seed), START);
        file(sync.resolve("main/queue/id:000000,time:0,execs:0,orig:a.fck"));
        file(sync.resolve("main/crashes/README.txt"));
        file(sync.resolve("main/.synced/s1"));

        timeline.take(0);
        Path mainFind = file(sync.resolve("main/queue/id:000001,src:000000,time:900,execs:10,op:havoc,rep:2,+cov"));
        Path crash = file(sync.resolve("s1/crashes/id:000000,sig:06,src:000000,time:14000,execs:4140,op:havoc,rep:4"));
        timeline.take(15.02);
        Path hang = file(sync.resolve("s1/hangs/id:000000,src:000001,time:16000,execs:5000,op:havoc,rep:8"));
        timeline.take(30.01);

        assertThat(timeline.listings()).extracting(AflSyncTimeline.Listing::added)
                .containsExactly(List.of(seed), List.of(mainFind, crash), List.of(hang));
        assertThat(timeline.listings()).extracting(AflSyncTimeline.Listing::seconds).containsExactly(0.0, 15.02, 30.01);
    }

    @Test
    void anEntryIsTimedByItsNameElseByItsModificationAndComparedWithTheListingThatSawItFirst() throws IOException {
        Path sync = Files.createDirectories(directory.resolve("sync"));
        AflSyncTimeline timeline = new AflSyncTimeline(sync, List.of(), START);
        timeline.take(0);
        file(sync.resolve("main/queue/id:000001,src:000000,time:14000,execs:10,op:havoc,+cov"));
        modifiedAt(file(sync.resolve("s1/queue/id:000002,sync:main,src:000001")), START + 14_500);
        timeline.take(15);
        // Written at 15.5 s but named after its instance's own clock, which started 1 s late.
        file(sync.resolve("main/queue/id:000002,src:000001,time:14500,execs:20,op:havoc,+cov"));
        modifiedAt(file(sync.resolve("s1/queue/id:000003,sync:main,src:000002")), START + 31_000);
        timeline.take(30);

        assertThat(timeline.agreement()).isEqualTo(new AflSyncTimeline.Agreement(4, 2, 2, 2, 1, 1));
    }

    private static Path file(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        return Files.writeString(path, path.getFileName().toString());
    }

    private static void modifiedAt(Path path, long epochMillis) throws IOException {
        Files.setLastModifiedTime(path, FileTime.fromMillis(epochMillis));
    }
}
