package io.frontier.coordinator;

import io.frontier.coordinator.assignment.ActiveAssignment;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.campaign.ClaimResult;
import io.frontier.store.campaign.CommitRequest;
import io.frontier.store.campaign.Counts;
import io.frontier.store.campaign.ItemResult;
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
import io.frontier.store.keyspace.Counter;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.exploration.ExplorationPolicy;
import io.frontier.store.pruning.PruningPolicy;
import io.frontier.store.record.CampaignConfig;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.Owner;
import io.frontier.store.record.ResultId;
import io.frontier.store.corpus.Digest;
import io.frontier.store.record.WorkPayload;
import io.frontier.store.record.WorkRecord;
import io.frontier.store.wire.DeclaredChild;
import io.frontier.store.wire.DeclaredFinding;
import io.frontier.store.wire.Execution;
import io.frontier.store.wire.Result;
import io.frontier.store.wire.WireCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * A real campaign for one test: an SQLite store and a corpus in a temporary directory, plus the
 * steps a worker takes (staging children, answering RESULT), so coordinator code can be driven
 * end to end without MPI.
 */
public final class CampaignFixture implements AutoCloseable {

    public static final double T0 = 1_000_000.0;
    public static final double TTL = 30.0;
    public static final Owner ALICE = Owner.of("job-1/rank-0");
    public static final Owner BOB = Owner.of("job-1/rank-1");
    public static final int WORKER = 3;
    /** The executor kind every assignment of these tests names, and every RESULT of theirs. */
    public static final String EXECUTOR = "command";
    /** Three attempts, so an abandoned item goes back to pending. */
    public static final CampaignConfig CONFIG = CampaignConfig.of("coordinator-test", 4, 3);

    public final CorpusLayout layout;
    public final DurableFiles files = new DurableFiles(new Fsync());
    public final ObjectDirectory corpus;
    public final CampaignStore store;
    /** The key-value store under {@link #store}, for tests that damage it or watch its reads. */
    public final KeyValueStore kv;
    public long epoch;

    /** A campaign created before shared pruning maps: a map per worker. */
    public CampaignFixture(Path campaign) {
        this(campaign, null);
    }

    /** A campaign created with {@code pruning} as its pruning policy (null: none, a map per worker). */
    public CampaignFixture(Path campaign, PruningPolicy pruning) {
        this(campaign, null, pruning);
    }

    /**
     * A campaign created with {@code exploration} as its exploration policy (null: none, as before
     * tiers) and {@code pruning} as its pruning policy (null: none, a map per worker).
     */
    public CampaignFixture(Path campaign, ExplorationPolicy exploration, PruningPolicy pruning) {
        this(campaign, exploration, pruning, List.of());
    }

    /** As {@link #CampaignFixture(Path, ExplorationPolicy, PruningPolicy)}, for a job running {@code kinds}. */
    public CampaignFixture(Path campaign, ExplorationPolicy exploration, PruningPolicy pruning, List<String> kinds) {
        layout = new CorpusLayout(campaign);
        layout.createCorpus(files);
        corpus = new ObjectDirectory(layout.corpus(), files);
        kv = KeyValueStores.open("sqlite:" + campaign.resolve("campaign.db"));
        store = new CampaignStore(kv, CampaignKeys.forCampaign("test"), kinds);
        epoch = exploration == null && pruning == null ? store.init(CONFIG, "job-1", T0).epoch()
                : store.init(CONFIG, CampaignIdentity.of(CampaignIdentity.newId(), null), exploration, pruning, "job-1",
                        T0).epoch();
    }

    /** The bytes of a made-up input named {@code name}. */
    public static byte[] bytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }

    /** The work id of {@code bytes}. */
    public static Digest idOf(byte[] bytes) {
        return ContentHasher.hash(bytes).digest();
    }

    public static Digest idOf(String name) {
        return idOf(bytes(name));
    }

    /** Publishes {@code name} into the corpus and admits it as a seed. */
    public Digest seed(String name) {
        byte[] content = bytes(name);
        corpus.publish(content);
        return store.admitSeed(epoch, new WorkPayload(idOf(content), content.length)).record().id();
    }

    /** Seeds {@code name} and claims it for {@link #ALICE}; nothing else may be pending. */
    public WorkRecord seedAndClaim(String name) {
        Digest work = seed(name);
        ClaimResult claim = store.claim(epoch, ALICE, Set.of(), 1, T0, TTL);
        if (claim.granted().size() != 1 || !claim.granted().get(0).id().equals(work)) {
            throw new IllegalStateException("fixture expected to claim exactly " + work);
        }
        return claim.granted().get(0);
    }

    /** Seeds and claims {@code name} and assigns it to {@link #WORKER}. */
    public ActiveAssignment assigned(String name) {
        return ActiveAssignment.issue(seedAndClaim(name), epoch, WORKER, EXECUTOR, T0);
    }

    /**
     * Admits, claims and takes the commit decision for each of {@code names} at {@code now}, with
     * no children and a stage named in this epoch's tree, without writing any stage.
     */
    public void commitWithoutChildren(List<String> names, double now) {
        List<WorkPayload> payloads = names.stream()
                .map(name -> new WorkPayload(idOf(name), bytes(name).length))
                .toList();
        store.admit(epoch, payloads).forEach(ItemResult::orThrow);
        List<WorkRecord> leased = new ArrayList<>();
        while (leased.size() < names.size()) {
            leased.addAll(store.claim(epoch, ALICE, Set.of(), CampaignStore.MAX_CLAIM, now, TTL).granted());
        }
        List<CommitRequest> requests = leased.stream().map(record -> {
            ResultId result = ResultId.random();
            String stage = CorpusLayout.stageName(new StageLocation(epoch, 9, result.hex()));
            return new CommitRequest(new Lease(record.id(), record.token()), result, stage, List.of(),
                    new Execution(EXECUTOR, "ok", 0, false, 10, false), null);
        }).toList();
        store.beginCommits(epoch, requests, now).forEach(ItemResult::orThrow);
    }

    /** Stores {@code value} under {@code key} past every check: a damaged store. */
    public void plant(byte[] key, byte[] value) {
        kv.run(tx -> {
            tx.set(key, value);
            return null;
        });
    }

    /** The raw value under {@code key}, or null. */
    public byte[] stored(byte[] key) {
        return kv.read(tx -> tx.get(key));
    }

    /** Cuts the end off the stored work record of {@code name}, so that it cannot be decoded. */
    public void truncateRecord(String name) {
        byte[] key = store.keys().work(idOf(name));
        byte[] value = stored(key);
        plant(key, Arrays.copyOf(value, value.length - 9));
    }

    /** What a worker does: stages {@code children} for {@code assignment} and declares them. */
    public List<DeclaredChild> stage(ActiveAssignment assignment, String... children) {
        StageWriter writer = new StageWriter(layout, assignment.stage(), files);
        List<DeclaredChild> declared = new ArrayList<>();
        for (String child : children) {
            StagedChild staged = writer.stage(bytes(child));
            declared.add(DeclaredChild.untriaged(staged.digest(), staged.size()));
        }
        return declared;
    }

    /**
     * {@code child} as a worker that also ran it on a coverage build declares it: it reached
     * {@code coverage}, and made the target crash or hang as {@code finding} says (null if not).
     */
    public static DeclaredChild triaged(DeclaredChild child, Coverage coverage, DeclaredFinding finding) {
        return new DeclaredChild(child.digest(), child.size(), coverage, finding);
    }

    /** The RESULT a correct worker sends for {@code assignment} with {@code children}. */
    public static Result result(ActiveAssignment assignment, List<DeclaredChild> children) {
        return new Result(assignment.work(), assignment.token(), assignment.result(), assignment.work(), children,
                children.size(), new Execution(assignment.executor(), "ok", 0, false, 5, false), null, null);
    }

    /** Stages {@code children} and encodes the RESULT a correct worker sends. */
    public byte[] workerAnswers(ActiveAssignment assignment, String... children) {
        return WireCodec.encode(result(assignment, stage(assignment, children)));
    }

    public Path stageOf(ActiveAssignment assignment) {
        return layout.stage(assignment.stage());
    }

    public Path corpusPathOf(String name) {
        return corpus.pathOf(idOf(name));
    }

    /** The names of the public corpus, sorted. */
    public Set<String> corpusNames() {
        try (Stream<Path> entries = Files.list(layout.corpus())) {
            return entries.map(path -> path.getFileName().toString()).collect(TreeSet::new, Set::add, Set::addAll);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The stage trees ({@code .stage-<epoch>}) in the campaign directory, sorted. */
    public Set<String> stageTrees() {
        try (Stream<Path> entries = Files.list(layout.campaign())) {
            return entries.map(path -> path.getFileName().toString())
                    .filter(name -> name.startsWith(CorpusLayout.STAGE_PREFIX))
                    .collect(TreeSet::new, Set::add, Set::addAll);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What must be equal after an interrupted and replayed commit and an uninterrupted one: for
     * each of {@code names}, its work state, parent and attempts (absent: "unknown"), the
     * corpus names, and the state counters.
     */
    public String endState(String... names) {
        TreeMap<String, String> works = new TreeMap<>();
        for (String name : names) {
            WorkRecord record = store.work(idOf(name));
            works.put(name, record == null ? "unknown" : record.state().wireName() + " parent="
                    + (record.parent() == null ? "none" : record.parent().hex().substring(0, 8))
                    + " attempts=" + record.attempts());
        }
        Counts counts = store.counts();
        StringBuilder counters = new StringBuilder();
        for (Counter counter : Counter.values()) {
            counters.append(counter).append('=').append(counts.get(counter)).append(' ');
        }
        return works + "\ncorpus=" + corpusNames() + "\n" + counters;
    }

    /** Fences this job off as {@code resume} would, and continues as the next job. */
    public long nextJob(String job, double now) {
        epoch = store.bumpEpoch(epoch, job, now).epoch();
        return epoch;
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

    @Override
    public void close() {
        kv.close();
    }
}
