package io.frontier.worker.rank;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.session.FeedInput;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.LeftOut;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.SessionSlice;
import io.frontier.worker.executor.AflSessionConfig;
import io.frontier.worker.executor.Execution;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.executor.ExecutorFactory;
import io.frontier.worker.executor.ExitKind;
import io.frontier.worker.executor.process.OutputTail;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Termination;
import io.frontier.worker.rank.ScratchDirectory.RunDirectory;
import io.frontier.worker.session.AflSession;
import io.frontier.worker.session.SliceOutcome;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fuzzing sessions of one worker: at most one AFL++ instance per session kind, of the session
 * its coordinator last sent a slice of, living in the worker's scratch directory for the job.
 *
 * <p>A slice that is {@linkplain SessionSlice#fresh() fresh} ends the instance the worker held
 * and starts a new one from the slice's seeds; any other goes on with the instance of that
 * session. Seeds and imports are corpus objects, copied and verified as an input is; one that
 * does not match its name is reported and left out, never handed to the fuzzer. What the fuzzer
 * saved during the slice becomes the slice's outputs, crashes with the signal AFL++ saw.
 *
 * <p>A slice's execution reports {@link ExitKind#OK} while the fuzzer runs on (the exit kind
 * {@link SessionSlice#FUZZER_RUNNING}); once the fuzzer has ended, {@link ExitKind#CRASH} if a
 * signal ended it, else {@link ExitKind#KILLED}, and the coordinator's next slice starts afresh.
 * Used by the worker's execution thread only.
 */
final class SessionSlices implements AutoCloseable {

    /** The sessions' directory inside the worker's scratch directory. */
    static final String DIRECTORY = "sessions";

    private final Map<String, AflSessionConfig> configs = new HashMap<>();
    private final Path root;
    private final CorpusLayout layout;
    private final ExecutorFactory factory;
    private final PrintStream diagnostics;
    /** The instance this worker holds, by session kind. */
    private final Map<String, Held> held = new HashMap<>();
    private int started;

    /**
     * @param executors the campaign's executors, of which the session kinds are taken
     * @param scratch the worker's scratch directory, which holds the sessions' directories
     * @param factory starts the sessions on this machine
     */
    SessionSlices(List<ExecutorConfig> executors, Path scratch, CorpusLayout layout, ExecutorFactory factory,
                  PrintStream diagnostics) {
        for (ExecutorConfig config : executors) {
            if (config instanceof AflSessionConfig session) {
                configs.put(session.kind(), session);
            }
        }
        this.root = scratch.resolve(DIRECTORY);
        this.layout = layout;
        this.factory = factory;
        this.diagnostics = diagnostics;
    }

    /** Whether the campaign has a session of {@code kind}. */
    boolean runs(String kind) {
        return configs.containsKey(kind);
    }

    /**
     * Runs the slice {@code assign} asks for, its outputs into {@code run}'s output directory, at
     * most {@link Result#MAX_CHILDREN} of them: what is over stays in the fuzzer's queue for the
     * next slice.
     *
     * @throws WorkerException if the slice goes on with an instance this worker does not hold
     * @throws io.frontier.worker.executor.ExecutorException if AFL++ refused to fuzz, or an entry
     *     cannot be copied
     */
    Execution run(Assign assign, RunDirectory run) {
        SessionSlice slice = assign.session();
        String kind = assign.executor();
        Path inputs = run.path().resolve("inputs");
        Held current = held.get(kind);
        if (slice.fresh()) {
            if (current != null) {
                current.instance.close();
            }
            List<Path> seeds = copied(slice.seeds(), inputs, assign);
            if (seeds.isEmpty()) {
                throw new WorkerException("no seed of a new fuzzing session matches its name")
                        .with("work", assign.work()).with("slot", slice.slot()).with("seeds", slice.seeds().size());
            }
            Path directory = root.resolve(kind + "-" + (++started));
            current = new Held(assign.work(), factory.startSession(configs.get(kind), directory, "slot" + slice.slot(),
                    seeds));
            held.put(kind, current);
            diagnostics.printf("frontier worker: session %s slot %d started from %d inputs of the campaign's feed"
                    + " [work=%s, directory=%s]%n", kind, slice.slot(), seeds.size(), assign.work(), directory);
        } else if (current == null || !current.session.equals(assign.work())) {
            throw new WorkerException("slice goes on with a fuzzing session this worker does not hold")
                    .with("work", assign.work()).with("slot", slice.slot())
                    .with("held", current == null ? null : current.session);
        }
        List<Path> imports = copied(slice.imports(), inputs, assign);
        SliceOutcome outcome = current.instance.slice(imports, Duration.ofMillis(slice.millis()), run.outputs(),
                Result.MAX_CHILDREN);
        if (!outcome.alive()) {
            diagnostics.printf("frontier worker: session %s slot %d ended: %s%s [work=%s]%n", kind, slice.slot(),
                    outcome.termination().orElseThrow(),
                    current.instance.abort().map(abort -> ", " + abort.reason()).orElse(""), assign.work());
        }
        return execution(outcome, current.instance.pid());
    }

    /** Ends every instance this worker holds; their directories go with the scratch directory. */
    @Override
    public void close() {
        held.values().forEach(current -> current.instance.close());
        held.clear();
    }

    /**
     * {@code inputs} copied from the corpus into {@code directory}, each verified; one that does
     * not match its name, or cannot be read, is reported and left out.
     */
    private List<Path> copied(List<FeedInput> inputs, Path directory, Assign assign) {
        List<Path> copies = new ArrayList<>(inputs.size());
        if (inputs.isEmpty()) {
            return copies;
        }
        try {
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new WorkerException("directory of a slice's inputs cannot be created", e)
                    .with("path", directory).with("problem", e.toString());
        }
        for (FeedInput input : inputs) {
            Digest digest = input.digest();
            Path copy = directory.resolve(digest.hex());
            if (Files.exists(copy)) {
                continue;
            }
            InputCopy.Copied copied = InputCopy.copy(layout.corpus().resolve(digest.hex()), digest, copy);
            if (copied.verified()) {
                copies.add(copy);
            } else {
                diagnostics.printf("frontier worker: a feed input does not match its name; not handed to the fuzzer"
                        + " [work=%s, input=%s, actual=%s, problem=%s]%n", assign.work(), digest, copied.actual(),
                        copied.problem());
            }
        }
        return copies;
    }

    /**
     * The execution a slice amounts to (see the class comment for its exit kind), with each crash
     * and hang among its outputs ended as AFL++ saw it.
     */
    private static Execution execution(SliceOutcome outcome, long pid) {
        Termination termination = outcome.termination().orElse(new Termination.Exited(0));
        ExitKind kind = outcome.alive() ? ExitKind.OK
                : termination instanceof Termination.Signaled ? ExitKind.CRASH : ExitKind.KILLED;
        OutputTail none = new OutputTail("", 0, false, true);
        return new Execution(kind, termination, false, outcome.wallTime(), pid, ResourceLimits.NONE, none, none,
                outcome.outputs(), LeftOut.NONE, List.of(), false, outcome.ends());
    }

    /** The instance this worker holds of one session kind, and which session's work item it is. */
    private record Held(Digest session, AflSession instance) {
    }
}
