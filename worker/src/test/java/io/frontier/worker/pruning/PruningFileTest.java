package io.frontier.worker.pruning;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.pruning.PruningMap;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PruningFileTest {

    @TempDir
    Path dir;

    private static PruningMap withBits(int... bits) {
        byte[] file = new byte[PruningMap.BYTES];
        for (int bit : bits) {
            file[bit >>> 3] |= (byte) (1 << (bit & 7));
        }
        return PruningMap.of(file);
    }

    @Test
    void anAbsentFileIsTheEmptyMapAndAShortOneIsZeroPadded() throws Exception {
        PruningFile file = new PruningFile(dir.resolve("pruning.map"));
        assertThat(file.read()).isEqualTo(PruningMap.empty());

        Files.write(file.path(), new byte[] {0, 0, 4});

        assertThat(file.read()).isEqualTo(withBits(18));
    }

    @Test
    void mergingKeepsTheFilesBitsAddsTheHandedOnesAndWritesSymccsFullSize() throws Exception {
        PruningFile file = new PruningFile(dir.resolve("worker").resolve("pruning.map"));
        file.merge(withBits(1, 900_000));

        PruningMap merged = file.merge(withBits(2));

        assertThat(merged).isEqualTo(withBits(1, 2, 900_000));
        assertThat(file.read()).isEqualTo(merged);
        assertThat(Files.size(file.path())).isEqualTo(PruningMap.BYTES);
        assertThat(file.merge(withBits(2))).as("merging again changes nothing").isEqualTo(merged);
    }

    @Test
    void aFileLongerThanSymccsMapIsRefusedAndNotMergedInto() throws Exception {
        PruningFile file = new PruningFile(dir.resolve("pruning.map"));
        Files.write(file.path(), new byte[PruningMap.BYTES + 1]);

        assertThatThrownBy(file::read).isInstanceOf(PruningFileException.class)
                .hasMessageContaining("pruning map file is longer than SymCC's map");
        assertThatThrownBy(() -> file.merge(withBits(1))).isInstanceOf(PruningFileException.class);
        assertThat(Files.size(file.path())).isEqualTo(PruningMap.BYTES + 1);
    }
}
