package io.frontier.store.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs publish the same sequence of objects into one directory at the same time, as two
 * coordinators importing the same seeds would. Both must succeed and leave exactly one intact
 * object per content and no temporary file.
 */
class ConcurrentPublishTest {

    private static final int PROCESSES = 2;
    private static final int OBJECTS = 300;

    @TempDir
    Path work;

    @Test
    void twoProcessesPublishingTheSameBytesBothSucceedAndLeaveOneCorrectObjectEach() throws Exception {
        Path corpus = Files.createDirectory(work.resolve("corpus"));
        List<Process> processes = new ArrayList<>();
        List<BufferedReader> outputs = new ArrayList<>();
        for (int i = 0; i < PROCESSES; i++) {
            Process process = new ProcessBuilder(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"),
                    SameBytesPublisher.class.getName(), corpus.toString(), Integer.toString(OBJECTS))
                    .redirectError(ProcessBuilder.Redirect.INHERIT)
                    .start();
            processes.add(process);
            outputs.add(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)));
        }
        for (BufferedReader output : outputs) {
            assertThat(output.readLine()).isEqualTo("ready");
        }
        for (Process process : processes) {
            OutputStream input = process.getOutputStream();
            input.write("go\n".getBytes(StandardCharsets.UTF_8));
            input.flush();
        }

        int created = 0;
        for (int i = 0; i < PROCESSES; i++) {
            assertThat(processes.get(i).waitFor(120, TimeUnit.SECONDS)).as("process %d finished", i).isTrue();
            assertThat(processes.get(i).exitValue()).as("exit code of process %d", i).isZero();
            String summary = outputs.get(i).readLine();
            assertThat(summary).startsWith("created ");
            created += Integer.parseInt(summary.substring("created ".length()));
        }

        ObjectDirectory objects = new ObjectDirectory(corpus, new DurableFiles(new Fsync()));
        List<String> expectedNames = new ArrayList<>();
        for (int i = 0; i < OBJECTS; i++) {
            byte[] payload = SameBytesPublisher.payload(i);
            Digest digest = ContentHasher.hash(payload).digest();
            expectedNames.add(digest.hex());
            assertThat(Files.readAllBytes(objects.pathOf(digest))).isEqualTo(payload);
        }
        assertThat(DurableFilesTest.entries(corpus)).containsExactlyInAnyOrderElementsOf(expectedNames);
        assertThat(created).as("every object was renamed into place at least once").isGreaterThanOrEqualTo(OBJECTS);
    }
}
