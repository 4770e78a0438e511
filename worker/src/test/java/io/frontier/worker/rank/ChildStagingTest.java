package io.frontier.worker.rank;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.Digest;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.store.wire.Result;
import io.frontier.worker.executor.ExitKind;
import io.frontier.worker.executor.OutputEnd;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildStagingTest {

    @TempDir
    Path dir;

    private static final int LIMIT = 3;

    @Test
    void distinctChildrenBeyondOneResultsLimitAreLeftOutUnstagedAndCounted() throws Exception {
        Path campaign = Files.createDirectories(dir.resolve("campaign"));
        Path outputs = Files.createDirectories(dir.resolve("outputs"));
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < LIMIT + 2; i++) {
            files.add(Files.writeString(outputs.resolve(String.format("%06d", i)), "child " + i));
        }
        files.add(Files.writeString(outputs.resolve("duplicate"), "child 0"));
        Digest input = Digest.parse(ContentHasher.hash("input".getBytes(StandardCharsets.UTF_8)).digest().hex());
        CorpusLayout layout = new CorpusLayout(campaign);
        StageWriter writer = new StageWriter(layout, new StageLocation(1, 3, "r1"), new DurableFiles(new Fsync()));

        ChildStaging.Staged staged = ChildStaging.stage(files, Map.of(), input, writer, LIMIT, Optional.empty());

        assertThat(staged.children()).hasSize(LIMIT);
        assertThat(staged.overLimit()).isEqualTo(2);
        assertThat(staged.generated()).isEqualTo(LIMIT + 3);
        try (Stream<Path> stage = Files.list(writer.directory())) {
            assertThat(stage.count()).isEqualTo(LIMIT);
        }
        assertThat(staged.children().get(0).digest().hex())
                .isEqualTo(ContentHasher.hash("child 0".getBytes(StandardCharsets.UTF_8)).digest().hex());
    }

    @Test
    void outputsTheEngineKeptForACrashOrAHangAreFindingsWithoutTriage() throws Exception {
        Path campaign = Files.createDirectories(dir.resolve("campaign"));
        Path outputs = Files.createDirectories(dir.resolve("outputs"));
        Path crash = Files.writeString(outputs.resolve("crash-000000"), "crashes");
        Path hang = Files.writeString(outputs.resolve("hang-000000"), "hangs");
        Path queued = Files.writeString(outputs.resolve("queue-000001"), "queued");
        Digest input = Digest.parse(ContentHasher.hash("input".getBytes(StandardCharsets.UTF_8)).digest().hex());
        StageWriter writer = new StageWriter(new CorpusLayout(campaign), new StageLocation(1, 3, "r2"),
                new DurableFiles(new Fsync()));

        ChildStaging.Staged staged = ChildStaging.stage(List.of(crash, hang, queued),
                Map.of(crash, new OutputEnd(ExitKind.CRASH, 6), hang, new OutputEnd(ExitKind.TIMEOUT, 0)), input,
                writer, LIMIT, Optional.empty());

        assertThat(staged.children()).extracting(DeclaredChild::finding).containsExactly(
                new DeclaredFinding(FindingKind.CRASH, 6, "signal:6"), new DeclaredFinding(FindingKind.HANG, 0, "timeout"),
                null);
        assertThat(staged.children()).extracting(DeclaredChild::coverage).containsOnlyNulls();
    }

    @Test
    void findingsBeyondWhatOneDecisionRecordsAreDeclaredWithoutTheirFindingAndCounted() throws Exception {
        Path campaign = Files.createDirectories(dir.resolve("campaign"));
        Path outputs = Files.createDirectories(dir.resolve("outputs"));
        List<Path> files = new ArrayList<>();
        Map<Path, OutputEnd> ends = new java.util.HashMap<>();
        for (int i = 0; i < Result.MAX_FINDINGS + 3; i++) {
            Path file = Files.writeString(outputs.resolve(String.format("crash-%06d", i)), "crash " + i);
            files.add(file);
            ends.put(file, new OutputEnd(ExitKind.CRASH, 11));
        }
        Digest input = Digest.parse(ContentHasher.hash("input".getBytes(StandardCharsets.UTF_8)).digest().hex());
        StageWriter writer = new StageWriter(new CorpusLayout(campaign), new StageLocation(1, 3, "r3"),
                new DurableFiles(new Fsync()));

        ChildStaging.Staged staged = ChildStaging.stage(files, ends, input, writer, Result.MAX_CHILDREN, Optional.empty());

        assertThat(staged.children()).hasSize(Result.MAX_FINDINGS + 3);
        assertThat(staged.children().stream().filter(child -> child.finding() != null)).hasSize(Result.MAX_FINDINGS);
        assertThat(staged.findingsDeferred()).isEqualTo(3);
    }
}
