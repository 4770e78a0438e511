package io.frontier.worker.triage;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.store.coverage.Coverage;
import org.junit.jupiter.api.Test;

class FindingSignatureTest {

    /** The head of a real report: the demo target's bug reached inside one group. */
    private static final String IN_GROUP = """
            chunks: reading
            =================================================================
            ==9840==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffe7ea2bae0 at pc 0x556ba909c226
            WRITE of size 16 at 0x7ffe7ea2bae0 thread T0
                #0 0x556ba909c225 in fill_ramp /src/examples/demo-target/chunks.c:80:18
                #1 0x556ba909c225 in parse_palette /src/examples/demo-target/chunks.c:118:26
                #2 0x556ba909c225 in parse_chunk /src/examples/demo-target/chunks.c:137:16
                #3 0x556ba909c225 in parse_chunks /src/examples/demo-target/chunks.c:155:13
                #4 0x556ba909b6e0 in parse_chunk /src/examples/demo-target/chunks.c:135:16
                #5 0x556ba909b2af in main /src/examples/demo-target/chunks.c:201:18

            Address 0x7ffe7ea2bae0 is located in stack of thread T0 at offset 32 in frame
                #0 0x556ba909b4df in parse_chunks /src/examples/demo-target/chunks.c:129
            """;
    /** The same bug two groups deep, at another line of the loop, from another build. */
    private static final String IN_NESTED_GROUP = """
            ==10027==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffe806048a0 at pc 0x56015f0b5226
            WRITE of size 1 at 0x7ffe806048a0 thread T0
                #0 0x56015f0b5225 in fill_ramp /build/chunks.c:81:5
                #1 0x56015f0b5225 in parse_palette /build/chunks.c:118:26
                #2 0x56015f0b5225 in parse_chunk /build/chunks.c:137:16
                #3 0x56015f0b46e0 in parse_chunks /build/chunks.c:155:13
                #4 0x56015f0b46e0 in parse_chunk /build/chunks.c:135:16
                #5 0x56015f0b46e0 in parse_chunks /build/chunks.c:155:13
            """;
    private static final String UNSYMBOLIZED = """
            ==10241==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7fff2526e260 at pc 0x5616e4cdd226
                #0 0x5616e4cdd225  (/opt/t/demo-afl+0xe0225) (BuildId: c023ae1f5129f981afd88a0ee6bf7deb504676bb)
                #1 0x5616e4cdc6e0  (/opt/t/demo-afl+0xdf6e0) (BuildId: c023ae1f5129f981afd88a0ee6bf7deb504676bb)
            """;
    private static final String THROUGH_AN_INTERCEPTOR = """
            ==77==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000018 at pc 0x4c5e6a
                #0 0x4c5e69 in __asan_memcpy (/opt/t/parser+0x4c5e69)
                #1 0x4f2a10 in copy_name /src/parser.c:40:5
                #2 0x4f2b80 in parse_header /src/parser.c:77:9
                #3 0x4f2c90 in main /src/parser.c:120:3
            """;
    private static final Coverage COVERAGE = Coverage.of(new int[] {Coverage.tuple(3, 1), Coverage.tuple(3, 9),
            Coverage.tuple(12, 2)});

    @Test
    void theTopThreeFunctionsOfTheFirstStackMakeTheSignatureWhateverThePathLinesAndBuild() {
        String signature = FindingSignature.stack(IN_GROUP).orElseThrow();

        assertThat(signature).matches("stack:[0-9a-f]{16}");
        assertThat(FindingSignature.stack(IN_NESTED_GROUP)).contains(signature);
        assertThat(FindingSignature.stack(IN_GROUP.replace("parse_chunk /", "parse_file /"))).isNotEqualTo(
                FindingSignature.stack(IN_GROUP));
    }

    @Test
    void sanitizerFramesAreSkippedAndUnsymbolizedFramesAreNamedByModuleAndOffset() {
        assertThat(FindingSignature.stack(THROUGH_AN_INTERCEPTOR)).isEqualTo(
                FindingSignature.stack(THROUGH_AN_INTERCEPTOR.replace("#0 0x4c5e69 in __asan_memcpy (/opt/t/parser+0x4c5e69)\n", "")
                        .replace("#1 ", "#0 ").replace("#2 ", "#1 ").replace("#3 ", "#2 ")));
        assertThat(FindingSignature.stack(UNSYMBOLIZED)).get().asString().matches("stack:[0-9a-f]{16}");
        assertThat(FindingSignature.stack(UNSYMBOLIZED)).isNotEqualTo(
                FindingSignature.stack(UNSYMBOLIZED.replace("0xdf6e0)", "0xdf6e4)")));
    }

    @Test
    void withoutASanitizerReportTheEdgesDecideAndWithoutEdgesTheSignal() {
        String noReport = "    #0 0x4f2a10 in copy_name /src/parser.c:40:5\nSegmentation fault\n";

        assertThat(FindingSignature.stack(noReport)).isEmpty();
        assertThat(FindingSignature.of(noReport, COVERAGE, 11)).isEqualTo(FindingSignature.edges(COVERAGE))
                .matches("edges:[0-9a-f]{16}");
        assertThat(FindingSignature.of(noReport, Coverage.empty(), 11)).isEqualTo("signal:11");
        assertThat(FindingSignature.of(IN_GROUP, COVERAGE, 6)).isEqualTo(FindingSignature.stack(IN_GROUP).orElseThrow());
    }

    @Test
    void theEdgeSignatureIgnoresHitCountsButNotEdges() {
        Coverage otherCounts = Coverage.of(new int[] {Coverage.tuple(3, 200), Coverage.tuple(12, 1)});
        Coverage otherEdges = Coverage.of(new int[] {Coverage.tuple(3, 1), Coverage.tuple(13, 2)});

        assertThat(FindingSignature.edges(otherCounts)).isEqualTo(FindingSignature.edges(COVERAGE));
        assertThat(FindingSignature.edges(otherEdges)).isNotEqualTo(FindingSignature.edges(COVERAGE));
    }
}
