package io.frontier.worker.rank;

import io.frontier.store.error.IoReason;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.FileTrees;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.exploration.Tier;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.Execution;
import io.frontier.worker.executor.Executor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * One assignment played through on a made-up input before the real ones come.
 *
 * <p>A worker's first assignment costs several times a later one: classes load, Jackson builds
 * its serializers, the JDK starts its process launcher and the runner its group-kill shell. On a
 * 2-core machine the first execution of each worker ended about 0.3 s late and its RESULT left
 * 0.3 s after that, while the worker had spent the 0.8 s before its first ASSIGN waiting for root
 * (replay, the corpus audit, the first slice of seeds). So the worker plays the same steps once
 * while it would wait: decode an ASSIGN, copy and verify the input, run an executor through the
 * runner the real one uses, hash and durably stage its output, encode the RESULT.
 *
 * <p>The executor is the rehearsal one ({@link io.frontier.worker.executor.ExecutorFactory#rehearsal}),
 * never the target: a target may be slow, or count its runs. Everything happens inside
 * {@link #DIRECTORY} of the worker's scratch directory and one run directory there, both removed
 * before {@link #run} returns; nothing is sent and nothing in the campaign directory is touched.
 */
final class Rehearsal {

    /** The rehearsal's own corpus and stage, inside the worker's scratch directory. */
    static final String DIRECTORY = "rehearsal";
    /** Bound on the rehearsal execution; it runs the shell once. */
    static final Duration TIME_LIMIT = Duration.ofSeconds(10);

    private static final byte[] INPUT = "frontier rehearsal input\n".getBytes(StandardCharsets.US_ASCII);

    private Rehearsal() {
    }

    /**
     * Plays one assignment of the job of {@code epoch} on worker {@code rank}; returns the RESULT
     * it would have sent.
     *
     * @throws io.frontier.store.error.FrontierException when a step fails; the same step of the
     *     first real assignment then meets and answers the failure
     */
    static Result run(ScratchDirectory scratch, Executor executor, long epoch, int rank, DurableFiles files) {
        Path home = scratch.directory().resolve(DIRECTORY);
        Result result;
        try {
            result = play(scratch, executor, epoch, rank, files, new CorpusLayout(home));
        } catch (RuntimeException failure) {
            try {
                FileTrees.delete(home);
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
            throw failure;
        }
        try {
            FileTrees.delete(home);
        } catch (IOException e) {
            throw new WorkerException("rehearsal directory cannot be removed", e).with("path", home)
                    .with("problem", IoReason.of(e));
        }
        return result;
    }

    private static Result play(ScratchDirectory scratch, Executor executor, long epoch, int rank, DurableFiles files,
                               CorpusLayout layout) {
        Digest input = ContentHasher.hash(INPUT).digest();
        Path object = layout.corpus().resolve(input.hex());
        try {
            Files.createDirectories(layout.corpus());
            Files.write(object, INPUT);
        } catch (IOException e) {
            throw new WorkerException("rehearsal input cannot be written", e).with("path", object)
                    .with("problem", IoReason.of(e));
        }
        Assign assign = WireCodec.decode(
                WireCodec.encode(new Assign(input, Token.random(), ResultId.random(), executor.name(), epoch, 1, 1,
                        Tier.NEW_COVERAGE, null)), Assign.class);
        ScratchDirectory.RunDirectory run = scratch.newRun(assign.result());
        try {
            InputCopy.Copied copied = InputCopy.copy(object, input, run.input());
            if (!copied.verified()) {
                throw new WorkerException("rehearsal input does not match its name")
                        .with("path", object).with("actual", copied.actual()).with("problem", copied.problem());
            }
            Execution execution = executor.run(run.input(), run.outputs(), TIME_LIMIT);
            StageWriter writer = new StageWriter(layout, new StageLocation(epoch, rank, assign.result().hex()), files);
            ChildStaging.Staged staged = ChildStaging.stage(execution.outputs(), execution.outputEnds(), input, writer,
                    Result.MAX_CHILDREN, Optional.empty());
            Result result = Answers.executed(assign, staged, executor.name(), execution, null, null);
            // Encoded once, as the real RESULT is, so that its serializer exists before it is needed.
            WireCodec.encode(result);
            return result;
        } finally {
            scratch.removeRun(assign.result());
        }
    }
}
