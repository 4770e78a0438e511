package io.frontier.tools.status;

import io.frontier.store.error.IoReason;
import io.frontier.coordinator.liveness.JobLiveness;
import io.frontier.store.campaign.Counts;
import io.frontier.store.corpus.Digest;
import io.frontier.store.error.FrontierException;
import io.frontier.store.exploration.Tier;
import io.frontier.store.keyspace.Counter;
import io.frontier.store.record.EpochRecord;
import io.frontier.store.record.JobHeartbeat;
import io.frontier.store.view.EdgeMapSummary;
import io.frontier.store.view.ExecutorTallies;
import io.frontier.store.wire.ExecutorKind;
import io.frontier.store.view.Loads;
import io.frontier.store.view.PruningMapSummary;
import io.frontier.tools.HumanFormat;
import io.frontier.tools.JsonOption;
import io.frontier.tools.TextTable;
import io.frontier.tools.campaign.CampaignDirectory;
import io.frontier.tools.campaign.JobName;
import io.frontier.tools.campaign.JobSummary;
import io.frontier.tools.campaign.OpenCampaign;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code frontier status}: the campaign's state counts, tiers, epoch, progress, corpus, edges,
 * children and how many were redundant (per executor kind too), pruning map, findings, load per
 * coordinator and last job.
 */
@Command(name = "status", header = "Show where a campaign stands: items, tiers, edges, children and load.",
        description = "Reads the store's counters, epoch, edge map, pruning map, per-coordinator load and per-executor"
                + " counts with snapshot reads, counts the public corpus, and shows the per-coordinator figures and the"
                + " workers' busy fractions of the latest job summary in reports/. Safe to run while a job runs.",
        mixinStandardHelpOptions = true)
public final class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JsonOption json;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "The campaign directory.")
    Path campaign;

    @Override
    public Integer call() {
        StatusReport report;
        try (OpenCampaign open = OpenCampaign.open(campaign)) {
            report = report(open);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.enabled()) {
            JsonOption.print(out, report);
        } else {
            print(out, report);
            report.notes().forEach(note -> spec.commandLine().getErr().println("note: " + note));
            spec.commandLine().getErr().flush();
        }
        return 0;
    }

    private static StatusReport report(OpenCampaign open) {
        EpochRecord epoch = open.store().epoch();
        Counts counts = open.store().counts();
        CampaignDirectory directory = open.directory();
        List<String> notes = new ArrayList<>();
        StatusReport.LastJob lastJob = lastJob(directory, notes);
        if (!JobName.isInit(epoch.job()) && (lastJob == null || lastJob.epoch() != epoch.epoch())) {
            notes.add("epoch " + epoch.epoch() + " has no job summary yet: its job is running, or ended without"
                    + " one (killed); `frontier resume` fences it and carries on");
        }
        EdgeMapSummary edgeMap = open.edgeMap().read();
        edgeMap.blocked().forEach(blocked -> notes.add("edge map shard left out, it cannot be read: "
                + blocked.problem().getMessage()));
        PruningMapSummary pruningMap = open.pruningMap().read();
        pruningMap.blocked().forEach(blocked -> notes.add("pruning map shard left out, it cannot be read: "
                + blocked.problem().getMessage()));
        Loads loads = open.loads().read();
        loads.blocked().forEach(blocked -> notes.add("coordinator load left out, it cannot be read: "
                + blocked.problem().getMessage()));
        ExecutorTallies tallies = open.executorTallies().read();
        tallies.blocked().forEach(blocked -> notes.add("executor count left out, it cannot be read: "
                + blocked.problem().getMessage()));
        long done = counts.get(Counter.DONE);
        long known = counts.get(Counter.PENDING) + counts.get(Counter.LEASED) + counts.get(Counter.COMMITTING) + done
                + counts.get(Counter.ABANDONED);
        return new StatusReport(open.settings().name(), directory.path().toString(), open.settings().store(),
                new StatusReport.Epoch(epoch.epoch(), epoch.job(), HumanFormat.instant(epoch.changedAt())),
                heartbeat(epoch, open.store().heartbeat()),
                new StatusReport.States(counts.get(Counter.PENDING), counts.get(Counter.LEASED),
                        counts.get(Counter.COMMITTING), done, counts.get(Counter.ABANDONED), counts.get(Counter.SESSIONS),
                        open.settings().worker().executorKinds().stream().anyMatch(kind -> !ExecutorKind.isSession(kind))),
                StatusReport.Tiers.of(counts, open.store().exploration()),
                new StatusReport.Results(counts.get(Counter.REJECTED), counts.get(Counter.INVALID)),
                new StatusReport.Progress(done, known, known == 0 ? 0.0 : 100.0 * done / known),
                corpusObjects(directory.layout().corpus()), new StatusReport.Edges(edgeMap.edges(), edgeMap.tuples()),
                StatusReport.Children.of(tallies.total()), StatusReport.LeftOut.of(counts),
                new StatusReport.Pruning(open.store().pruningPolicy().sharing().wireName(), pruningMap.map().bitCount()),
                counts.get(Counter.FINDINGS), new StatusReport.Load(loads.total(), loads.loads().stream()
                        .map(load -> new StatusReport.CoordinatorLoad(load.owner().name(), load.executions())).toList()),
                StatusReport.Executors.of(tallies), lastJob, notes);
    }

    /** The current epoch's job's last beat with its age and what it says, or null if that job never beat. */
    private static StatusReport.Heartbeat heartbeat(EpochRecord epoch, JobHeartbeat beat) {
        if (beat == null || beat.epoch() != epoch.epoch()) {
            return null;
        }
        double now = System.currentTimeMillis() / 1000.0;
        JobLiveness liveness = JobLiveness.judge(epoch, beat, now);
        String judgement = liveness instanceof JobLiveness.Ended ? "ended"
                : liveness instanceof JobLiveness.MaybeAlive ? "running" : "presumed dead";
        return new StatusReport.Heartbeat(beat.job(), beat.host(), beat.pid(), beat.workers(), beat.phase().name(),
                HumanFormat.instant(beat.at()), Math.round((now - beat.at()) * 10) / 10.0, beat.intervalMillis(),
                judgement);
    }

    /** The latest job summary, or null; an unreadable one becomes a note. */
    private static StatusReport.LastJob lastJob(CampaignDirectory directory, List<String> notes) {
        Optional<Path> file = JobSummary.latest(directory);
        if (file.isEmpty()) {
            return null;
        }
        try {
            JobSummary summary = JobSummary.read(file.get());
            return new StatusReport.LastJob(summary.epoch(), file.get().toString(), summary.wallMillis(), summary.ending(),
                    summary.exitCode(),
                    summary.reason(), new TreeMap<>(summary.coordinators()), new TreeMap<>(summary.totals()),
                    summary.busy());
        } catch (FrontierException e) {
            notes.add(e.getMessage());
            return null;
        }
    }

    /** Entries of the corpus directory named as objects. */
    private static long corpusObjects(Path corpus) {
        long objects = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(corpus)) {
            for (Path entry : entries) {
                if (Digest.isValid(entry.getFileName().toString())) {
                    objects++;
                }
            }
        } catch (IOException e) {
            throw new FrontierException("corpus directory cannot be listed", e).with("directory", corpus)
                    .with("error", IoReason.of(e));
        }
        return objects;
    }

    private static void print(PrintWriter out, StatusReport report) {
        StatusReport.States states = report.states();
        StatusReport.Progress progress = report.progress();
        out.printf("campaign  %s (%s)%n", report.campaign(), report.directory());
        out.printf("store     %s%n", report.store());
        out.printf("epoch     %d, set %s by %s%n", report.epoch().number(), report.epoch().changedAt(), report.epoch().job());
        StatusReport.Heartbeat beat = report.heartbeat();
        if (beat != null) {
            out.printf(Locale.ROOT, "job       %s: %s on %s pid %d, %d workers, last beat %.1f s ago (%s, every %.1f s)%n",
                    beat.judgement(), beat.phase(), beat.host(), beat.pid(), beat.workers(), beat.ageSeconds(), beat.at(),
                    beat.intervalMillis() / 1000.0);
        }
        out.printf("items     pending %d, leased %d, committing %d, done %d, abandoned %d%s%n", states.pending(),
                states.leased(), states.committing(), states.done(), states.abandoned(), states.inputsRun() ? ""
                        : " (the seeds: no executor of this campaign runs inputs one at a time; its fuzzers import them)");
        if (states.sessions() > 0) {
            out.printf("sessions  %d fuzzing sessions, run slice by slice until a job's budget or a stop (not counted"
                    + " in items; each slice is one execution of its executor below)%n", states.sessions());
        }
        StatusReport.Tiers tiers = report.tiers();
        out.printf("tiers     pending in %d %s %d, %d %s %d, %d %s %d, %d %s %d; tiers 1 to 3 hold %d bytes"
                        + " (exploration %s)%n", Tier.NEW_COVERAGE, Tier.name(Tier.NEW_COVERAGE), tiers.newCoverage(),
                Tier.REDUNDANT, Tier.name(Tier.REDUNDANT), tiers.redundant(), Tier.RETRY, Tier.name(Tier.RETRY),
                tiers.retry(), Tier.REPEAT, Tier.name(Tier.REPEAT), tiers.repeat(), tiers.lowerTierBytes(),
                tiers.exploration());
        out.printf("results   invalid %d (kept and retried %d)%n", report.results().invalid(), report.results().rejected());
        out.printf(Locale.ROOT, "progress  %d of %d items done (%.1f%%)%n", progress.done(), progress.known(),
                progress.percentDone());
        out.printf("corpus    %d objects%n", report.corpusObjects());
        StatusReport.Edges edges = report.edges();
        out.printf("edges     %d edges, %d (edge, hit-count) tuples reached by kept inputs%s%n", edges.edges(),
                edges.tuples(), edges.tuples() == 0 ? " (children without coverage leave the map empty)" : "");
        executors(out, report.children(), report.executors());
        if (report.leftOut().total() > 0) {
            out.printf("left out  %d outputs of committed executions did not become children: %s%n",
                    report.leftOut().total(), report.leftOut().describe());
        }
        StatusReport.Pruning pruning = report.pruning();
        out.printf("pruning   %s%n", pruning.sharing().equals("shared")
                ? "one SymCC pruning map for the campaign, " + pruning.bits() + " bits set"
                : "a SymCC pruning map per worker (in its scratch directory)");
        out.printf("findings  %d recorded (frontier findings lists them)%n", report.findings());
        StatusReport.Load load = report.load();
        out.printf("load      %d execution%s committed by %d coordinator%s%n", load.executions(),
                load.executions() == 1 ? "" : "s", load.coordinators().size(),
                load.coordinators().size() == 1 ? "" : "s");
        if (!load.coordinators().isEmpty()) {
            TextTable coordinators = new TextTable("  coordinator", "executions");
            load.coordinators().forEach(one -> coordinators.row("  " + one.owner(), one.executions()));
            coordinators.print(out);
        }
        StatusReport.LastJob job = report.lastJob();
        if (job == null) {
            out.println("last job  none has left a summary");
        } else {
            out.printf("last job  epoch %d: %s, exit %d after %s%s%n", job.epoch(), job.ending(), job.exitCode(),
                    HumanFormat.seconds(job.wallMillis() / 1000.0), job.reason() == null ? "" : " (" + job.reason() + ")");
            out.printf("  %s%n", job.busy() == null ? "workers busy: not in this summary (written by an older Frontier)"
                    : job.busy().describe());
            figures(job).print(out);
        }
        out.flush();
    }

    /**
     * The children of every committed result and how many were redundant and, when any execution
     * was counted, one row per executor kind.
     */
    private static void executors(PrintWriter out, StatusReport.Children children, StatusReport.Executors executors) {
        out.printf("children  %d declared by committed results: %d reached nothing new, %d known before (%s redundant),"
                + " %d untriaged%n", children.declared(), children.reachedNothingNew(), children.knownBefore(),
                HumanFormat.inPercent(children.redundantPercent()), children.untriaged());
        if (executors.kinds().isEmpty()) {
            return;
        }
        TextTable kinds = new TextTable("  executor", "executions", "time", "time share", "children", "nothing new",
                "known before", "redundant", "untriaged", "new edges", "new edges/s");
        for (StatusReport.ExecutorFigures kind : executors.kinds()) {
            StatusReport.Children of = kind.children();
            kinds.row("  " + kind.executor(), kind.executions(), HumanFormat.seconds(kind.executionMillis() / 1000.0),
                    HumanFormat.inPercent(kind.timePercent()), of.declared(), of.reachedNothingNew(), of.knownBefore(),
                    HumanFormat.inPercent(of.redundantPercent()), of.untriaged(), kind.newEdges(),
                    String.format(Locale.ROOT, "%.2f", kind.newEdgesPerSecond()));
        }
        kinds.print(out);
    }

    /** One row per figure, one column per coordinator, then the total. */
    private static TextTable figures(StatusReport.LastJob job) {
        List<String> header = new ArrayList<>(List.of("  figure"));
        job.coordinators().keySet().forEach(rank -> header.add("rank " + rank));
        header.add("total");
        TextTable table = new TextTable(header.toArray(String[]::new));
        TreeSet<String> names = new TreeSet<>(job.totals().keySet());
        job.coordinators().values().forEach(figures -> names.addAll(figures.keySet()));
        for (String name : names) {
            List<Object> row = new ArrayList<>(List.of("  " + name));
            for (Map<String, Long> figures : job.coordinators().values()) {
                row.add(figures.get(name));
            }
            row.add(job.totals().get(name));
            table.row(row.toArray());
        }
        return table;
    }
}
