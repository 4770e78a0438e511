package io.frontier.tools.campaign;

import io.frontier.store.error.FrontierException;
import io.frontier.worker.rank.WorkerSettings;
import java.nio.file.Path;

/**
 * Refuses a triaging campaign whose workers' scratch directory is under {@code /dev}.
 *
 * <p>Why: {@code afl-showmap} (4.04c) writes to an output path that starts with {@code /dev/}
 * as to a device file. Triage hands it a folder of maps inside the worker's scratch directory,
 * so under {@code /dev/shm} every batch fails; each worker's result is then refused and the job
 * ends with every worker quarantined. Checked before a campaign is created and before a job is
 * fenced, so the mistake costs nothing.
 */
public final class TriageScratch {

    private static final Path DEVICES = Path.of("/dev");

    private TriageScratch() {
    }

    /** Throws if {@code worker} triages and its scratch directory is under {@code /dev}. */
    public static void require(WorkerSettings worker) {
        Path scratch = worker.scratchRoot().toAbsolutePath().normalize();
        if (worker.triageConfig().isPresent() && scratch.startsWith(DEVICES)) {
            throw new FrontierException("the workers' scratch directory is under /dev, where afl-showmap, the triage"
                    + " tool, takes every output path for a device and fails; give the campaign a scratch directory"
                    + " elsewhere (--scratch when it is created; the default is under java.io.tmpdir)")
                    .with("scratch", scratch);
        }
    }
}
