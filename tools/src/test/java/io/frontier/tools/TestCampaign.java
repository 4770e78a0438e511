package io.frontier.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.frontier.coordinator.commit.Checkpoints;
import io.frontier.coordinator.commit.CommitOutcome;
import io.frontier.coordinator.commit.EntryFinisher;
import io.frontier.coordinator.commit.OpenCommit;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.CommitTicket;
import io.frontier.store.campaign.CommittingEntry;
import io.frontier.store.campaign.Lease;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.ObjectDirectory;
import io.frontier.store.corpus.StageLocation;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.corpus.stage.StageWriter;
import io.frontier.store.corpus.stage.StagedChild;
import io.frontier.store.coverage.Coverage;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.manifest.ManifestEntry;
import io.frontier.store.record.FindingRecord;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.view.FindingGroup;
import io.frontier.store.view.FindingsView;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.FindingKind;
import io.frontier.store.wire.WireCodec;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.JobSummary;
import io.frontier.tools.campaign.WorkersBusy;
import io.frontier.worker.executor.testing.FileContractTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A campaign for one test, created with {@code frontier init} in a temporary directory and then
 * driven through {@link CampaignStore} as coordinators drive it, without MPI: seeds published and
 * admitted, items claimed, children staged and committed, entries finished by the coordinator's
 * {@link EntryFinisher}. Times are this machine's clock, so lease ages are real.
 */
public final class TestCampaign implements AutoCloseable {

    public static final Owner ALICE = Owner.of("epoch-1/rank-0");
    public static final Owner BOB = Owner.of("epoch-1/rank-1");
    /** The worker rank whose stage tree children are written to. */
    public static final int WORKER = 3;
    public static final double TTL = 30.0;
    /** The name of the one file {@link #prepare} writes into the seed directory. */
    public static final String SEED_FILE = "seed";

    public final Path root;
    public final Path directory;
    public final Path seeds;
    public final Path executor;
    public final CorpusLayout layout;
    public final DurableFiles files = new DurableFiles(new Fsync());
    public final ObjectDirectory corpus;
    public final KeyValueStore kv;
    public final CampaignStore store;
    public long epoch;

    private TestCampaign(Path root) {
        this.root = root;
        this.directory = root.resolve("campaign");
        this.seeds = root.resolve("seeds");
        this.executor = root.resolve("executor.json");
        this.layout = new CorpusLayout(directory);
        this.corpus = new ObjectDirectory(layout.corpus(), files);
        this.kv = KeyValueStores.open("sqlite:" + directory.resolve("store.db"));
        this.store = new CampaignStore(kv, CampaignKeys.forCampaign("campaign"));
        this.epoch = store.epoch().epoch();
    }

    /**
     * Writes a seed directory holding one seed file, {@link #SEED_FILE}, and an executor file under
     * {@code root}, for {@code frontier init} (which refuses a seed directory without a seed). No
     * job runs here, so that seed is never admitted; tests admit their own with {@link #seed}.
     */
    public static void prepare(Path root) {
        try {
            Files.writeString(Files.createDirectories(root.resolve("seeds")).resolve(SEED_FILE), "the seed file\n");
            Path target = FileContractTarget.install(root.resolve("bin"));
            Files.write(root.resolve("executor.json"), WireCodec.encode(FileContractTarget.command(target, List.of())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Opens the campaign {@code <root>/campaign} that {@code frontier init} (and maybe jobs) made. */
    public static TestCampaign open(Path root) {
        return new TestCampaign(root);
    }

    /** Prepares {@code root} and creates {@code <root>/campaign} with {@code frontier init}. */
    public static TestCampaign create(Path root, String... options) {
        prepare(root);
        List<String> args = new ArrayList<>(List.of("init", root.resolve("campaign").toString(),
                "--seeds", root.resolve("seeds").toString(), "--executor", root.resolve("executor.json").toString(),
                "--scratch", root.resolve("scratch").toString()));
        args.addAll(List.of(options));
        CommandRun init = CommandRun.of(args.toArray(String[]::new));
        assertThat(init.exitCode()).as(init.toString()).isZero();
        return new TestCampaign(root);
    }

    public static double now() {
        return System.currentTimeMillis() / 1000.0;
    }

    public static byte[] bytes(String content) {
        return content.getBytes(StandardCharsets.UTF_8);
    }

    public static Digest idOf(String content) {
        return Digest.parse(ContentHasher.hash(bytes(content)).digest().hex());
    }

    /** Publishes {@code content} into the corpus and admits it as a seed. */
    public Digest seed(String content) {
        corpus.publish(bytes(content));
        return store.admitSeed(epoch, new WorkPayload(idOf(content), bytes(content).length)).record().id();
    }

    /** Claims every pending item for {@code owner}, by id. */
    public Map<Digest, WorkRecord> claimAll(Owner owner) {
        Map<Digest, WorkRecord> claimed = new LinkedHashMap<>();
        while (true) {
            List<WorkRecord> granted = store.claim(epoch, owner, Set.of(), CampaignStore.MAX_CLAIM, now(), TTL).granted();
            if (granted.isEmpty()) {
                return claimed;
            }
            granted.forEach(record -> claimed.put(record.id(), record));
        }
    }

    /** Seeds {@code content}, claims every pending item for {@code owner}, and returns its record. */
    public WorkRecord leased(String content, Owner owner) {
        Digest id = seed(content);
        WorkRecord record = claimAll(owner).get(id);
        assertThat(record).as("claimed %s", content).isNotNull();
        return record;
    }

    /**
     * One child as a worker declares it: its bytes and what running it once more showed.
     *
     * @param coverage what it reached, or null as in a campaign that does not triage
     * @param finding how it crashed or hung the target, or null
     */
    public record Declared(String content, Coverage coverage, DeclaredFinding finding) {

        /** A child of a campaign that does not triage: it joins the frontier whenever it is new. */
        public static Declared untriaged(String content) {
            return new Declared(content, null, null);
        }

        /** A child that reached {@code edges}, each hit once. */
        public static Declared covering(String content, int... edges) {
            return new Declared(content, Coverage.of(IntStream.of(edges).map(edge -> Coverage.tuple(edge, 1)).toArray()),
                    null);
        }

        /** A child that made the target crash or hang as {@code finding} says, having reached edge 0. */
        public static Declared finding(String content, DeclaredFinding finding) {
            return new Declared(content, Coverage.of(new int[] {Coverage.tuple(0, 1)}), finding);
        }
    }

    /**
     * Stages {@code children} for the leased {@code record}, as a worker does, and takes the
     * commit decision; returns the entry, still open.
     */
    public ManifestEntry commit(WorkRecord record, String... children) {
        return commit(record, "command", null, Stream.of(children).map(Declared::untriaged).toArray(Declared[]::new))
                .entry();
    }

    /**
     * Stages {@code children} for the leased {@code record} and takes the commit decision, as a
     * coordinator does with the RESULT of an execution by {@code executor} in which the executed
     * input itself crashed or hung as {@code own} says (null: it did not). The decision triages the
     * children and records the findings; the entry is left open.
     */
    public CommitTicket commit(WorkRecord record, String executor, DeclaredFinding own, Declared... children) {
        ResultId result = ResultId.random();
        StageLocation location = new StageLocation(epoch, WORKER, result.hex());
        StageWriter writer = new StageWriter(layout, location, files);
        List<DeclaredChild> declared = new ArrayList<>();
        for (Declared child : children) {
            StagedChild staged = writer.stage(bytes(child.content()));
            declared.add(new DeclaredChild(staged.digest(), staged.size(), child.coverage(), child.finding()));
        }
        CommitRequest request = new CommitRequest(new Lease(record.id(), record.token()), result,
                CorpusLayout.stageName(location), declared, new Execution(executor, "ok", 0, false, 5, false), own);
        return store.beginCommit(epoch, request, now());
    }

    /** Finishes the open entry of {@code work} as the commit chain or replay does. */
    public CommitOutcome finish(Digest work) {
        CommittingEntry committing = store.listCommitting(null, CampaignStore.MAX_CLAIM).entries().stream()
                .filter(entry -> entry.work().id().equals(work)).findFirst().orElseThrow();
        return new EntryFinisher(store, layout, files, Checkpoints.NONE).finish(epoch, OpenCommit.of(committing), now());
    }

    /**
     * Seeds, claims (with every other pending item), commits and finishes {@code content} with
     * {@code children}; returns the entry.
     */
    public ManifestEntry done(String content, String... children) {
        ManifestEntry entry = commit(leased(content, ALICE), children);
        assertThat(finish(entry.work())).isInstanceOf(CommitOutcome.Committed.class);
        return entry;
    }

    /**
     * Commits the leased {@code parent} with one child, {@code content}, that made the target
     * crash or hang under {@code signature} in an execution by {@code executor}, and finishes the
     * entry: the commit decision records the finding and counts it, the finisher promotes its
     * bytes into the corpus. Returns the finding record as the store holds it (an earlier one if
     * the input was recorded under the signature before).
     */
    public FindingRecord finding(WorkRecord parent, String content, String signature, FindingKind kind, int signal,
                                 String executor) {
        commit(parent, executor, null, Declared.finding(content, new DeclaredFinding(kind, signal, signature)));
        assertThat(finish(parent.id())).isInstanceOf(CommitOutcome.Committed.class);
        Digest input = idOf(content);
        return new FindingsView(kv, store.keys()).list().groups().stream()
                .filter(group -> group.signature().equals(signature)).map(FindingGroup::inputs).flatMap(List::stream)
                .filter(record -> record.input().equals(input)).findFirst().orElseThrow();
    }

    /** Moves the campaign to the next epoch on behalf of {@code job}, as resume or run does. */
    public long nextEpoch(String job) {
        epoch = store.bumpEpoch(epoch, job, now()).epoch();
        return epoch;
    }

    /**
     * Writes the summary root leaves when the job of {@code epoch} ends, with {@code coordinators}'
     * figures by rank.
     */
    public void writeSummary(long epoch, Map<Integer, Map<String, Long>> coordinators) {
        writeSummary(epoch, coordinators, Map.of());
    }

    /**
     * Writes the summary root leaves when the job of {@code epoch} ends, with {@code coordinators}'
     * and {@code workers}' figures by rank.
     */
    public void writeSummary(long epoch, Map<Integer, Map<String, Long>> coordinators,
                             Map<Integer, Map<String, Long>> workers) {
        Map<String, Long> totals = new TreeMap<>();
        coordinators.values().forEach(figures -> figures.forEach((name, value) -> totals.merge(name, value, Long::sum)));
        JobSummary summary = new JobSummary(epoch, 1000, "COMMITTED", 0, null, List.of(), new TreeMap<>(coordinators),
                new TreeMap<>(workers), WorkersBusy.of(workers), List.of(), List.of(), totals, Map.of());
        try {
            Files.write(JobSummary.file(new CampaignDirectory(directory), epoch), new ObjectMapper().writeValueAsBytes(summary));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where the object named by {@code content}'s digest lives in the corpus. */
    public Path object(String content) {
        return layout.corpus().resolve(idOf(content).hex());
    }

    /** Inverts one bit of the first byte of {@code file}, in place. */
    public static void flipFirstByte(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer one = ByteBuffer.allocate(1);
            channel.read(one, 0);
            one.put(0, (byte) (one.get(0) ^ 1));
            one.rewind();
            channel.write(one, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code frontier <args...>} with this campaign's directory after the command words. */
    public CommandRun cli(String command, String... rest) {
        List<String> args = new ArrayList<>(List.of(command.split(" ")));
        args.add(directory.toString());
        args.addAll(List.of(rest));
        return CommandRun.of(args.toArray(String[]::new));
    }

    @Override
    public void close() {
        kv.close();
    }
}
