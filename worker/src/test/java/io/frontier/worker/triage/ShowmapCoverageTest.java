package io.frontier.worker.triage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.coverage.Coverage;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShowmapCoverageTest {

    @Test
    void eachLineBecomesItsEdgeAndTheBucketOfItsRawHitCount() {
        Coverage coverage = ShowmapCoverage.parse(List.of("000001:1", "000003:2", "000007:3", "000016:4", "000029:7",
                "000030:8", "000031:15", "000032:16", "000033:31", "000034:32", "000035:127", "000036:128", "065535:255", ""));

        assertThat(coverage.tuples()).containsExactly(1 << 3, 3 << 3 | 1, 7 << 3 | 2, 16 << 3 | 3, 29 << 3 | 3,
                30 << 3 | 4, 31 << 3 | 4, 32 << 3 | 5, 33 << 3 | 5, 34 << 3 | 6, 35 << 3 | 6, 36 << 3 | 7, 65535 << 3 | 7);
    }

    @Test
    void mapIndexZeroIsNeverCountedSinceFolderRunsNeverReportIt() {
        assertThat(ShowmapCoverage.parse(List.of("000000:2", "000001:1")))
                .isEqualTo(ShowmapCoverage.parse(List.of("000001:1")));
        assertThat(ShowmapCoverage.parse(List.of("000000:1"))).isEqualTo(Coverage.empty());
    }

    @Test
    void anEmptyMapIsEmptyCoverage() {
        assertThat(ShowmapCoverage.parse(List.of())).isEqualTo(Coverage.empty());
    }

    @Test
    void malformedLinesAreRefusedWithTheirNumber() {
        for (String line : List.of("000001", "1:x", "000001:0", "000001:256", "-1:3", "8388608:1", " 000001:1")) {
            assertThatThrownBy(() -> ShowmapCoverage.parse(List.of("000002:1", line)))
                    .as(line).isInstanceOf(TriageException.class)
                    .hasMessageStartingWith("afl-showmap map line is malformed").hasMessageContaining("line=2");
        }
    }
}
