package io.frontier.worker.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.executor.ExecutorException;
import io.frontier.worker.executor.ExitKind;
import io.frontier.worker.executor.OutputEnd;
import io.frontier.worker.executor.process.Signals;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Harvests of an instance directory laid out as AFL++ 4.04c lays it out, written by the test. */
class SessionHarvestTest {

    @TempDir
    Path dir;

    private Path instance;
    private SessionHarvest harvest;
    private int calls;

    @BeforeEach
    void layOut() throws IOException {
        instance = dir.resolve("sync").resolve("w0");
        for (String directory : List.of("queue", "crashes", "hangs")) {
            Files.createDirectories(instance.resolve(directory));
        }
        Files.createDirectories(instance.resolve("queue").resolve(".state").resolve("auto_extras"));
        harvest = new SessionHarvest(instance);
    }

    @Test
    void onlyEntriesAboveTheWatermarkAreTaken() throws IOException {
        queue("id:000000,src:000000,time:10,execs:20,op:havoc,rep:2,+cov");
        queue("id:000001,src:000000,time:11,execs:25,op:havoc,rep:4");

        assertThat(names(collect(10, true))).containsExactly("queue-000000", "queue-000001");

        queue("id:000002,src:000001,time:12,execs:30,op:havoc,rep:2,+cov");
        assertThat(names(collect(10, true))).containsExactly("queue-000002");
        assertThat(names(collect(10, true))).isEmpty();
    }

    @Test
    void theHighestIdWaitsForAHigherOneOrForTheWriterToEnd() throws IOException {
        queue("id:000000,src:000000,time:10,execs:20,op:havoc,rep:2,+cov");
        queue("id:000001,src:000000,time:11,execs:25,op:havoc,rep:4");
        crash("id:000000,sig:11,src:000001,time:12,execs:26,op:havoc,rep:2");

        assertThat(names(collect(10, false))).containsExactly("queue-000000");

        queue("id:000002,src:000001,time:12,execs:30,op:havoc,rep:2,+cov");
        assertThat(names(collect(10, false))).containsExactly("queue-000001");
        assertThat(names(collect(10, false))).isEmpty();

        assertThat(names(collect(10, true))).containsExactly("crash-000000", "queue-000002");
    }

    @Test
    void seedsAndImportsAreNotFindsButAnImportThatCrashedIs() throws IOException {
        queue("id:000000,time:0,execs:0,orig:seed");
        queue("id:000001,sync:frontier,src:000000,+cov");
        queue("id:000002,src:000000,time:5,execs:7,op:havoc,rep:2,+cov");
        queue("id:000003,sync:frontier,src:000001");
        crash("id:000000,sig:06,sync:frontier,src:000002");

        SessionHarvest.Taken taken = collect(10, true);

        assertThat(names(taken)).containsExactly("crash-000000", "queue-000002");
        assertThat(Files.readString(taken.outputs().get(1))).isEqualTo("id:000002,src:000000,time:5,execs:7,op:havoc,rep:2,+cov");
    }

    @Test
    void crashesComeFirstThenHangsThenTheQueueAndTheLimitLeavesTheRestForNextTime() throws IOException {
        for (int id = 0; id < 4; id++) {
            queue(String.format("id:%06d,src:000000,time:%d,execs:%d,op:havoc,rep:2,+cov", id, id, id));
        }
        hang("id:000000,src:000002,time:9,execs:90,op:havoc,rep:8");
        crash("id:000000,sig:11,src:000001,time:7,execs:70,op:havoc,rep:2");
        crash("id:000001,sig:06,src:000003,time:8,execs:80,op:havoc,rep:4");

        SessionHarvest.Taken first = collect(4, true);
        SessionHarvest.Taken second = collect(4, true);

        assertThat(names(first)).containsExactly("crash-000000", "crash-000001", "hang-000000", "queue-000000");
        assertThat(first.more()).isTrue();
        assertThat(names(second)).containsExactly("queue-000001", "queue-000002", "queue-000003");
        assertThat(second.more()).isFalse();
    }

    @Test
    void whatIsLeftAfterTheLimitButNoFindIsPassedOverWithoutMore() throws IOException {
        crash("id:000000,sig:11,src:000001,time:7,execs:70,op:havoc,rep:2");
        queue("id:000000,time:0,execs:0,orig:seed");
        queue("id:000001,sync:frontier,src:000000,+cov");

        SessionHarvest.Taken taken = collect(1, true);

        assertThat(names(taken)).containsExactly("crash-000000");
        assertThat(taken.more()).isFalse();
    }

    @Test
    void eachCrashCarriesTheSignalAflSawEndTheTargetAndEachHangItsTimeOut() throws IOException {
        crash("id:000000,sig:11,src:000001,time:7,execs:70,op:havoc,rep:2");
        crash("id:000001,sig:06,src:000003,time:8,execs:80,op:flip1,pos:3");
        crash("id:000002,src:000003,time:8,execs:80,op:flip1,pos:4");
        hang("id:000000,src:000002,time:9,execs:90,op:havoc,rep:8");
        queue("id:000001,src:000000,time:9,execs:90,op:havoc,rep:2,+cov");

        SessionHarvest.Taken taken = collect(10, true);

        assertThat(names(taken)).containsExactly("crash-000000", "crash-000001", "crash-000002", "hang-000000",
                "queue-000001");
        assertThat(taken.ends()).isEqualTo(Map.of(
                taken.outputs().get(0), new OutputEnd(ExitKind.CRASH, 11),
                taken.outputs().get(1), new OutputEnd(ExitKind.CRASH, 6),
                taken.outputs().get(2), new OutputEnd(ExitKind.CRASH, Signals.SIGSEGV),
                taken.outputs().get(3), new OutputEnd(ExitKind.TIMEOUT, 0)));
    }

    @Test
    void namesNotOfAflsFormAreIgnoredAndBlockNothing() throws IOException {
        Files.writeString(instance.resolve("crashes").resolve("README.txt"), "Command line used to find this crash");
        queue("id:12,src:000000");
        queue("id:000005");
        queue("idx:000006,src:000000");
        Files.createDirectories(instance.resolve("queue").resolve("id:000007,src:000000"));
        queue("id:000000,src:000000,time:10,execs:20,op:havoc,rep:2,+cov");
        queue("id:000001,src:000000,time:11,execs:25,op:havoc,rep:4");

        assertThat(names(collect(10, false))).containsExactly("queue-000000");
        assertThat(names(collect(10, true))).containsExactly("queue-000001");
    }

    @Test
    void anInstanceWithoutItsDirectoriesYetYieldsNothing() {
        SessionHarvest early = new SessionHarvest(dir.resolve("not-started"));

        SessionHarvest.Taken taken = early.collect(dir.resolve("out"), 10, false);

        assertThat(taken.outputs()).isEmpty();
        assertThat(taken.more()).isFalse();
    }

    @Test
    void theOutputDirectoryMustBeEmpty() throws IOException {
        queue("id:000000,src:000000,time:10,execs:20,op:havoc,rep:2,+cov");
        Path outputs = Files.createDirectories(dir.resolve("used"));
        Files.writeString(outputs.resolve("left-over"), "x");

        assertThatThrownBy(() -> harvest.collect(outputs, 10, true)).isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("output directory is not empty");
        assertThat(names(collect(10, true))).as("nothing was taken by the refused call").containsExactly("queue-000000");
    }

    private SessionHarvest.Taken collect(int maxOutputs, boolean writerEnded) {
        return harvest.collect(dir.resolve("out-" + calls++), maxOutputs, writerEnded);
    }

    private static List<String> names(SessionHarvest.Taken taken) {
        return taken.outputs().stream().map(path -> path.getFileName().toString()).toList();
    }

    /** An entry whose content is its own name, so a test can tell which file was copied. */
    private void queue(String name) throws IOException {
        write("queue", name);
    }

    private void crash(String name) throws IOException {
        write("crashes", name);
    }

    private void hang(String name) throws IOException {
        write("hangs", name);
    }

    private void write(String directory, String name) throws IOException {
        Files.writeString(instance.resolve(directory).resolve(name), name, StandardCharsets.UTF_8);
    }
}
