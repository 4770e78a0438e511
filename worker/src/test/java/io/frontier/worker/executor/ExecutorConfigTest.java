package io.frontier.worker.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.process.ProcessException;
import io.frontier.worker.executor.process.ResourceLimits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecutorConfigTest {

    private static final String SYMCC = """
            {"type": "symcc", "target": "/opt/t/parser", "arguments": ["-x", "{input}"], "input": "file",
             "coverageMap": true, "linearization": false, "environment": {"ASAN_OPTIONS": "abort_on_error=1"},
             "limits": {"addressSpaceMiB": 4096, "cpuSeconds": 0, "fileSizeMiB": 64}}
            """;
    private static final String COMMAND = """
            {"type": "command", "command": ["/opt/engine", "--out", "{output_dir}"], "input": "stdin",
             "environment": {}, "limits": {"addressSpaceMiB": 0, "cpuSeconds": 30, "fileSizeMiB": 0}}
            """;

    private static final String AFL_SESSION = """
            {"type": "afl_session", "target": "/opt/t/parser.afl", "arguments": ["-f", "@@"],
             "checkpointSeconds": 10, "execTimeoutMillis": 1000, "memoryLimitMiB": 0, "dictionary": null,
             "environment": {"ASAN_OPTIONS": "abort_on_error=1"},
             "limits": {"addressSpaceMiB": 0, "cpuSeconds": 0, "fileSizeMiB": 64}}
            """;

    private static ExecutorConfig decode(String json) {
        return WireCodec.decode(json.getBytes(StandardCharsets.UTF_8), ExecutorConfig.class);
    }

    @Test
    void bothTypesDecodeStrictlyAndRoundTrip() {
        ExecutorConfig symcc = decode(SYMCC);
        ExecutorConfig command = decode(COMMAND);

        assertThat(symcc).isEqualTo(new SymccConfig("/opt/t/parser", List.of("-x", "{input}"), InputMode.FILE, true,
                false, Map.of("ASAN_OPTIONS", "abort_on_error=1"), new ResourceLimits(4096, 0, 64)));
        assertThat(command).isEqualTo(new CommandConfig(List.of("/opt/engine", "--out", "{output_dir}"),
                InputMode.STDIN, Map.of(), new ResourceLimits(0, 30, 0)));
        for (ExecutorConfig config : List.of(symcc, command)) {
            assertThat(WireCodec.decode(WireCodec.encode(config), ExecutorConfig.class)).isEqualTo(config);
        }
        assertThat(new String(WireCodec.encode(command), StandardCharsets.UTF_8)).isEqualTo(
                "{\"type\":\"command\",\"command\":[\"/opt/engine\",\"--out\",\"{output_dir}\"],\"input\":\"stdin\","
                        + "\"environment\":{},\"limits\":{\"addressSpaceMiB\":0,\"cpuSeconds\":30,\"fileSizeMiB\":0}}");
    }

    @Test
    void unknownTypesFieldsAndModesAndMissingFieldsAreRejected() {
        assertThatThrownBy(() -> decode(COMMAND.replace("\"command\",", "\"libfuzzer\",")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("libfuzzer");
        assertThatThrownBy(() -> decode(COMMAND.replace("\"input\"", "\"timeout\": 5, \"input\"")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("timeout");
        assertThatThrownBy(() -> decode(COMMAND.replace("\"stdin\"", "\"pipe\"")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("pipe");
        assertThatThrownBy(() -> decode(SYMCC.replace("\"coverageMap\": true,", "")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("coverageMap");
    }

    @Test
    void onlyACommandNamesThePruningMapASymccTargetIsToldBySymccsVariable() {
        ExecutorConfig command = decode(COMMAND.replace("\"--out\",", "\"--map={pruning_map}\", \"--out\","));
        ExecutorConfig symcc = decode(SYMCC);

        assertThat(command.keepsPruningMap()).isTrue();
        assertThat(symcc.keepsPruningMap()).isTrue();
        assertThat(decode(SYMCC.replace("\"coverageMap\": true", "\"coverageMap\": false")).keepsPruningMap()).isFalse();
        assertThat(decode(COMMAND).keepsPruningMap()).isFalse();
        assertThatThrownBy(() -> decode(SYMCC.replace("\"-x\",", "\"--map={pruning_map}\",")))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("a SymCC target gets its pruning map from SYMCC_AFL_COVERAGE_MAP");
    }

    @Test
    void aTemplateWithAnUnknownPlaceholderFailsWhenTheConfigurationIsRead() {
        assertThatThrownBy(() -> decode(SYMCC.replace("{input}", "{intput}")))
                .isInstanceOf(MalformedMessageException.class)
                .hasMessageContaining("argument has an unknown placeholder").hasMessageContaining("{intput}");
    }

    @Test
    void programsMustBeAbsolutePathsWithoutPlaceholders() {
        assertThatThrownBy(() -> new CommandConfig(List.of("engine", "{input}"), InputMode.FILE, Map.of(),
                ResourceLimits.NONE)).isInstanceOf(ExecutorException.class).hasMessageStartingWith("program path must be absolute");
        assertThatThrownBy(() -> new CommandConfig(List.of("/{output_dir}/engine", "{input}"), InputMode.FILE,
                Map.of(), ResourceLimits.NONE)).hasMessageStartingWith("program path must not contain a placeholder");
        assertThatThrownBy(() -> new CommandConfig(List.of(), InputMode.FILE, Map.of(), ResourceLimits.NONE))
                .hasMessageStartingWith("command is empty");
        assertThatThrownBy(() -> new SymccConfig("./parser", List.of("{input}"), InputMode.FILE, false, false,
                Map.of(), ResourceLimits.NONE)).hasMessageStartingWith("program path must be absolute");
    }

    @Test
    void theInputPlaceholderMustMatchTheInputMode() {
        assertThatThrownBy(() -> new SymccConfig("/t", List.of(), InputMode.FILE, false, false, Map.of(),
                ResourceLimits.NONE)).hasMessageStartingWith("input mode file needs the {input} placeholder");
        assertThatThrownBy(() -> new CommandConfig(List.of("/e", "{input}"), InputMode.STDIN, Map.of(),
                ResourceLimits.NONE)).hasMessageStartingWith("input mode stdin does not allow the {input} placeholder");
    }

    @Test
    void symccVariablesAreReservedToTheExecutor() {
        assertThatThrownBy(() -> new SymccConfig("/t", List.of(), InputMode.STDIN, false, false,
                Map.of("SYMCC_NO_SYMBOLIC_INPUT", "1"), ResourceLimits.NONE))
                .isInstanceOf(ExecutorException.class).hasMessageContaining("name=SYMCC_NO_SYMBOLIC_INPUT");
    }

    @Test
    void limitsAreNeverNegativeNorOverflowBytes() {
        assertThatThrownBy(() -> new ResourceLimits(-1, 0, 0))
                .isInstanceOf(ProcessException.class).hasMessageContaining("limit=addressSpaceMiB");
        assertThatThrownBy(() -> new ResourceLimits(0, 0, Long.MAX_VALUE)).hasMessageContaining("limit=fileSizeMiB");
        assertThat(new ResourceLimits(2, 0, 1).addressSpaceBytes()).isEqualTo(2L << 20);
    }

    @Test
    void anAflSessionDecodesStrictlyAndRoundTripsUnderItsOwnKind() {
        ExecutorConfig session = decode(AFL_SESSION);

        assertThat(session).isEqualTo(new AflSessionConfig("/opt/t/parser.afl", List.of("-f", "@@"), 10, 1000, 0, null,
                Map.of("ASAN_OPTIONS", "abort_on_error=1"), new ResourceLimits(0, 0, 64)));
        assertThat(WireCodec.decode(WireCodec.encode(session), ExecutorConfig.class)).isEqualTo(session);
        assertThat(session.kind()).isEqualTo("afl_session");
        assertThat(session.input()).isEqualTo(InputMode.FILE);
        assertThat(session.keepsPruningMap()).isFalse();
        assertThatThrownBy(() -> decode(AFL_SESSION.replace("\"checkpointSeconds\": 10,", "")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("checkpointSeconds");
        assertThatThrownBy(() -> decode(AFL_SESSION.replace("\"memoryLimitMiB\"", "\"runSeconds\": 10, \"memoryLimitMiB\"")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("runSeconds");
    }

    @Test
    void anAflSessionNeedsACheckpointNoCpuLimitAndLeavesItsOwnVariablesAlone() {
        assertThatThrownBy(() -> session(0, Map.of(), ResourceLimits.NONE)).isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("afl session checkpoint must be at least one second")
                .hasMessageContaining("checkpointSeconds=0");
        assertThatThrownBy(() -> session(10, Map.of(), new ResourceLimits(0, 60, 0)))
                .hasMessageStartingWith("afl session cannot have a CPU time limit").hasMessageContaining("cpuSeconds=60");
        for (String reserved : AflSessionConfig.SESSION_VARIABLES.keySet()) {
            assertThatThrownBy(() -> session(10, Map.of(reserved, "5"), ResourceLimits.NONE))
                    .hasMessageStartingWith("variable is set by the afl session").hasMessageContaining("name=" + reserved);
        }
        assertThatThrownBy(() -> new AflSessionConfig("/t", List.of("{input}"), 10, 1000, 0, null, Map.of(),
                ResourceLimits.NONE)).hasMessageStartingWith("afl arguments name the input as @@");
        assertThat(session(1, Map.of("AFL_HANG_TMOUT", "5000"), ResourceLimits.NONE).input()).isEqualTo(InputMode.STDIN);
    }

    @Test
    void theFactoryMakesNoExecutorOfAnAflSession(@TempDir Path directory) {
        AflSessionConfig session = session(10, Map.of(), ResourceLimits.NONE);

        assertThatThrownBy(() -> ExecutorFactory.onThisMachine().create(session, directory))
                .isInstanceOf(ExecutorException.class)
                .hasMessageStartingWith("an afl_session configuration runs as a fuzzing session, not as an executor");
    }

    private static AflSessionConfig session(long checkpointSeconds, Map<String, String> environment,
                                            ResourceLimits limits) {
        return new AflSessionConfig("/t", List.of(), checkpointSeconds, 1000, 0, null, environment, limits);
    }
}
