package io.frontier.worker.rank;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.AflConfig;
import io.frontier.worker.executor.CommandConfig;
import io.frontier.worker.executor.InputMode;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.triage.TriageConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkerSettingsTest {

    private static final String JSON = """
            {"executors": [{"type": "command", "command": ["/opt/engine/run", "{input}", "{output_dir}"], "input": "file",
                            "environment": {}, "limits": {"addressSpaceMiB": 4096, "cpuSeconds": 0, "fileSizeMiB": 64}}],
             "timeLimitMillis": 60000, "campaign": "/shared/campaigns/parser", "scratch": "/tmp/frontier",
             "idleLimitMillis": 86400000, "triage": null}
            """;

    private static WorkerSettings decode(String json) {
        return WireCodec.decode(json.getBytes(StandardCharsets.UTF_8), WorkerSettings.class);
    }

    @Test
    void theDocumentedExampleDecodesStrictlyAndRoundTrips() {
        WorkerSettings settings = decode(JSON);

        assertThat(settings).isEqualTo(WorkerSettings.of(
                new CommandConfig(List.of("/opt/engine/run", "{input}", "{output_dir}"), InputMode.FILE, Map.of(),
                        new ResourceLimits(4096, 0, 64)),
                60_000, "/shared/campaigns/parser", "/tmp/frontier", 86_400_000, null));
        assertThat(settings.triageConfig()).isEmpty();
        assertThat(settings.timeLimit()).isEqualTo(Duration.ofMinutes(1));
        assertThat(settings.idleLimit()).isEqualTo(Duration.ofDays(1));
        assertThat(settings.campaignDirectory()).isEqualTo(Path.of("/shared/campaigns/parser"));
        assertThat(settings.scratchRoot()).isEqualTo(Path.of("/tmp/frontier"));
        assertThat(decode(new String(WireCodec.encode(settings), StandardCharsets.UTF_8))).isEqualTo(settings);
    }

    @Test
    void unknownMissingAndMistypedFieldsAreRejected() {
        assertThatThrownBy(() -> decode(JSON.replace("\"scratch\"", "\"pollMillis\": 5, \"scratch\"")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("pollMillis");
        assertThatThrownBy(() -> decode(JSON.replace(", \"triage\": null", "")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("triage");
        assertThatThrownBy(() -> decode(JSON.replaceAll(",\\s*\"idleLimitMillis\": 86400000", "")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("idleLimitMillis");
        assertThatThrownBy(() -> decode(JSON.replace("60000", "\"60000\"")))
                .isInstanceOf(MalformedMessageException.class);
        assertThatThrownBy(() -> decode(JSON.replace("\"/tmp/frontier\"", "null")))
                .isInstanceOf(MalformedMessageException.class);
    }

    @Test
    void aCoverageBuildDecodesStrictlyAndRoundTrips() {
        WorkerSettings settings = decode(JSON.replace("\"triage\": null",
                "\"triage\": {\"program\": \"/opt/t/parser.afl\", \"arguments\": [\"-f\", \"@@\"], \"timeoutMillis\": 500}"));

        assertThat(settings.triageConfig()).contains(new TriageConfig("/opt/t/parser.afl", List.of("-f", "@@"), 500));
        assertThat(settings.triage().inputAsFile()).isTrue();
        assertThat(decode(new String(WireCodec.encode(settings), StandardCharsets.UTF_8))).isEqualTo(settings);
        assertThatThrownBy(() -> decode(JSON.replace("\"triage\": null",
                "\"triage\": {\"program\": \"parser.afl\", \"arguments\": [], \"timeoutMillis\": 500}")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("triage program path must be absolute");
        assertThatThrownBy(() -> decode(JSON.replace("\"triage\": null",
                "\"triage\": {\"program\": \"/opt/t/parser.afl\", \"arguments\": [], \"timeoutMillis\": 0}")))
                .isInstanceOf(MalformedMessageException.class).hasMessageContaining("triage timeout must be positive");
    }

    @Test
    void timesMustBePositiveAndPathsAbsoluteNormalizedAndNotTheRoot() {
        assertThatThrownBy(() -> decode(JSON.replace("60000", "0")))
                .hasMessageContaining("worker settings time must be positive").hasMessageContaining("timeLimitMillis");
        assertThatThrownBy(() -> decode(JSON.replace("86400000", "-1"))).hasMessageContaining("idleLimitMillis");
        for (String path : List.of("campaigns/parser", "/shared/../parser", "/", "/shared/./parser")) {
            assertThatThrownBy(() -> decode(JSON.replace("/shared/campaigns/parser", path)))
                    .as(path).hasMessageContaining("worker settings path must be absolute").hasMessageContaining("field=campaign");
        }
        assertThatThrownBy(() -> decode(JSON.replace("/tmp/frontier", "tmp")))
                .hasMessageContaining("field=scratch");
    }

    @Test
    void aHybridCampaignListsEachKindOnceInItsOrder() {
        CommandConfig command = new CommandConfig(List.of("/opt/engine/run", "{input}", "{output_dir}"), InputMode.FILE,
                Map.of(), new ResourceLimits(4096, 0, 64));
        AflConfig afl = new AflConfig("/opt/targets/parser.afl", List.of("@@"), 5, 0, 1000, 0, null, Map.of(),
                new ResourceLimits(0, 0, 64));
        WorkerSettings settings = new WorkerSettings(List.of(afl, command), 60_000, "/shared/c", "/tmp/f", 1000, null);

        assertThat(settings.executorKinds()).containsExactly("afl", "command");
        assertThat(settings.executors()).containsExactly(afl, command);
        assertThatThrownBy(() -> new WorkerSettings(List.of(command, command), 60_000, "/shared/c", "/tmp/f", 1000, null))
                .isInstanceOf(WorkerException.class).hasMessageContaining("one kind twice");
        assertThatThrownBy(() -> new WorkerSettings(List.of(), 60_000, "/shared/c", "/tmp/f", 1000, null))
                .isInstanceOf(WorkerException.class);
    }
}
