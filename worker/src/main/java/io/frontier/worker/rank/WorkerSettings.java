package io.frontier.worker.rank;

import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.triage.TriageConfig;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a worker rank needs to run, as JSON inside the campaign's settings. Every field is
 * required ({@code triage} may be null); the record checks its values when constructed, so a bad
 * file fails when it is read (decode it with {@link io.frontier.store.wire.WireCodec}, which also
 * refuses unknown fields).
 *
 * <pre>
 * {"executors": [{"type": "command", "command": ["/opt/engine/run", "{input}", "{output_dir}"], "input": "file",
 *                 "environment": {}, "limits": {"addressSpaceMiB": 4096, "cpuSeconds": 0, "fileSizeMiB": 64}}],
 *  "timeLimitMillis": 60000, "campaign": "/shared/campaigns/parser", "scratch": "/tmp/frontier",
 *  "idleLimitMillis": 86400000,
 *  "triage": {"program": "/opt/targets/parser.afl", "arguments": ["@@"], "timeoutMillis": 1000}}
 * </pre>
 *
 * <p>Resource limits are those of each executor's {@code limits}: one place, so a worker cannot
 * run under limits other than the ones the configuration shows.
 *
 * <p>A hybrid campaign lists several executors (e.g. SymCC and AFL++): every worker holds all of
 * them, and each ASSIGN names the kind to run, so no worker waits for work of its own kind while
 * another kind's work is queued. Every node must therefore have every executor's programs.
 *
 * @param executors       how to run the target, with its resource limits: 1 to {@link #MAX_EXECUTORS}
 *                        executors, no kind twice
 * @param timeLimitMillis wall time one execution may take before its process group is killed
 * @param campaign        the campaign directory on the shared filesystem, the same absolute path
 *                        on every node: the worker reads {@code corpus/} and writes its stages
 * @param scratch         an absolute directory for private working files, on a local disk if
 *                        possible; each worker rank uses
 *                        {@code <scratch>/epoch-<epoch>/rank-<global rank>}
 * @param idleLimitMillis the longest wait for a message from the coordinator; past it the worker
 *                        gives up with an error instead of waiting forever for a coordinator
 *                        that is gone. Idle waits are normal: make it far longer than any
 *                        execution, and than the coordinators' termination deadlines.
 * @param triage          the coverage build every child (and every input that crashed or hung
 *                        under the executor) runs on once, or null when the campaign does not
 *                        triage: children then carry no coverage and no finding
 */
public record WorkerSettings(List<ExecutorConfig> executors, long timeLimitMillis, String campaign, String scratch,
                             long idleLimitMillis, TriageConfig triage) {

    /** Executors one campaign may combine. */
    public static final int MAX_EXECUTORS = 8;

    public WorkerSettings {
        if (executors == null || executors.isEmpty() || executors.stream().anyMatch(Objects::isNull)) {
            throw new WorkerException("worker settings field is missing").with("field", "executors");
        }
        executors = List.copyOf(executors);
        List<String> kinds = executors.stream().map(ExecutorConfig::kind).toList();
        if (executors.size() > MAX_EXECUTORS || kinds.stream().distinct().count() != kinds.size()) {
            throw new WorkerException("worker settings list more executors than allowed or one kind twice")
                    .with("kinds", kinds).with("max", MAX_EXECUTORS);
        }
        requirePositive("timeLimitMillis", timeLimitMillis);
        requirePositive("idleLimitMillis", idleLimitMillis);
        requireAbsolute("campaign", campaign);
        requireAbsolute("scratch", scratch);
    }

    /** A single-executor campaign's settings. */
    public static WorkerSettings of(ExecutorConfig executor, long timeLimitMillis, String campaign, String scratch,
                                    long idleLimitMillis, TriageConfig triage) {
        return new WorkerSettings(List.of(executor), timeLimitMillis, campaign, scratch, idleLimitMillis, triage);
    }

    /** The executors' kinds, in the order listed: a seed runs on the first. */
    public List<String> executorKinds() {
        return executors.stream().map(ExecutorConfig::kind).toList();
    }

    /** {@link #triage}, when the campaign triages. */
    public Optional<TriageConfig> triageConfig() {
        return Optional.ofNullable(triage);
    }

    /** {@link #timeLimitMillis} as a duration. */
    public Duration timeLimit() {
        return Duration.ofMillis(timeLimitMillis);
    }

    /** {@link #idleLimitMillis} as a duration. */
    public Duration idleLimit() {
        return Duration.ofMillis(idleLimitMillis);
    }

    /** {@link #campaign} as a path. */
    public Path campaignDirectory() {
        return Path.of(campaign);
    }

    /** {@link #scratch} as a path. */
    public Path scratchRoot() {
        return Path.of(scratch);
    }

    private static void requirePositive(String field, long millis) {
        if (millis <= 0) {
            throw new WorkerException("worker settings time must be positive").with("field", field).with("value", millis);
        }
    }

    private static void requireAbsolute(String field, String path) {
        if (path == null) {
            throw new WorkerException("worker settings field is missing").with("field", field);
        }
        try {
            Path parsed = Path.of(path);
            if (!parsed.isAbsolute() || !parsed.normalize().equals(parsed) || parsed.getParent() == null) {
                throw new WorkerException("worker settings path must be absolute and normalized, not the root")
                        .with("field", field).with("path", path);
            }
        } catch (InvalidPathException e) {
            throw new WorkerException("worker settings path is invalid", e).with("field", field).with("path", path);
        }
    }
}
