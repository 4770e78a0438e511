package io.frontier.store.corpus.stage;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.EntryType;
import io.frontier.store.corpus.HashedContent;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.UnreadableFileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The checks inspection and promotion share: the stage's directories and one child's file. */
final class StageChecks {

    private StageChecks() {
    }

    /**
     * Whether the stage exists, as real directories at every level under the campaign
     * ({@code .stage-<epoch>}, {@code <global-rank>}, {@code <result-id>}). A level that is a
     * symbolic link or a file rejects the stage: following it could make promotion rename, or
     * removal delete, files outside the campaign.
     */
    static boolean stageExists(CorpusLayout layout, StageLocation location) {
        return allLevelsAreDirectories(layout, location, levels(layout, location));
    }

    /**
     * Whether the levels above the stage ({@code .stage-<epoch>} and {@code <global-rank>})
     * exist as real directories; anything else there rejects the stage as in {@link
     * #stageExists}.
     */
    static boolean parentsExist(CorpusLayout layout, StageLocation location) {
        List<Path> levels = levels(layout, location);
        return allLevelsAreDirectories(layout, location, levels.subList(0, levels.size() - 1));
    }

    /**
     * The declared children by digest. The same digest declared twice with different sizes is a
     * {@link StageProblem.Kind#CONFLICTING_DECLARATION}, added to {@code problems}.
     */
    static Map<Digest, StagedChild> declarations(Collection<StagedChild> declared, List<StageProblem> problems) {
        Map<Digest, StagedChild> byDigest = new TreeMap<>();
        for (StagedChild child : declared) {
            StagedChild earlier = byDigest.putIfAbsent(child.digest(), child);
            if (earlier != null && earlier.size() != child.size()) {
                problems.add(new StageProblem(StageProblem.Kind.CONFLICTING_DECLARATION, child.digest().hex(),
                        "sizes " + earlier.size() + " and " + child.size()));
            }
        }
        return byDigest;
    }

    /** What is wrong with {@code file} as the staged bytes of {@code declared}, if anything. */
    static Optional<StageProblem> checkStagedFile(Path file, StagedChild declared) {
        String name = declared.digest().hex();
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return Optional.of(new StageProblem(StageProblem.Kind.MISSING, name, ""));
        } catch (IOException e) {
            return Optional.of(new StageProblem(StageProblem.Kind.UNREADABLE, name, e.toString()));
        }
        EntryType type = EntryType.of(attributes);
        if (type == EntryType.SYMBOLIC_LINK) {
            return Optional.of(new StageProblem(StageProblem.Kind.SYMBOLIC_LINK, name, ""));
        }
        if (type != EntryType.REGULAR_FILE) {
            return Optional.of(new StageProblem(StageProblem.Kind.NOT_REGULAR, name, type.description()));
        }
        if (attributes.size() != declared.size()) {
            return Optional.of(wrongSize(declared, attributes.size()));
        }
        HashedContent actual;
        try {
            actual = ContentHasher.hashFile(file);
        } catch (UnreadableFileException e) {
            return Optional.of(new StageProblem(StageProblem.Kind.UNREADABLE, name, e.getMessage()));
        }
        if (!actual.digest().equals(declared.digest())) {
            return Optional.of(new StageProblem(StageProblem.Kind.WRONG_DIGEST, name,
                    "expected=" + declared.digest() + " actual=" + actual.digest()));
        }
        if (actual.size() != declared.size()) {
            return Optional.of(wrongSize(declared, actual.size()));
        }
        return Optional.empty();
    }

    private static StageProblem wrongSize(StagedChild declared, long actual) {
        return new StageProblem(StageProblem.Kind.WRONG_SIZE, declared.digest().hex(),
                "declared=" + declared.size() + " actual=" + actual);
    }

    private static List<Path> levels(CorpusLayout layout, StageLocation location) {
        Path stage = layout.stage(location);
        return List.of(stage.getParent().getParent(), stage.getParent(), stage);
    }

    private static boolean allLevelsAreDirectories(CorpusLayout layout, StageLocation location, List<Path> levels) {
        for (Path level : levels) {
            BasicFileAttributes attributes;
            try {
                attributes = Files.readAttributes(level, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return false;
            } catch (IOException e) {
                throw UnreadableFileException.of(level, e);
            }
            EntryType type = EntryType.of(attributes);
            if (type != EntryType.DIRECTORY) {
                throw StageRejectedException.of(layout.stage(location), List.of(new StageProblem(
                        StageProblem.Kind.NOT_A_DIRECTORY, level.toString(), type.description())));
            }
        }
        return true;
    }
}
