package io.frontier.worker.rank;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.HashedContent;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Result;
import io.frontier.worker.executor.OutputEnd;
import io.frontier.worker.triage.CoverageProbe;
import io.frontier.worker.triage.ObservedFinding;
import io.frontier.worker.triage.Triage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Turns the outputs of one execution into the children of its RESULT: hashes every output
 * (streaming), keeps one output per digest in the order found, drops outputs equal to the input
 * (executing an input again finds nothing new), and stages each remaining child durably. With a
 * coverage probe, the children are first run on the coverage build, once each and in batches
 * ({@link CoverageProbe#probeAll}), and declared with their coverage and finding; without one
 * they are declared untriaged. A child the engine kept because it made the target crash or hang
 * ({@link io.frontier.worker.executor.Execution#outputEnds()}) is declared a finding either way:
 * with the coverage build's finding when it shows one, else with the one the engine's
 * observation gives ({@link ObservedFinding}).
 *
 * <p>Distinct children beyond the limit ({@link Result#MAX_CHILDREN} for a real RESULT, as many as
 * an execution's listing takes, so none for a real one) are not staged and are counted as
 * {@link Staged#overLimit()}: one RESULT cannot declare more, and staging files nobody declares
 * would make the stage invalid. Findings beyond {@link Result#MAX_FINDINGS} are declared without
 * their finding ({@link Staged#findingsDeferred()}): they run as work, and their own run makes
 * them findings. Every output counts in {@link Staged#generated()}. Stateless.
 */
final class ChildStaging {

    /** An output of the execution with the size its hash counted. */
    private record HashedOutput(Path path, long size) {
    }

    private ChildStaging() {
    }

    /**
     * The children of one result, as declared.
     *
     * @param children   the distinct children staged, in the order first found
     * @param generated  every output, duplicates and outputs equal to the input included
     * @param sameAsInput outputs equal to the input, dropped
     * @param overLimit  distinct children not staged because the RESULT was full
     * @param findingsDeferred children that crashed or hung, declared without their finding
     *                   because the RESULT holds as many findings as one decision records
     * @param probes     children run on the coverage build, each of them when triaging
     * @param probeNanos the time triage took
     */
    record Staged(List<DeclaredChild> children, int generated, int sameAsInput, int overLimit, int findingsDeferred,
                  int probes, long probeNanos) {

        /** The children judged redundant by the worker's copy of the edge map, staged or not. */
        long redundant() {
            return children.stream().filter(DeclaredChild::redundant).count();
        }

        Staged {
            children = List.copyOf(children);
        }
    }

    /**
     * Stages the children among {@code outputs} of an execution of {@code input}, at most
     * {@code limit} of them, triaged by {@code probe} when one is given; {@code ends} says which
     * outputs the engine kept because they made the target crash or hang.
     *
     * @throws io.frontier.store.error.FrontierException if an output cannot be read or triaged, or
     *     the stage cannot be written; the stage then holds some of the children, and the caller
     *     must not declare it as complete
     */
    static Staged stage(List<Path> outputs, Map<Path, OutputEnd> ends, Digest input, StageWriter writer, int limit,
                        Optional<CoverageProbe> probe) {
        return stage(outputs, ends, input, writer, limit, probe, Redundancy.NONE);
    }

    /**
     * As {@link #stage(List, Map, Digest, StageWriter, int, Optional)}; a triaged child that is no
     * finding and whose coverage {@code redundancy}'s copy of the edge map covers is declared
     * redundant, without its coverage, and is staged only if the coordinator keeps such children
     * now.
     */
    static Staged stage(List<Path> outputs, Map<Path, OutputEnd> ends, Digest input, StageWriter writer, int limit,
                        Optional<CoverageProbe> probe, Redundancy redundancy) {
        Digest inputDigest = input;
        Map<Digest, HashedOutput> distinct = new LinkedHashMap<>();
        int sameAsInput = 0;
        for (Path output : outputs) {
            HashedContent content = ContentHasher.hashFile(output);
            if (content.digest().equals(inputDigest)) {
                sameAsInput++;
            } else {
                distinct.putIfAbsent(content.digest(), new HashedOutput(output, content.size()));
            }
        }
        int overLimit = Math.max(0, distinct.size() - limit);
        List<Map.Entry<Digest, HashedOutput>> kept =
                List.copyOf(distinct.entrySet()).subList(0, distinct.size() - overLimit);
        List<Path> keptFiles = kept.stream().map(child -> child.getValue().path()).toList();
        long probeStarted = System.nanoTime();
        Optional<List<Triage>> triage = probe.map(coverage -> coverage.probeAll(keptFiles));
        long probeNanos = triage.isPresent() ? System.nanoTime() - probeStarted : 0;
        List<DeclaredChild> children = new ArrayList<>();
        List<Path> toStage = new ArrayList<>();
        int findings = 0;
        int deferred = 0;
        for (int index = 0; index < kept.size(); index++) {
            Map.Entry<Digest, HashedOutput> child = kept.get(index);
            Path file = child.getValue().path();
            int at = index;
            Triage run = triage.map(runs -> runs.get(at)).orElse(null);
            DeclaredFinding finding = Optional.ofNullable(run).map(Triage::finding)
                    .or(() -> Optional.ofNullable(ends.get(file))
                            .flatMap(end -> ObservedFinding.of(end.kind(), end.signal(), "")))
                    .orElse(null);
            if (finding != null && findings == Result.MAX_FINDINGS) {
                finding = null;
                deferred++;
            } else if (finding != null) {
                findings++;
            }
            DeclaredChild declared;
            if (run != null && finding == null && !ends.containsKey(file) && run.coverage() != null
                    && redundancy.covers(run.coverage())) {
                declared = DeclaredChild.redundant(child.getKey(), child.getValue().size(), redundancy.keep());
            } else {
                declared = new DeclaredChild(child.getKey(), child.getValue().size(),
                        run == null ? null : run.coverage(), finding);
            }
            if (declared.staged()) {
                toStage.add(file);
            }
            children.add(declared);
        }
        List<StagedChild> stagedChildren = writer.stageAll(toStage);
        int next = 0;
        for (DeclaredChild declared : children) {
            if (!declared.staged()) {
                continue;
            }
            StagedChild staged = stagedChildren.get(next);
            Path file = toStage.get(next++);
            if (!staged.digest().equals(declared.digest())) {
                // Only a process that escaped the target's process group can change an output now.
                throw new WorkerException("an output changed while it was staged")
                        .with("path", file).with("expected", declared.digest()).with("actual", staged.digest());
            }
        }
        int probes = triage.map(List::size).orElse(0);
        return new Staged(children, outputs.size(), sameAsInput, overLimit, deferred, probes, probeNanos);
    }
}
