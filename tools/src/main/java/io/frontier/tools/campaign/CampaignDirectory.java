package io.frontier.tools.campaign;

import io.frontier.store.corpus.CorpusLayout;
import io.frontier.store.corpus.fs.DurableFiles;
import io.frontier.store.corpus.fs.Fsync;
import io.frontier.store.error.FrontierException;
import io.frontier.store.wire.MalformedMessageException;
import io.frontier.store.wire.WireCodec;
import java.io.IOException;
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

    /** The default store of a campaign on one machine. */
    public String defaultStore() {
        return "sqlite:" + directory.resolve("store.db");
    }

    /** Reads {@code campaign.json} strictly, or fails naming the file and what is wrong. */
    public CampaignSettings read() {
        Path file = settingsFile();
        if (!Files.isRegularFile(file)) {
            throw new FrontierException("campaign settings not found: create the campaign first")
                    .with("file", file);
        }
        try {
            return WireCodec.decode(Files.readAllBytes(file), CampaignSettings.class);
        } catch (IOException e) {
            throw new FrontierException("campaign settings cannot be read", e).with("file", file);
        } catch (MalformedMessageException e) {
            throw ConfigFileError.of("campaign settings are invalid", file, e);
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
            throw new FrontierException("campaign directory cannot be created", e).with("directory", directory);
        }
        write(files, WireCodec.encode(settings));
    }

    /**
     * Replaces {@code campaign.json} of an existing campaign with {@code encoded} (settings as
     * {@link WireCodec} encodes them), atomically and durably: a temporary file in the campaign
     * directory, fsync, rename over the old file, fsync of the directory. A reader sees the old
     * settings or the new ones, never a mix, and after a crash one of the two.
     */
    public void replace(byte[] encoded) {
        if (!exists()) {
            throw new FrontierException("campaign settings not found: create the campaign first")
                    .with("file", settingsFile());
        }
        write(new DurableFiles(new Fsync()), encoded);
    }

    private void write(DurableFiles files, byte[] encoded) {
        try (var pending = files.create(directory)) {
            pending.write(java.nio.ByteBuffer.wrap(encoded));
            pending.publishAs(SETTINGS);
        }
    }
}
