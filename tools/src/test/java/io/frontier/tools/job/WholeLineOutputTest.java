package io.frontier.tools.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class WholeLineOutputTest {

    /** Records each write it is handed, as the operating system would see them. */
    private static final class Writes extends OutputStream {

        final List<String> writes = new ArrayList<>();

        @Override
        public void write(int b) {
            writes.add(String.valueOf((char) b));
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            writes.add(new String(bytes, offset, length, Charset.defaultCharset()));
        }
    }

    private static Map<String, Long> figures() {
        Map<String, Long> figures = new TreeMap<>();
        for (String name : List.of("results", "executions", "generated", "childrenStaged", "childrenOverLimit",
                "inputMismatches", "failures", "ignoredMessages", "faultsInjected", "idleMillis", "triageProbes")) {
            figures.put(name, 123_456L);
        }
        return figures;
    }

    @Test
    void aFormattedLineLongerThanTheJdksBufferReachesTheSinkInOneWrite() {
        Writes sink = new Writes();
        PrintStream out = WholeLineOutput.over(sink);

        out.printf("worker %d: %s%n", 3, figures());
        out.println("coordinator 0: COMMITTED");

        String first = "worker 3: " + figures() + System.lineSeparator();
        assertThat(first.length()).isGreaterThan(128);
        assertThat(sink.writes).containsExactly(first, "coordinator 0: COMMITTED" + System.lineSeparator());
    }

    @Test
    void textWithoutANewlineWaitsForTheRestOfItsLine() {
        Writes sink = new Writes();
        PrintStream out = WholeLineOutput.over(sink);

        out.print("progress: ");
        assertThat(sink.writes).isEmpty();
        out.print("12 executions\n");

        assertThat(sink.writes).containsExactly("progress: 12 executions\n");
    }

    @Test
    void anExplicitFlushWritesAnUnfinishedLine() {
        Writes sink = new Writes();
        PrintStream out = WholeLineOutput.over(sink);

        out.print("summary: ");
        out.flush();

        assertThat(sink.writes).containsExactly("summary: ");
    }

    @Test
    void aLineLongerThanTheBufferGoesOutInPiecesWithNothingLost() {
        Writes sink = new Writes();
        PrintStream out = WholeLineOutput.over(sink);
        String line = "x".repeat(WholeLineOutput.LINE_BYTES + 10);

        out.println(line);

        assertThat(sink.writes).hasSize(2);
        assertThat(String.join("", sink.writes)).isEqualTo(line + System.lineSeparator());
    }
}
