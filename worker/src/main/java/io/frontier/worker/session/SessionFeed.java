package io.frontier.worker.session;

import io.frontier.worker.executor.ExecutorException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The inputs a session's instance imports: a directory {@code <sync dir>/frontier/} laid out as
 * the output directory of another AFL++ instance, whose {@code queue/} holds the imports as
 * {@code id:NNNNNN,orig:<name>}. AFL++ instances started with {@code -S} look into every sibling
 * of their own directory in the sync directory, but import only from one that holds an
 * {@code is_main_node} file (the directory of a {@code -M} instance): the feed holds one, so it is
 * the main node the instance follows, and the instance never elects itself main.
 *
 * <p>Invariants, which AFL++'s import relies on: ids are contiguous from 0 and only ever appended
 * (AFL++ remembers the next id it expects, in {@code .synced/frontier} of its own directory, and
 * scans for exactly that name), the queue holds nothing else, and an entry appears whole (written
 * beside the queue, then renamed into it). Ids stop at 999999, the last that six digits hold.
 * Used by one thread.
 */
final class SessionFeed {

    /** The name of the feed among the instances of the sync directory. */
    static final String NAME = "frontier";
    /** AFL++ ignores files of more than 1 MiB ({@code MAX_FILE}) and empty ones when it imports. */
    static final long MAX_IMPORT_BYTES = 1L << 20;

    private static final int MAX_ID = 999_999;
    private static final String MAIN_NODE_MARK = "is_main_node";
    /** Longest part of an import's own name kept in its entry name; AFL++ reads only the id. */
    private static final int NAME_CHARACTERS = 64;

    private final Path feed;
    private final Path queue;
    private int next;

    private SessionFeed(Path feed, int next) {
        this.feed = feed;
        this.queue = feed.resolve("queue");
        this.next = next;
    }

    /** The feed of sync directory {@code sync}, created if absent, continuing after the entries it holds. */
    static SessionFeed in(Path sync) {
        Path feed = sync.resolve(NAME);
        int entries = 0;
        try {
            Files.createDirectories(feed.resolve("queue"));
            if (!Files.exists(feed.resolve(MAIN_NODE_MARK), LinkOption.NOFOLLOW_LINKS)) {
                Files.createFile(feed.resolve(MAIN_NODE_MARK));
            }
            try (DirectoryStream<Path> listing = Files.newDirectoryStream(feed.resolve("queue"), "id:*")) {
                for (Path ignored : listing) {
                    entries++;
                }
            }
        } catch (IOException e) {
            throw new ExecutorException("afl session feed could not be prepared", e).with("feed", feed)
                    .with("problem", e.toString());
        }
        return new SessionFeed(feed, entries);
    }

    /**
     * Appends a copy of {@code input} for the instance to import at its next sync. An empty input
     * or one of more than {@link #MAX_IMPORT_BYTES}, which AFL++ would ignore, is not written.
     *
     * @return whether the input was written
     * @throws ExecutorException when the input cannot be read or copied, or the feed is full
     */
    boolean add(Path input) {
        long size;
        try {
            size = Files.size(input);
        } catch (IOException e) {
            throw new ExecutorException("afl session import is not readable", e).with("input", input)
                    .with("problem", e.toString());
        }
        if (size == 0 || size > MAX_IMPORT_BYTES) {
            return false;
        }
        if (next > MAX_ID) {
            throw new ExecutorException("afl session feed is full").with("feed", feed).with("entries", next);
        }
        String name = String.format("id:%06d,orig:%s", next, label(input));
        Path incoming = feed.resolve(".incoming");
        try {
            Files.copy(input, incoming, StandardCopyOption.REPLACE_EXISTING);
            Files.move(incoming, queue.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ExecutorException("afl session import could not be written", e).with("input", input)
                    .with("feed", feed).with("problem", e.toString());
        }
        next++;
        return true;
    }

    /** How many entries the feed holds. */
    int size() {
        return next;
    }

    /** The input's file name in characters AFL++'s names and any file system take. */
    private static String label(Path input) {
        String name = input.getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_");
        return name.length() > NAME_CHARACTERS ? name.substring(0, NAME_CHARACTERS) : name;
    }
}
