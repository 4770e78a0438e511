package io.frontier.worker.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionFeedTest {

    @TempDir
    Path dir;

    @Test
    void importsAreNumberedFromZeroUpInTheQueueOfAMainNode() throws IOException {
        Path sync = dir.resolve("sync");
        SessionFeed feed = SessionFeed.in(sync);

        assertThat(feed.add(input("3f9a", "first"))).isTrue();
        assertThat(feed.add(input("odd name,with:marks", "second"))).isTrue();

        Path queue = sync.resolve("frontier").resolve("queue");
        assertThat(names(queue)).containsExactly("id:000000,orig:3f9a", "id:000001,orig:odd_name_with_marks");
        assertThat(Files.readString(queue.resolve("id:000001,orig:odd_name_with_marks"))).isEqualTo("second");
        assertThat(sync.resolve("frontier").resolve("is_main_node")).exists();
        assertThat(names(sync.resolve("frontier"))).containsExactlyInAnyOrder("is_main_node", "queue");
        assertThat(feed.size()).isEqualTo(2);
    }

    @Test
    void aFeedOpenedAgainContinuesAfterItsEntries() throws IOException {
        Path sync = dir.resolve("sync");
        SessionFeed.in(sync).add(input("a", "a"));

        SessionFeed again = SessionFeed.in(sync);
        again.add(input("b", "b"));

        assertThat(names(sync.resolve("frontier").resolve("queue"))).containsExactly("id:000000,orig:a", "id:000001,orig:b");
    }

    @Test
    void inputsAflWouldIgnoreTakeNoId() throws IOException {
        SessionFeed feed = SessionFeed.in(dir.resolve("sync"));

        assertThat(feed.add(input("empty", ""))).isFalse();
        assertThat(feed.add(Files.write(dir.resolve("large"), new byte[(int) SessionFeed.MAX_IMPORT_BYTES + 1]))).isFalse();
        assertThat(feed.add(Files.write(dir.resolve("largest"), new byte[(int) SessionFeed.MAX_IMPORT_BYTES]))).isTrue();

        assertThat(names(dir.resolve("sync").resolve("frontier").resolve("queue"))).containsExactly("id:000000,orig:largest");
    }

    private Path input(String name, String content) throws IOException {
        Path inputs = Files.createDirectories(dir.resolve("inputs"));
        return Files.writeString(inputs.resolve(name), content);
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(path -> path.getFileName().toString()).sorted().toList();
        }
    }
}
