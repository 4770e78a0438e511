package io.frontier.tools.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SessionArmsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final BenchTarget TARGET = new BenchTarget("parser", Optional.of(Path.of("/targets/parser-symcc")),
            Path.of("/targets/parser-afl"), Path.of("/targets/seeds"), List.of("-q", "@@"));
    private static final BenchTarget WITHOUT_SYMCC = new BenchTarget("parser", Optional.empty(),
            Path.of("/targets/parser-afl"), Path.of("/targets/seeds"), List.of("-q", "@@"));

    @Test
    void anAflSessionExecutorRunsTheAflBuildWithTheCampaignsTimeOutAndTenSecondCheckpoints() throws Exception {
        JsonNode expected = JSON.readTree("""
                {"type": "afl_session", "target": "/targets/parser-afl", "arguments": ["-q", "@@"],
                 "checkpointSeconds": 10, "execTimeoutMillis": 1000, "memoryLimitMiB": 0, "dictionary": null,
                 "environment": {}, "limits": {"addressSpaceMiB": 0, "cpuSeconds": 0, "fileSizeMiB": 64}}""");

        assertThat(ExecutorJson.of(TARGET, "afl_session", 10)).isEqualTo(expected);
    }

    @Test
    void theAflExecutorKeepsItsBoundedRuns() throws Exception {
        JsonNode expected = JSON.readTree("""
                {"type": "afl", "target": "/targets/parser-afl", "arguments": ["-q", "@@"], "runSeconds": 15,
                 "runExecutions": 0, "execTimeoutMillis": 1000, "memoryLimitMiB": 0, "dictionary": null,
                 "environment": {}, "limits": {"addressSpaceMiB": 0, "cpuSeconds": 0, "fileSizeMiB": 64}}""");

        assertThat(ExecutorJson.of(TARGET, "afl", 15)).isEqualTo(expected);
    }

    @Test
    void theSymccExecutorReadsItsInputFromTheFileNamedInItsArguments() {
        JsonNode symcc = ExecutorJson.of(TARGET, "symcc", 10);

        assertThat(symcc.get("type").asText()).isEqualTo("symcc");
        assertThat(symcc.get("target").asText()).isEqualTo("/targets/parser-symcc");
        assertThat(symcc.get("arguments")).containsExactly(JSON.getNodeFactory().textNode("-q"),
                JSON.getNodeFactory().textNode("{input}"));
        assertThat(symcc.get("input").asText()).isEqualTo("file");
    }

    @Test
    void anUnknownKindIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> ExecutorJson.of(TARGET, "libfuzzer", 10))
                .hasMessageContaining("libfuzzer").hasMessageContaining("symcc, afl and afl_session");
    }

    @Test
    void theSessionArmsAreTriagedCampaignsWithTheSessionExecutorSymccFirstInTheHybrid() {
        assertThat(ExplorationArm.AFL_SESSION.kinds(TARGET)).containsExactly("afl_session");
        assertThat(ExplorationArm.HYBRID_SESSION.kinds(TARGET)).containsExactly("symcc", "afl_session");
        assertThat(ExplorationArm.AFL_SESSION.triage()).isTrue();
        assertThat(ExplorationArm.HYBRID_SESSION.triage()).isTrue();
        assertThat(ExplorationArm.AFL_SESSION.outsideFrontier()).isFalse();
        assertThat(ExplorationArm.HYBRID_SESSION.runsOn(WITHOUT_SYMCC)).isFalse();
        assertThat(ExplorationArm.AFL_SESSION.runsOn(WITHOUT_SYMCC)).isTrue();
    }

    @Test
    void everyArmIsSelectableByADistinctName() {
        assertThat(ExplorationArm.ALL).extracting(ExplorationArm::name).doesNotHaveDuplicates()
                .contains("afl-plain", "afl-session", "hybrid-session", "afl", "hybrid");
        assertThat(ExplorationArm.ALL).filteredOn(ExplorationArm::outsideFrontier).containsExactly(ExplorationArm.AFL_PLAIN);
    }
}
