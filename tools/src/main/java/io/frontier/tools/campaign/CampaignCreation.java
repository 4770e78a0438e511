package io.frontier.tools.campaign;

import io.frontier.store.error.IoReason;
import io.frontier.store.campaign.CampaignStore;
import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.error.FrontierException;
import io.frontier.store.keyspace.CampaignKeys;
import io.frontier.store.kv.KeyValueStore;
import io.frontier.store.kv.KeyValueStores;
import io.frontier.store.kv.StoreOptions;
import io.frontier.store.kv.StoreUrl;
import io.frontier.store.record.CampaignIdentity;
import io.frontier.store.record.EpochRecord;
import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.WireCodec;
import io.frontier.worker.executor.AflConfig;
import io.frontier.worker.executor.AflSessionConfig;
import io.frontier.worker.executor.ArgumentTemplate;
import io.frontier.worker.executor.CommandConfig;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.executor.SymccConfig;
import io.frontier.worker.rank.WorkerSettings;
import io.frontier.worker.triage.TriageConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates a campaign, for {@code frontier init} and for the first {@code frontier run} of a
 * directory: checks everything it is given, then writes the directory layout and
 * {@code campaign.json}. Nothing is written unless every check passed.
 *
 * <p>Checks: the directory holds no campaign yet; the seed directory exists and holds a seed
 * ({@link SeedCheck}); the executor file
 * decodes strictly (a wrong field is named) and its program is an executable file on this
 * machine (every node must have it at the same path), and a command executor passes the run's
 * output directory to it ({@code {output_dir}}); the triage file, when given, decodes strictly and
 * names an executable; the store URL names a backend, its directory or cluster file exists, and the store holds no campaign of the same name (a campaign
 * is named after its directory, and two directories of one name must not share a store's data).
 */
public final class CampaignCreation {

    /** How long an idle worker waits for its coordinator before it gives up: a week. */
    private static final long WORKER_IDLE_LIMIT_MILLIS = 7L * 24 * 3600 * 1000;

    private CampaignCreation() {
    }

    /**
     * Checks and creates the campaign in {@code directory}; returns its settings. The store is
     * not touched beyond the check: see {@link #initialiseStore}.
     */
    public static CampaignSettings create(CampaignDirectory directory, Path seeds, List<Path> executors,
                                          CreationOptions options) {
        CampaignSettings settings = check(directory, seeds, executors, options);
        directory.create(settings);
        return settings;
    }

    /**
     * Checks everything a new campaign in {@code directory} would be made of and returns its
     * settings, writing nothing: {@link CampaignDirectory#create} then writes them.
     */
    public static CampaignSettings check(CampaignDirectory directory, Path seeds, List<Path> executors,
                                         CreationOptions options) {
        if (directory.exists()) {
            throw new FrontierException("campaign already exists").with("file", directory.settingsFile());
        }
        Path seedDirectory = seeds.toAbsolutePath().normalize();
        if (!Files.isDirectory(seedDirectory)) {
            throw new FrontierException("seed directory does not exist or is not a directory").with("seeds", seedDirectory);
        }
        SeedCheck.requireSeeds(seedDirectory);
        List<ExecutorConfig> executorConfigs = new ArrayList<>();
        for (Path executor : executors) {
            ExecutorConfig config = readConfig(executor, ExecutorConfig.class, "executor");
            requireExecutable(program(config), executor, "executor");
            requireOutputDirectory(config, executor);
            executorConfigs.add(config);
        }
        TriageConfig triage = options.triage == null ? null : readConfig(options.triage, TriageConfig.class, "triage");
        if (triage != null) {
            requireExecutable(Path.of(triage.program()), options.triage, "triage");
        }
        options.policy();
        options.pruning();
        StoreUrl given = StoreUrl.parse(options.store != null ? options.store : directory.defaultStore());
        // Every command and rank must find the same store whatever its working directory.
        StoreUrl url = new StoreUrl(given.backend(), given.path().toAbsolutePath().normalize());
        Path scratch = options.scratch != null ? options.scratch : defaultScratch(directory.path());
        WorkerSettings worker = new WorkerSettings(executorConfigs, options.timeLimitMillis, directory.path().toString(),
                scratch.toAbsolutePath().normalize().toString(), WORKER_IDLE_LIMIT_MILLIS, triage);
        TriageScratch.require(worker);
        CampaignSettings settings = new CampaignSettings(CampaignSettings.SCHEMA,
                directory.path().getFileName().toString(), url.toString(), seedDirectory.toString(),
                options.coordinators, options.leaseMillis, options.claimBatch, options.buckets, options.maxAttempts,
                options.idleWindowMillis, worker, CampaignIdentity.newId());
        // The store's own checks of the configuration (e.g. its bucket limit) run before anything is written.
        settings.storeConfig();
        refuseTakenStore(directory, url, settings);
        return settings;
    }

    /**
     * {@code <tmp>/frontier-scratch/<name>-<8 hex digits of the SHA-256 of its absolute path>}:
     * the workers' directories below it are named by epoch and rank only, so two campaigns
     * running on one machine in the same epoch must not share it, even two of the same name, or
     * a campaign and its copy. Derived from the path the campaign is opened as, not stored, so a
     * copy or a moved campaign gets its own.
     */
    static Path defaultScratch(Path campaign) {
        Path absolute = campaign.toAbsolutePath().normalize();
        String tag = ContentHasher.hash(absolute.toString().getBytes(StandardCharsets.UTF_8)).digest().hex()
                .substring(0, 8);
        return Path.of(System.getProperty("java.io.tmpdir"), "frontier-scratch",
                absolute.getFileName() + "-" + tag);
    }

    /**
     * Creates the campaign in its store in epoch 1, set by {@code job}, with its identity and the
     * policies {@code options} ask for; idempotent for the same settings (returns the stored
     * epoch record).
     */
    public static EpochRecord initialiseStore(CampaignDirectory directory, CampaignSettings settings,
                                              CreationOptions options, String job, double now) {
        try (KeyValueStore kv = KeyValueStores.open(settings.store())) {
            return StoreBinding.initialise(directory, settings,
                    new CampaignStore(kv, CampaignKeys.forCampaign(settings.name())), options, job, now);
        }
    }

    /**
     * A configuration file ({@code what}: executor or triage) decoded strictly, or a failure
     * naming the file and the wrong field.
     */
    static <T> T readConfig(Path file, Class<T> type, String what) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new FrontierException(what + " file cannot be read", e).with("file", file.toAbsolutePath())
                    .with("error", IoReason.of(e));
        }
        try {
            return WireCodec.decode(bytes, type);
        } catch (MalformedMessageException e) {
            throw ConfigFileError.of(what + " file is not a valid " + what + " configuration", file, e);
        }
    }

    static Path program(ExecutorConfig config) {
        if (config instanceof SymccConfig symcc) {
            return Path.of(symcc.target());
        }
        if (config instanceof AflConfig afl) {
            return Path.of(afl.target());
        }
        if (config instanceof AflSessionConfig session) {
            return Path.of(session.target());
        }
        return Path.of(((CommandConfig) config).program());
    }

    /**
     * Refuses a command executor whose arguments lack {@code {output_dir}}: the engine tells the
     * program where to write its new inputs only through that placeholder (the program runs in
     * the output directory's parent, under no variable that names it), so such a program can
     * never yield a child and the campaign would run its seeds and nothing else.
     */
    static void requireOutputDirectory(ExecutorConfig config, Path file) {
        if (config instanceof CommandConfig command && !command.argumentTemplate().uses(ArgumentTemplate.OUTPUT_DIR)) {
            throw new FrontierException("command executor has no {output_dir} argument, so its program cannot know"
                    + " where to write new inputs and the campaign would never get beyond its seeds: add an argument"
                    + " with {output_dir}").with("file", file.toAbsolutePath()).with("command", command.command());
        }
    }

    static void requireExecutable(Path program, Path file, String what) {
        if (!Files.isRegularFile(program) || !Files.isExecutable(program)) {
            throw new FrontierException(what + " program is not an executable file on this machine")
                    .with("program", program).with("file", file.toAbsolutePath());
        }
    }

    /** Fails if the store cannot hold the campaign, or already holds one of its name. */
    private static void refuseTakenStore(CampaignDirectory directory, StoreUrl url, CampaignSettings settings) {
        Path location = url.path();
        if (url.backend() == StoreUrl.Backend.SQLITE) {
            if (!Files.exists(location)) {
                Path parent = location.getParent();
                if (!parent.equals(directory.path()) && !Files.isDirectory(parent)) {
                    throw new FrontierException("store directory does not exist").with("store", url)
                            .with("directory", parent);
                }
                return;
            }
        } else if (!Files.isRegularFile(location)) {
            throw new FrontierException("FoundationDB cluster file does not exist").with("store", url);
        }
        CampaignKeys keys = CampaignKeys.forCampaign(settings.name());
        try (KeyValueStore kv = KeyValueStores.open(url, StoreOptions.DEFAULT)) {
            if (kv.read(tx -> tx.get(keys.config())) != null) {
                throw new FrontierException("store already holds a campaign of this name; name the directory differently")
                        .with("store", url).with("campaign", settings.name());
            }
        }
    }
}
