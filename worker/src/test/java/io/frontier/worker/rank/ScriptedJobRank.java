package io.frontier.worker.rank;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.Digest;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.stage.StageInspector;
import io.frontier.store.corpus.stage.StageRejectedException;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.exploration.Tier;
import io.frontier.store.record.ResultId;
import io.frontier.store.record.Token;
import io.frontier.store.wire.Assign;
import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.Shutdown;
import io.frontier.store.wire.ShutdownAck;
import io.frontier.store.wire.Tags;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.ExecutorFactory;
import io.frontier.worker.fault.FaultPlan;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.MpiLink;
import io.frontier.worker.link.Receiving;
import io.frontier.worker.link.Transport;
import io.frontier.worker.topology.JobTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every rank of a test job under mpirun: rank 0 is a scripted coordinator, the others are real
 * {@link WorkerRank}s reading the fault plan from their environment.
 *
 * <p>The coordinator assigns each seed listed in {@code <directory>/seeds.txt} once, to an idle
 * worker, under epoch 1; it decodes each RESULT (recording one that does not decode as
 * malformed), checks that it answers the assignment active for its sender and that the stage
 * holds exactly the declared children, then sends SHUTDOWN to
 * every worker and collects one ACK from each. It never promotes or requeues. Every rank writes
 * what it saw to {@code <directory>/rank-<rank>.json}.
 *
 * <p>Arguments: the worker settings file and the report directory.
 */
public final class ScriptedJobRank {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long EPOCH = 1;

    /** One RESULT as the scripted coordinator judged it; {@code problem} is empty if it was accepted. */
    public record Answer(int worker, Assign assign, Result result, String problem) {
    }

    /** An answer whose bytes did not decode as a RESULT. */
    public record Malformed(int worker, Assign assign, String problem) {
    }

    /** What the scripted coordinator saw. */
    public record CoordinatorReport(List<Answer> answers, List<Malformed> malformed, List<ShutdownAck> acks) {
    }

    /** What a worker rank's loop returned. */
    public record WorkerReport(int rank, Map<String, Long> figures) {
    }

    private ScriptedJobRank() {
    }

    public static void main(String[] args) throws IOException {
        MpiLink link = MpiLink.initialise(args);
        WorkerSettings settings = WireCodec.decode(Files.readAllBytes(Path.of(args[0])), WorkerSettings.class);
        Path directory = Path.of(args[1]);
        JobTopology topology = new JobTopology(link.size(), 1);
        Object report;
        if (link.rank() == 0) {
            List<Digest> seeds = Files.readAllLines(directory.resolve("seeds.txt")).stream().map(Digest::parse).toList();
            report = coordinate(link, topology, new CorpusLayout(settings.campaignDirectory()), seeds,
                    settings.executorKinds().get(0));
        } else {
            WorkerRank worker = new WorkerRank(link, topology, 1, settings, ExecutorFactory.onThisMachine(),
                    FaultPlan.fromEnvironment(), System.err);
            report = new WorkerReport(link.rank(), worker.run().asMap());
        }
        Files.write(directory.resolve("rank-" + link.rank() + ".json"), WireCodec.encode(report));
        link.barrier();
        link.finish();
    }

    private static CoordinatorReport coordinate(Transport link, JobTopology topology, CorpusLayout layout,
                                                List<Digest> seeds, String executor) {
        Deque<Digest> pending = new ArrayDeque<>(seeds);
        Deque<Integer> idle = new ArrayDeque<>(topology.workersOf(0));
        Map<Integer, Assign> active = new HashMap<>();
        List<Answer> answers = new ArrayList<>();
        List<Malformed> malformed = new ArrayList<>();
        while (!pending.isEmpty() || !active.isEmpty()) {
            while (!pending.isEmpty() && !idle.isEmpty()) {
                int worker = idle.poll();
                Assign assign = new Assign(pending.poll(), Token.random(), ResultId.random(), executor, EPOCH, 1, 1,
                        Tier.NEW_COVERAGE, null);
                link.send(worker, Tags.ASSIGN, WireCodec.encode(assign));
                active.put(worker, assign);
            }
            Envelope message = Receiving.receiveOrFail(link, Transport.ANY_SOURCE, Tags.RESULT, WAIT);
            Assign assign = active.remove(message.source());
            if (assign == null) {
                throw new IllegalStateException("RESULT from rank " + message.source() + " without an assignment");
            }
            try {
                Result result = WireCodec.decode(message.payload(), Result.class);
                answers.add(new Answer(message.source(), assign, result, problemWith(message.source(), assign, result, layout)));
            } catch (MalformedMessageException e) {
                malformed.add(new Malformed(message.source(), assign, e.getMessage()));
            }
            idle.add(message.source());
        }
        byte[] shutdown = WireCodec.encode(new Shutdown(0));
        for (int worker : topology.workersOf(0)) {
            link.send(worker, Tags.SHUTDOWN, shutdown);
        }
        List<ShutdownAck> acks = new ArrayList<>();
        for (int i = 0; i < topology.workersOf(0).size(); i++) {
            Envelope ack = Receiving.receiveOrFail(link, Transport.ANY_SOURCE, Tags.SHUTDOWN_ACK, WAIT);
            acks.add(WireCodec.decode(ack.payload(), ShutdownAck.class));
        }
        return new CoordinatorReport(answers, malformed, acks);
    }

    /** Why the coordinator would reject {@code result} from {@code worker}, or empty. */
    private static String problemWith(int worker, Assign assign, Result result, CorpusLayout layout) {
        if (!result.work().equals(assign.work()) || !result.token().equals(assign.token())
                || !result.result().equals(assign.result()) || !result.input().equals(assign.work())) {
            return "does not answer its assignment";
        }
        List<StagedChild> declared = result.children().stream()
                .map(child -> new StagedChild(child.digest(), child.size())).toList();
        try {
            new StageInspector(layout).inspect(new StageLocation(EPOCH, worker, assign.result().hex()), declared);
        } catch (StageRejectedException e) {
            return "stage rejected: " + e.getMessage();
        }
        return "";
    }
}
