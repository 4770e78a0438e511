package io.frontier.tools.campaign;

import io.frontier.store.corpus.ContentHasher;
import io.frontier.store.error.FrontierException;
import io.frontier.worker.executor.ExecutorConfig;
import io.frontier.worker.rank.WorkerSettings;
import io.frontier.worker.triage.TriageConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The changes {@code frontier campaign set} may make to an existing campaign's settings, checked
 * as strictly as at creation, and the account of each as one line for the store's record.
 *
 * <p>Only changes that keep the campaign's results comparable are offered: a new seed
 * directory (what was admitted stays), an executor of a kind the campaign already has (a
 * rebuilt target, a new path), a new triage program for a campaign that triages, a longer time
 * limit, and the note that a program was rebuilt in place. Everything else is refused by
 * {@link #refuse}, with the reason.
 */
public final class SettingsEdit {

    private CampaignSettings settings;
    private final List<String> changes = new ArrayList<>();

    public SettingsEdit(CampaignSettings current) {
        this.settings = current;
    }

    /** The settings with every change applied so far. */
    public CampaignSettings settings() {
        return settings;
    }

    /** One line per change that made a difference, in the order they were applied. */
    public List<String> changes() {
        return List.copyOf(changes);
    }

    /**
     * Root scans {@code seeds} from the next job on. Files already admitted stay in the corpus
     * (admission is by content), so nothing is lost by leaving the old directory.
     */
    public void seeds(Path seeds) {
        Path directory = seeds.toAbsolutePath().normalize();
        if (!Files.isDirectory(directory)) {
            throw new FrontierException("seed directory does not exist or is not a directory").with("seeds", directory);
        }
        if (directory.toString().equals(settings.seeds())) {
            return;
        }
        changes.add("seeds " + settings.seeds() + " -> " + directory);
        settings = withSeeds(settings, directory.toString());
    }

    /**
     * Replaces the campaign's executor of the kind {@code file} describes, e.g. after a target
     * was rebuilt at another path. A kind the campaign does not have is refused: queued inputs
     * name the kind that found them, and which kind runs them next follows from the campaign's kinds.
     */
    public void executor(Path file) {
        ExecutorConfig replacement = CampaignCreation.readConfig(file, ExecutorConfig.class, "executor");
        List<String> kinds = settings.worker().executorKinds();
        int index = kinds.indexOf(replacement.kind());
        if (index < 0) {
            throw new FrontierException("the campaign has no executor of this kind; an executor kind cannot be added,"
                    + " removed or changed after creation (queued inputs name the kind that found them, and the kind"
                    + " that runs them next follows from the campaign's kinds): create a new campaign for another kind")
                    .with("file", file.toAbsolutePath()).with("kind", replacement.kind()).with("campaignKinds", kinds);
        }
        Path program = CampaignCreation.program(replacement);
        CampaignCreation.requireExecutable(program, file, "executor");
        CampaignCreation.requireOutputDirectory(replacement, file);
        if (replacement.equals(settings.worker().executors().get(index))) {
            return;
        }
        List<ExecutorConfig> executors = new ArrayList<>(settings.worker().executors());
        executors.set(index, replacement);
        changes.add("executor " + replacement.kind() + " replaced from " + file.toAbsolutePath().normalize()
                + ", program " + program + " sha256 " + sha256(program));
        settings = withWorker(settings, executors, settings.worker().timeLimitMillis(), settings.worker().triage());
    }

    /**
     * Replaces the triage program of a campaign that triages. A campaign without triage cannot
     * start triaging: the children it already kept carry no coverage, so its coverage and
     * findings would silently cover only part of the corpus.
     */
    public void triage(Path file) {
        if (settings.worker().triage() == null) {
            throw new FrontierException("the campaign was created without triage, and triage cannot be added later:"
                    + " the children kept so far carry no coverage and were never checked for findings")
                    .with("file", file.toAbsolutePath());
        }
        TriageConfig replacement = CampaignCreation.readConfig(file, TriageConfig.class, "triage");
        Path program = Path.of(replacement.program());
        CampaignCreation.requireExecutable(program, file, "triage");
        if (replacement.equals(settings.worker().triage())) {
            return;
        }
        changes.add("triage replaced from " + file.toAbsolutePath().normalize() + ", program " + program
                + " sha256 " + sha256(program));
        settings = withWorker(settings, settings.worker().executors(), settings.worker().timeLimitMillis(), replacement);
    }

    /**
     * A longer limit for one execution. A shorter one is refused: inputs that ran to the end under
     * the old limit would count as hangs under the new one, so one campaign's results would be
     * judged by two rules.
     */
    public void timeLimit(long millis) {
        long current = settings.worker().timeLimitMillis();
        if (millis < current) {
            throw new FrontierException("the time limit can only grow: inputs that finished under the current limit"
                    + " would count as hangs under a shorter one").with("timeLimitMillis", current)
                    .with("requested", millis);
        }
        if (millis == current) {
            return;
        }
        changes.add("timeLimitMillis " + current + " -> " + millis);
        settings = withWorker(settings, settings.worker().executors(), millis, settings.worker().triage());
    }

    /**
     * Records that the program of the executor of kind {@code what}, or of triage when
     * {@code what} is {@code triage}, was rebuilt at the same path: nothing in the settings
     * changes, but the store's record says from which job on results come from the new build
     * (by its SHA-256).
     */
    public void rebuilt(String what) {
        Path program;
        if ("triage".equals(what)) {
            TriageConfig triage = settings.worker().triage();
            if (triage == null) {
                throw new FrontierException("the campaign has no triage program").with("rebuilt", what);
            }
            program = Path.of(triage.program());
        } else {
            int index = settings.worker().executorKinds().indexOf(what);
            if (index < 0) {
                throw new FrontierException("the campaign has no executor of this kind")
                        .with("rebuilt", what).with("campaignKinds", settings.worker().executorKinds());
            }
            program = CampaignCreation.program(settings.worker().executors().get(index));
        }
        if (!Files.isRegularFile(program) || !Files.isExecutable(program)) {
            throw new FrontierException("rebuilt program is not an executable file on this machine")
                    .with("rebuilt", what).with("program", program);
        }
        changes.add(what + " program rebuilt in place: " + program + " sha256 " + sha256(program));
    }

    /**
     * Refuses a change that is not offered: {@code option} and why it is unsafe, as the error
     * says to the user.
     */
    public static FrontierException refuse(String option, String reason) {
        return new FrontierException(option + " cannot be changed on an existing campaign: " + reason)
                .with("option", option);
    }

    private static String sha256(Path program) {
        return ContentHasher.hashFile(program).digest().hex();
    }

    private static CampaignSettings withSeeds(CampaignSettings s, String seeds) {
        return new CampaignSettings(s.schema(), s.name(), s.store(), seeds, s.coordinators(), s.leaseMillis(),
                s.claimBatch(), s.buckets(), s.maxAttempts(), s.idleWindowMillis(), s.worker(), s.id());
    }

    private static CampaignSettings withWorker(CampaignSettings s, List<ExecutorConfig> executors, long timeLimitMillis,
                                               TriageConfig triage) {
        WorkerSettings w = s.worker();
        WorkerSettings worker = new WorkerSettings(executors, timeLimitMillis, w.campaign(), w.scratch(),
                w.idleLimitMillis(), triage);
        return new CampaignSettings(s.schema(), s.name(), s.store(), s.seeds(), s.coordinators(), s.leaseMillis(),
                s.claimBatch(), s.buckets(), s.maxAttempts(), s.idleWindowMillis(), worker, s.id());
    }
}
