package io.frontier.tools.campaign;

import io.frontier.store.error.IoReason;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.error.FrontierException;
import io.frontier.store.error.IoReason;
import io.frontier.store.kv.StoreUrl;
import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.WireCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A campaign's directory on the shared filesystem: {@code campaign.json}, {@code corpus/}, the
 * stage trees, the embedded store by default, and {@code reports/}.
 */
public final class CampaignDirectory {

    /** The settings file's name inside the campaign directory. */
    public static final String SETTINGS = "campaign.json";
    /** Where jobs leave their summaries. */
    public static final String REPORTS = "reports";

    /** Reads a settings file's schema before it is decoded strictly as the layout it names. */
    private static final ObjectMapper PEEK = new ObjectMapper();

    private final Path directory;

    public CampaignDirectory(Path directory) {
        this.directory = directory.toAbsolutePath().normalize();
    }

    public Path path() {
        return directory;
    }

    public Path settingsFile() {
        return directory.resolve(SETTINGS);
    }

    public boolean exists() {
        return Files.isRegularFile(settingsFile());
    }

    public CorpusLayout layout() {
        return new CorpusLayout(directory);
    }

    public Path reports() {
        return directory.resolve(REPORTS);
    }

    /** True if {@code settings}' store is a file inside this directory, so that a copy of it has its own. */
    public boolean holdsStore(CampaignSettings settings) {
        StoreUrl url = StoreUrl.parse(settings.store());
        return url.backend() == StoreUrl.Backend.SQLITE && url.path().toAbsolutePath().normalize().startsWith(directory);
    }

    /** The default store of a campaign on one machine. */
    public String defaultStore() {
        return "sqlite:" + directory.resolve("store.db");
    }

    /**
     * Reads {@code campaign.json} strictly and resolves its relative paths against this
     * directory, or fails naming the file and what is wrong. A file written by an older Frontier
     * (absolute paths, no id) is read as it is only in the directory those paths name: in a copy
     * or a moved campaign they would name the original's store and corpus.
     */
    public CampaignSettings read() {
        CampaignSettings settings = readAsWritten();
        if (settings.legacy() && !isHome(settings.worker().campaignDirectory())) {
            throw new FrontierException("campaign.json was written by an older Frontier with absolute paths into"
                    + " another directory, so this directory is a copy or was moved: run `frontier campaign adopt "
                    + directory + "` to give it paths relative to itself and an identity of its own")
                    .with("file", settingsFile()).with("recordedDirectory", settings.worker().campaignDirectory());
        }
        return settings;
    }

    /**
     * {@link #read} without its check that a legacy file names this directory: what adoption
     * starts from.
     */
    public CampaignSettings readAsWritten() {
        return readFile(settingsFile());
    }

    /** {@code file}, a settings file of this directory, read strictly as {@link #readAsWritten} does. */
    CampaignSettings readFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new FrontierException("campaign settings not found: create the campaign first")
                    .with("file", file);
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new FrontierException("campaign settings cannot be read", e).with("file", file)
                    .with("problem", IoReason.of(e));
        }
        try {
            if (legacyLayout(bytes)) {
                // The legacy layout is the resolved one without an id.
                ObjectNode legacy = (ObjectNode) PEEK.readTree(bytes);
                legacy.putNull("id");
                return WireCodec.decode(PEEK.writeValueAsBytes(legacy), CampaignSettings.class);
            }
            return WireCodec.decode(bytes, CampaignFile.class).resolve(directory);
        } catch (IOException e) {
            throw new FrontierException("campaign settings cannot be read", e).with("file", file)
                    .with("problem", e.getMessage().lines().findFirst().orElse(""));
        } catch (MalformedMessageException e) {
            throw ConfigFileError.of("campaign settings are invalid", file, e);
        } catch (FrontierException e) {
            FrontierException invalid = new FrontierException("campaign settings are invalid", e).with("file", file)
                    .with("problem", e.reason());
            e.context().forEach(invalid::with);
            throw invalid;
        }
    }

    /**
     * True if {@code bytes} are a settings file in the layout of an older Frontier (schema 1 and
     * no id). Bytes that are not JSON at all are not: the strict decoder then says where and why.
     */
    private static boolean legacyLayout(byte[] bytes) {
        try {
            JsonNode tree = PEEK.readTree(bytes);
            return tree instanceof ObjectNode object && object.path("schema").asInt() == CampaignSettings.LEGACY_SCHEMA
                    && !object.has("id");
        } catch (IOException e) {
            return false;
        }
    }

    /** True if {@code recorded} is this directory, whatever path leads to it. */
    boolean isHome(Path recorded) {
        try {
            return Files.isSameFile(recorded, directory);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Creates the directory layout and writes {@code campaign.json} durably. Fails if the file
     * exists: settings are written once.
     */
    public void create(CampaignSettings settings) {
        if (exists()) {
            throw new FrontierException("campaign already exists").with("file", settingsFile());
        }
        DurableFiles files = new DurableFiles(new Fsync());
        try {
            Files.createDirectories(directory);
            layout().createCorpus(files);
            Files.createDirectories(reports());
        } catch (IOException e) {
            FrontierException failure = new FrontierException("campaign directory cannot be created", e)
                    .with("directory", directory);
            if (e instanceof FileSystemException system && system.getFile() != null
                    && !system.getFile().equals(directory.toString())) {
                failure.with("at", system.getFile());
            }
            throw failure.with("problem", IoReason.of(e));
        }
        write(files, settings, SETTINGS);
    }

    /** What {@code campaign.json} holds for {@code settings}: paths inside this directory relative to it. */
    public byte[] encode(CampaignSettings settings) {
        return WireCodec.encode(CampaignFile.of(settings, directory));
    }

    /**
     * Replaces {@code campaign.json} of an existing campaign with {@code encoded} (what
     * {@link #encode} gives), atomically and durably: a temporary file in the campaign directory,
     * fsync, rename over the old file, fsync of the directory. A reader sees the old settings or
     * the new ones, never a mix, and after a crash one of the two.
     */
    public void replace(byte[] encoded) {
        if (!exists()) {
            throw new FrontierException("campaign settings not found: create the campaign first")
                    .with("file", settingsFile());
        }
        write(new DurableFiles(new Fsync()), encoded, SETTINGS);
    }

    /**
     * Writes {@code settings} durably as {@code name} in this directory, replacing a file of that
     * name, with the paths inside it relative to it.
     */
    Path write(DurableFiles files, CampaignSettings settings, String name) {
        return write(files, encode(settings), name);
    }

    private Path write(DurableFiles files, byte[] encoded, String name) {
        try (var pending = files.create(directory)) {
            pending.write(ByteBuffer.wrap(encoded));
            return pending.publishAs(name);
        }
    }
}
