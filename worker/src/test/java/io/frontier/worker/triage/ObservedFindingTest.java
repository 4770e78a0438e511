package io.frontier.worker.triage;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.worker.executor.ExitKind;
import org.junit.jupiter.api.Test;

class ObservedFindingTest {

    private static final String REPORT = """
            ==9840==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffe7ea2bae0 at pc 0x556ba909c226
                #0 0x556ba909c225 in fill_ramp /src/chunks.c:80:18
                #1 0x556ba909c225 in parse_palette /src/chunks.c:118:26
                #2 0x556ba909c225 in parse_chunk /src/chunks.c:137:16
            """;

    @Test
    void aCrashWithoutASanitizerReportIsSignedByItsSignal() {
        assertThat(ObservedFinding.of(ExitKind.CRASH, 11, "Segmentation fault\n"))
                .contains(new DeclaredFinding(FindingKind.CRASH, 11, "signal:11"));
    }

    @Test
    void aCrashWithASanitizerReportIsSignedByItsStackAsTriageSignsIt() {
        assertThat(ObservedFinding.of(ExitKind.CRASH, 6, REPORT)).contains(
                new DeclaredFinding(FindingKind.CRASH, 6, FindingSignature.stack(REPORT).orElseThrow()));
    }

    @Test
    void aTimeOutIsAHang() {
        assertThat(ObservedFinding.of(ExitKind.TIMEOUT, 0, "")).contains(
                new DeclaredFinding(FindingKind.HANG, 0, ObservedFinding.TIMEOUT));
    }

    @Test
    void anyOtherEndIsNoFinding() {
        assertThat(ObservedFinding.of(ExitKind.OK, 0, "")).isEmpty();
        assertThat(ObservedFinding.of(ExitKind.OOM, 9, "")).isEmpty();
        assertThat(ObservedFinding.of(ExitKind.KILLED, 15, "")).isEmpty();
    }
}
