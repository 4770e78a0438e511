package io.frontier.worker.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.worker.DemoTarget;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PersistentBuildTest {

    private static final String LOOP = """
            #include <unistd.h>
            int main(void) {
              char byte;
              while (__AFL_LOOP(1000)) {
                if (read(0, &byte, 1) == 1 && byte == 'x') return 1;
              }
              return 0;
            }
            """;
    private static final String FORKED = """
            #include <unistd.h>
            int main(void) {
              char byte;
              return read(0, &byte, 1) == 1 && byte == 'x';
            }
            """;

    @TempDir
    Path work;

    @Test
    void aBuildWithAnAflLoopIsPersistentAndOneWithoutIsNot() throws Exception {
        assertThat(PersistentBuild.of(DemoTarget.compileWithAfl(work, "loop", LOOP))).isTrue();
        assertThat(PersistentBuild.of(DemoTarget.compileWithAfl(work, "forked", FORKED))).isFalse();
    }

    @Test
    void aSignatureSplitAcrossTwoReadsIsFound() throws Exception {
        byte[] signature = "##SIG_AFL_PERSISTENT##".getBytes(StandardCharsets.US_ASCII);
        byte[] file = new byte[(1 << 16) + 100];
        Arrays.fill(file, (byte) '#');
        System.arraycopy(signature, 0, file, (1 << 16) - 5, signature.length);
        Path split = Files.write(work.resolve("split"), file);
        Path truncated = Files.write(work.resolve("truncated"), Arrays.copyOf(file, 1 << 16));

        assertThat(PersistentBuild.of(split)).isTrue();
        assertThat(PersistentBuild.of(truncated)).isFalse();
    }

    @Test
    void anUnreadableProgramIsATriageErrorNamingIt() {
        Path missing = work.resolve("missing");

        assertThatThrownBy(() -> PersistentBuild.of(missing))
                .isInstanceOf(TriageException.class)
                .hasMessageContaining("program=" + missing);
    }
}
