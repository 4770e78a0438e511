package io.frontier.worker.pruning;

import io.frontier.store.error.IoReason;
import io.frontier.store.error.InvalidInputException;
import io.frontier.store.pruning.PruningMap;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The pruning map file of one worker's executor, in its scratch directory: what SymCC reads at
 * the start of each run and rewrites when the run finds something new.
 *
 * <p>Only the worker's execution thread touches it, between runs, and runs never overlap, so
 * nothing else writes it meanwhile. It is scratch: never fsynced; a file lost or cut short
 * costs solver queries, never a wrong result.
 */
public final class PruningFile {

    private final Path path;

    public PruningFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /**
     * What the file holds: an absent file is the empty map, as SymCC reads it, and a short one is
     * zero-padded.
     *
     * @throws PruningFileException if it cannot be read or is longer than SymCC's map (something
     *     other than SymCC wrote it)
     */
    public PruningMap read() {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            // One byte beyond the map's size is enough to see a file that is too long.
            bytes = in.readNBytes(PruningMap.BYTES + 1);
        } catch (NoSuchFileException e) {
            return PruningMap.empty();
        } catch (IOException e) {
            throw new PruningFileException("pruning map file cannot be read", e).with("path", path)
                    .with("problem", IoReason.of(e));
        }
        try {
            return PruningMap.of(bytes);
        } catch (InvalidInputException e) {
            throw new PruningFileException("pruning map file is longer than SymCC's map", e).with("path", path)
                    .with("max", PruningMap.BYTES);
        }
    }

    /**
     * ORs {@code handed} into the file and returns the map the file then holds, which the next
     * run starts from: the bits this worker's earlier runs set stay, and those of {@code handed}
     * are added.
     *
     * @throws PruningFileException if the file cannot be read or written
     */
    public PruningMap merge(PruningMap handed) {
        PruningMap merged = read().or(handed);
        write(merged);
        return merged;
    }

    /**
     * Replaces what the file holds with {@code map}. The file is replaced whole by a rename, so
     * it is the old map or the new one, never a mix.
     *
     * @throws PruningFileException if the file cannot be written
     */
    public void write(PruningMap map) {
        Path temporary = path.resolveSibling(path.getFileName() + ".merging");
        try {
            Files.createDirectories(path.getParent());
            Files.write(temporary, map.bytes());
            try {
                Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, path, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new PruningFileException("pruning map file cannot be written", e).with("path", path)
                    .with("problem", IoReason.of(e));
        }
    }
}
