package io.frontier.worker.link;

import io.frontier.store.wire.WireCodec;
import io.frontier.worker.link.LinkCheckMessage.Ping;
import io.frontier.worker.link.LinkCheckMessage.Pong;
import io.frontier.worker.link.LinkCheckMessage.RankReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs the link check as a real MPI job and judges what every rank reported: each worker rank
 * received exactly one ping from rank 0, and rank 0 received from every worker exactly one pong
 * that echoes the same nonce. Proves that mpirun, the JNI library, the Java bindings and the
 * message codec work together on this machine.
 */
public final class LinkCheck {

    /** The whole job may take this long beyond the per-message wait before it is killed. */
    private static final Duration JOB_GRACE = Duration.ofSeconds(60);

    private final MpiJobLauncher launcher;
    private final String classpath;

    public LinkCheck(MpiJobLauncher launcher, String classpath) {
        this.launcher = launcher;
        this.classpath = classpath;
    }

    /** The verdict: the job's exit code, what each rank reported, and every problem found. */
    public record Outcome(int exitCode, List<RankReport> reports, List<String> problems, Duration elapsed,
                          Path log) {
        public boolean passed() {
            return exitCode == 0 && problems.isEmpty();
        }
    }

    /** Runs {@code ranks} ranks with their reports and log in {@code directory}. */
    public Outcome run(int ranks, Path directory, Duration messageTimeout) throws IOException {
        if (ranks < 2) {
            throw new IllegalArgumentException("the link check needs at least 2 ranks, got " + ranks);
        }
        Files.createDirectories(directory);
        Path log = directory.resolve("mpirun.log");
        MpiJobSpec spec = new MpiJobSpec(ranks, classpath, MpiJobSpec.RANK_JVM_OPTIONS,
                LinkCheckRank.class.getName(),
                List.of(directory.toString(), Long.toString(messageTimeout.toMillis())), java.util.Map.of());
        long started = System.nanoTime();
        Process job = launcher.start(spec, directory, log);
        int exitCode = awaitJob(job, messageTimeout.plus(JOB_GRACE));
        Duration elapsed = Duration.ofNanos(System.nanoTime() - started);
        List<String> problems = new ArrayList<>();
        if (exitCode != 0) {
            problems.add("mpirun exited with " + exitCode + " (see " + log + ")");
        }
        List<RankReport> reports = readReports(ranks, directory, problems);
        judge(ranks, reports, problems);
        return new Outcome(exitCode, reports, List.copyOf(problems), elapsed, log);
    }

    /** Every problem with the reports that {@code ranks} ranks left in {@code directory}. */
    public static List<String> judge(int ranks, Path directory) {
        List<String> problems = new ArrayList<>();
        judge(ranks, readReports(ranks, directory, problems), problems);
        return problems;
    }

    private static int awaitJob(Process job, Duration limit) {
        try {
            if (job.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                return job.exitValue();
            }
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
            job.waitFor(10, TimeUnit.SECONDS);
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly();
            throw new LinkException("interrupted while waiting for the MPI job", e);
        }
    }

    private static List<RankReport> readReports(int ranks, Path directory, List<String> problems) {
        List<RankReport> reports = new ArrayList<>();
        for (int rank = 0; rank < ranks; rank++) {
            Path file = directory.resolve("rank-" + rank + ".json");
            if (!Files.isRegularFile(file)) {
                problems.add("rank " + rank + " wrote no report " + file.getFileName());
                continue;
            }
            try {
                reports.add(WireCodec.decode(Files.readAllBytes(file), RankReport.class));
            } catch (IOException | RuntimeException e) {
                problems.add("rank " + rank + " report " + file.getFileName() + " is unreadable: " + e.getMessage());
            }
        }
        return reports;
    }

    private static void judge(int ranks, List<RankReport> reports, List<String> problems) {
        RankReport root = reports.stream().filter(r -> r.rank() == 0).findFirst().orElse(null);
        if (root == null) {
            return;
        }
        Set<Long> nonces = new HashSet<>();
        Set<Integer> answered = new HashSet<>();
        for (Pong pong : root.pongs()) {
            nonces.add(pong.nonce());
            if (pong.to() != 0 || !answered.add(pong.from())) {
                problems.add("rank 0 received an unexpected or repeated pong " + pong);
            }
        }
        for (int worker = 1; worker < ranks; worker++) {
            if (!answered.contains(worker)) {
                problems.add("rank 0 received no pong from rank " + worker);
            }
        }
        if (nonces.size() > 1) {
            problems.add("the pongs echo different nonces " + nonces);
        }
        for (RankReport report : reports) {
            if (report.size() != ranks) {
                problems.add("rank " + report.rank() + " saw a job of " + report.size() + " ranks, expected " + ranks);
            }
            if (report.rank() == 0) {
                continue;
            }
            List<Ping> pings = report.pings();
            if (pings.size() != 1 || pings.get(0).to() != report.rank() || pings.get(0).from() != 0
                    || !nonces.contains(pings.get(0).nonce())) {
                problems.add("rank " + report.rank() + " received " + pings + " instead of one ping from rank 0");
            }
        }
    }
}
