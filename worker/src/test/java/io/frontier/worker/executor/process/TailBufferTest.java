package io.frontier.worker.executor.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TailBufferTest {

    @Test
    void keepsEverythingUntilFull() {
        TailBuffer buffer = new TailBuffer(8);
        append(buffer, "abc");
        append(buffer, "de");

        assertThat(buffer.tail(true)).isEqualTo(new OutputTail("abcde", 5, false, true));
    }

    @Test
    void keepsTheLastBytesAcrossWrapsAndLargeWrites() {
        TailBuffer buffer = new TailBuffer(4);
        append(buffer, "abc");
        append(buffer, "def");
        assertThat(buffer.tail(true).text()).isEqualTo("cdef");

        append(buffer, "0123456789");
        assertThat(buffer.tail(false)).isEqualTo(new OutputTail("6789", 16, true, false));

        append(buffer, "x");
        assertThat(buffer.tail(true).text()).isEqualTo("789x");
    }

    private static void append(TailBuffer buffer, String text) {
        byte[] bytes = ("<" + text + ">").getBytes(StandardCharsets.UTF_8);
        buffer.append(bytes, 1, bytes.length - 2);
    }
}
