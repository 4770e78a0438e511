package io.frontier.store.corpus.stage;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.EntryType;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.CorpusIoException;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides, for a coordinator, whether a stage holds exactly the children its RESULT declares.
 *
 * <p>A stage is accepted only if its entries are exactly the declared digests, each a regular
 * file (not a symbolic link: entries are examined with {@code NOFOLLOW_LINKS}) of the declared
 * size whose bytes hash to its name, and if the stage and the levels above it are real
 * directories. Anything else rejects the whole stage, with every problem listed. Inspection only
 * reads; it never touches the public corpus. Stateless; safe for use by many threads.
 */
public final class StageInspector {

    private final CorpusLayout layout;

    public StageInspector(CorpusLayout layout) {
        this.layout = layout;
    }

    /**
     * Accepts the stage at {@code location} for {@code declared} by returning normally. A
     * result with no children may have no stage at all.
     *
     * @throws StageRejectedException listing every problem found
     */
    public void inspect(StageLocation location, Collection<StagedChild> declared) {
        Path stage = layout.stage(location);
        List<StageProblem> problems = new ArrayList<>();
        Map<Digest, StagedChild> expected = StageChecks.declarations(declared, problems);
        Set<Digest> seen = new HashSet<>();
        if (StageChecks.stageExists(layout, location)) {
            for (String name : entryNames(stage)) {
                inspectEntry(stage.resolve(name), name, expected, seen, problems);
            }
        }
        for (Digest digest : expected.keySet()) {
            if (!seen.contains(digest)) {
                problems.add(new StageProblem(StageProblem.Kind.MISSING, digest.hex(), ""));
            }
        }
        if (!problems.isEmpty()) {
            throw StageRejectedException.of(stage, problems);
        }
    }

    private static void inspectEntry(
            Path entry, String name, Map<Digest, StagedChild> expected, Set<Digest> seen, List<StageProblem> problems) {
        if (!Digest.isValid(name)) {
            problems.add(new StageProblem(StageProblem.Kind.BAD_NAME, name, typeOf(entry)));
            return;
        }
        Digest digest = Digest.parse(name);
        StagedChild child = expected.get(digest);
        if (child == null) {
            problems.add(new StageProblem(StageProblem.Kind.EXTRA_ENTRY, name, typeOf(entry)));
            return;
        }
        seen.add(digest);
        StageChecks.checkStagedFile(entry, child).ifPresent(problems::add);
    }

    /** The entry names of {@code stage}, sorted so problems are listed in a stable order. */
    private static Set<String> entryNames(Path stage) {
        Set<String> names = new TreeSet<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(stage)) {
            for (Path entry : entries) {
                names.add(entry.getFileName().toString());
            }
        } catch (IOException e) {
            throw CorpusIoException.of("cannot list stage", stage, e);
        }
        return names;
    }

    private static String typeOf(Path entry) {
        try {
            BasicFileAttributes attributes =
                    Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return EntryType.of(attributes).description();
        } catch (NoSuchFileException e) {
            return "vanished";
        } catch (IOException e) {
            return "unknown: " + e;
        }
    }
}
