package io.frontier.store.corpus;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The body of one process of {@link ConcurrentPublishTest}: publishes objects 0..count-1 of
 * {@link #payload} into a corpus directory, starting when a line arrives on standard input so
 * that its siblings start at the same moment. Prints {@code ready}, then {@code created <n>}.
 */
public final class SameBytesPublisher {

    private SameBytesPublisher() {
    }

    public static void main(String[] arguments) throws Exception {
        ObjectDirectory corpus = new ObjectDirectory(Path.of(arguments[0]), new DurableFiles(new Fsync()));
        int count = Integer.parseInt(arguments[1]);
        System.out.println("ready");
        System.out.flush();
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        int created = 0;
        for (int i = 0; i < count; i++) {
            if (corpus.publish(payload(i)).created()) {
                created++;
            }
        }
        System.out.println("created " + created);
    }

    /** The bytes of object {@code i}: the same in every process. */
    static byte[] payload(int i) {
        return ContentHasherTest.randomBytes(16 * 1024, i);
    }
}
