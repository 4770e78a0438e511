package io.frontier.tools.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.frontier.store.benchmark.BenchmarkRun;
import io.frontier.store.error.FrontierException;
import io.frontier.store.record.StrictJson;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.campaign.Adoption;
import io.frontier.tools.campaign.CampaignFile;
import io.frontier.tools.campaign.JobSummary;
import io.frontier.tools.campaign.SettingsChangeReport;
import io.frontier.tools.finding.FindingListing;
import io.frontier.tools.manifest.EntryDetail;
import io.frontier.tools.manifest.ManifestListing;
import io.frontier.tools.status.StatusReport;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.triage.TriageConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every fenced {@code json} block in README.md and docs/ is tagged with what it is and decodes
 * with the decoder Frontier itself reads that kind of file or output with (strict: no unknown,
 * missing or mistyped field), so an example cannot drift from the code.
 */
class DocsJsonExamplesTest {

    @TempDir
    Path scratch;

    /** The kinds a tag may name, each with the project's own strict decoder for it. */
    private Map<String, Consumer<byte[]>> decoders() {
        return Map.of(
                "executor", bytes -> WireCodec.decode(bytes, ExecutorConfig.class),
                "triage", bytes -> WireCodec.decode(bytes, TriageConfig.class),
                "campaign", bytes -> WireCodec.decode(bytes, CampaignFile.class),
                "summary", bytes -> JobSummary.read(file("summary-epoch-1.json", bytes)),
                "status", bytes -> strict(bytes, StatusReport.class),
                "manifest-entry", bytes -> strict(bytes, EntryDetail.class),
                "manifest-list", bytes -> strict(bytes, ManifestListing.class),
                "findings", bytes -> strict(bytes, FindingListing.class),
                "adopt", bytes -> strict(bytes, Adoption.Adopted.class),
                "settings-change", bytes -> strict(bytes, SettingsChangeReport.class));
    }

    @Test
    void everyJsonExampleInTheDocumentationIsTaggedAndDecodes() {
        Path root = ProjectTree.root();
        Map<String, Consumer<byte[]>> decoders = decoders();
        List<String> problems = new ArrayList<>();
        int examples = 0;
        for (Path page : ProjectTree.markdownFiles(root)) {
            for (JsonExamples.Example example : JsonExamples.of(page, ProjectTree.read(root.resolve(page)))) {
                examples++;
                if (example.kind() == null || !decoders.containsKey(example.kind())) {
                    problems.add(example.where() + ": a json block needs a tag <!-- json: KIND --> on the line before,"
                            + " KIND one of " + decoders.keySet() + " (was " + example.kind() + ")");
                    continue;
                }
                try {
                    decoders.get(example.kind()).accept(example.json().getBytes(StandardCharsets.UTF_8));
                } catch (RuntimeException e) {
                    problems.add(example.where() + ": does not decode as " + example.kind() + ": " + e.getMessage()
                            + (e instanceof FrontierException f ? " " + f.context() : ""));
                }
            }
        }
        assertThat(examples).as("JSON examples found").isGreaterThan(5);
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    @Test
    void anExampleWithAMisspelledFieldDoesNotDecode() {
        String misspelled = "{\"program\": \"/opt/parser.afl\", \"arguments\": [\"@@\"], \"timeoutMilis\": 1000}";

        assertThatThrownBy(() -> decoders().get("triage").accept(misspelled.getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("does not decode");
    }

    @Test
    void aBlockFindsItsTagAcrossBlankLinesAndAnUntaggedBlockHasNone() {
        String page = "text\n<!-- json: triage -->\n\n```json\n{}\n```\n\n```json\n[]\n```\n";

        List<JsonExamples.Example> examples = JsonExamples.of(Path.of("page.md"), page);

        assertThat(examples).extracting(JsonExamples.Example::kind).containsExactly("triage", null);
        assertThat(examples).extracting(JsonExamples.Example::line).containsExactly(4, 8);
    }

    @Test
    void benchmarkResultsLinesDecodeAsTheBenchmarksWriteThem() {
        Path root = ProjectTree.root();
        for (Path file : ProjectTree.filesUnder(root, BenchmarkPages.RESULTS)) {
            ProjectTree.read(root.resolve(file)).lines().forEach(BenchmarkRun::parse);
        }
    }

    private static <T> T strict(byte[] bytes, Class<T> type) {
        try {
            return StrictJson.mapper().readValue(bytes, type);
        } catch (IOException e) {
            throw new IllegalArgumentException("does not decode: " + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    private Path file(String name, byte[] bytes) {
        try {
            return Files.write(scratch.resolve(name), bytes);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
