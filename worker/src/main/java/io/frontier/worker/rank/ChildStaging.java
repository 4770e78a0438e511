package io.frontier.worker.rank;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.HashedContent;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.FindingKind;
import io.frontier.store.wire.Result;
import io.frontier.worker.triage.CoverageProbe;
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
 * they are declared untriaged.
 *
 * <p>Distinct children beyond the limit ({@link Result#MAX_CHILDREN} for a real RESULT) are not
 * staged and are counted as {@link Staged#overLimit()}: one RESULT cannot declare more, and
 * staging files nobody declares would make the stage invalid. Every output counts in {@link Staged#generated()}. Stateless.
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
     * @param probes     children run on the coverage build, each of them when triaging
     * @param probeNanos the time triage took
     */
    record Staged(List<DeclaredChild> children, int generated, int sameAsInput, int overLimit, int probes,
                  long probeNanos) {

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
     * {@code limit} of them, triaged by {@code probe} when one is given.
     *
     * @throws io.frontier.store.error.FrontierException if an output cannot be read or triaged, or
     *     the stage cannot be written; the stage then holds some of the children, and the caller
     *     must not declare it as complete
     */
    static Staged stage(List<Path> outputs, Digest input, StageWriter writer, int limit, Optional<CoverageProbe> probe) {
        return stage(outputs, input, writer, limit, probe, Map.of(), Redundancy.NONE);
    }

    /**
     * As {@link #stage(List, Digest, StageWriter, int, Optional)}, for outputs of which
     * {@code crashes} are known to have crashed the target with the signal given (a fuzzer's
     * saved crashes): such a child is declared a finding even when triage does not reproduce the
     * crash, or without triage, under the signature {@code signal:N}. A triaged child whose
     * coverage {@code redundancy}'s copy of the edge map covers is declared redundant, without its
     * coverage, and is staged only if the coordinator keeps such children now.
     */
    static Staged stage(List<Path> outputs, Digest input, StageWriter writer, int limit, Optional<CoverageProbe> probe,
                        Map<Path, Integer> crashes, Redundancy redundancy) {
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
        for (int index = 0; index < kept.size(); index++) {
            Map.Entry<Digest, HashedOutput> child = kept.get(index);
            Path file = child.getValue().path();
            Integer signal = crashes.get(file);
            int at = index;
            Triage run = triage.map(runs -> runs.get(at)).orElse(null);
            DeclaredChild declared;
            if (run != null && run.finding() == null && signal == null && run.coverage() != null
                    && redundancy.covers(run.coverage())) {
                declared = DeclaredChild.redundant(child.getKey(), child.getValue().size(), redundancy.keep());
            } else if (run != null) {
                declared = new DeclaredChild(child.getKey(), child.getValue().size(), run.coverage(), run.finding());
            } else {
                declared = DeclaredChild.untriaged(child.getKey(), child.getValue().size());
            }
            if (declared.finding() == null && signal != null) {
                declared = new DeclaredChild(declared.digest(), declared.size(), declared.coverage(),
                        new DeclaredFinding(FindingKind.CRASH, signal, "signal:" + signal));
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
        return new Staged(children, outputs.size(), sameAsInput, overLimit, probes, probeNanos);
    }
}
