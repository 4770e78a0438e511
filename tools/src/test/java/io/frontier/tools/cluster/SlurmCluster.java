package io.frontier.tools.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * Slurm from the distribution's packages on an {@link EmulatedCluster}: {@code munged} and
 * {@code slurmctld} on a controller node, one {@code slurmd} on each compute node under the
 * node's own name, configured by a {@code slurm.conf} written here. Jobs are submitted from
 * this test with {@link #submit}; batch scripts and the steps they start run on the compute
 * nodes, as root.
 *
 * <p>Settings that matter to the tests: a node that stops answering is declared down after
 * {@link #SLURMD_TIMEOUT_SECONDS} (jobs on it that allow requeue are requeued); a node that
 * comes back returns to service by itself; processes get {@link #KILL_WAIT_SECONDS} between
 * SIGTERM and SIGKILL; finished jobs stay visible to {@code scontrol} for five minutes.
 *
 * <p>Skips the calling test, with the reason, where Slurm or MUNGE is not installed.
 */
public final class SlurmCluster implements AutoCloseable {

    static final int SLURMD_TIMEOUT_SECONDS = 10;
    static final int KILL_WAIT_SECONDS = 30;
    private static final Duration READY = Duration.ofSeconds(120);

    private final EmulatedCluster cluster;
    private final Path directory;
    private final ClusterNode controller;
    private final List<ClusterNode> computeNodes;
    private final List<Process> daemons = new ArrayList<>();

    private SlurmCluster(EmulatedCluster cluster, Path directory, ClusterNode controller, List<ClusterNode> computeNodes) {
        this.cluster = cluster;
        this.directory = directory;
        this.controller = controller;
        this.computeNodes = List.copyOf(computeNodes);
    }

    /**
     * Starts MUNGE and the controller on {@code controller} and a slurmd on each of
     * {@code computeNodes} (state, logs and configuration under {@code directory}), and waits
     * until every compute node is idle.
     */
    public static SlurmCluster start(EmulatedCluster cluster, ClusterNode controller, List<ClusterNode> computeNodes,
                                     Path directory) throws IOException, InterruptedException {
        for (String program : List.of("slurmctld", "slurmd", "munged", "sbatch", "scontrol", "sinfo")) {
            HostCommand.Result found = HostCommand.attempt(List.of("sh", "-c", "command -v " + program));
            Assumptions.assumeTrue(found.exitCode() == 0, "Slurm cluster skipped: " + program
                    + " is not installed (Debian: apt-get install slurm-wlm munge)");
        }
        SlurmCluster slurm = new SlurmCluster(cluster, directory, controller, computeNodes);
        try {
            slurm.configure();
            slurm.startDaemons();
            slurm.awaitIdle();
        } catch (IOException | InterruptedException | RuntimeException e) {
            slurm.close();
            throw e;
        }
        return slurm;
    }

    private void configure() throws IOException {
        Files.createDirectories(directory.resolve("state"));
        Files.createDirectories(directory.resolve("spool"));
        Files.createDirectories(directory.resolve("log"));
        // MUNGE serves its socket only from a directory every user can enter.
        Path munge = Files.createDirectories(directory.resolve("munge"));
        for (Path entered = munge.toAbsolutePath(); entered != null; entered = entered.getParent()) {
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(entered);
            if (!permissions.contains(PosixFilePermission.OTHERS_EXECUTE)) {
                permissions.add(PosixFilePermission.OTHERS_EXECUTE);
                permissions.add(PosixFilePermission.GROUP_EXECUTE);
                Files.setPosixFilePermissions(entered, permissions);
            }
        }
        byte[] key = new byte[1024];
        new SecureRandom().nextBytes(key);
        Path keyFile = munge.resolve("munge.key");
        Files.write(keyFile, key);
        Files.setPosixFilePermissions(keyFile, PosixFilePermissions.fromString("r--------"));

        StringBuilder conf = new StringBuilder();
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("ClusterName", cluster.name());
        settings.put("SlurmctldHost", controller.name() + "(" + controller.address() + ")");
        settings.put("SlurmUser", "root");
        settings.put("SlurmdUser", "root");
        settings.put("AuthType", "auth/munge");
        settings.put("CredType", "cred/munge");
        settings.put("AuthInfo", "socket=" + socket());
        settings.put("StateSaveLocation", directory.resolve("state").toString());
        settings.put("SlurmdSpoolDir", directory.resolve("spool").resolve("%n").toString());
        settings.put("SlurmctldPidFile", directory.resolve("slurmctld.pid").toString());
        settings.put("SlurmdPidFile", directory.resolve("slurmd-%n.pid").toString());
        settings.put("SlurmctldLogFile", directory.resolve("log").resolve("slurmctld.log").toString());
        settings.put("SlurmdLogFile", directory.resolve("log").resolve("slurmd-%n.log").toString());
        // Nothing here needs cgroups: processes are tracked by their parentage.
        settings.put("ProctrackType", "proctrack/linuxproc");
        settings.put("TaskPlugin", "task/none");
        settings.put("JobAcctGatherType", "jobacct_gather/none");
        settings.put("AccountingStorageType", "accounting_storage/none");
        settings.put("JobCompType", "jobcomp/none");
        settings.put("SelectType", "select/cons_tres");
        settings.put("SelectTypeParameters", "CR_CPU");
        settings.put("SwitchType", "switch/none");
        settings.put("MpiDefault", "none");
        settings.put("ReturnToService", "2");
        settings.put("SlurmdTimeout", Integer.toString(SLURMD_TIMEOUT_SECONDS));
        settings.put("SlurmctldTimeout", "30");
        settings.put("MessageTimeout", "10");
        settings.put("KillWait", Integer.toString(KILL_WAIT_SECONDS));
        settings.put("MinJobAge", "300");
        settings.put("JobRequeue", "1");
        settings.put("PlugStackConfig", directory.resolve("plugstack.conf").toString());
        settings.forEach((name, value) -> conf.append(name).append('=').append(value).append('\n'));
        int cpus = Runtime.getRuntime().availableProcessors();
        for (ClusterNode node : computeNodes) {
            conf.append("NodeName=").append(node.name()).append(" NodeAddr=").append(node.address())
                    .append(" CPUs=").append(cpus).append(" State=UNKNOWN\n");
        }
        conf.append("PartitionName=main Nodes=").append(computeNodes.stream().map(ClusterNode::name)
                .collect(Collectors.joining(","))).append(" Default=YES MaxTime=INFINITE State=UP\n");
        Files.writeString(configuration(), conf.toString(), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve("plugstack.conf"), "", StandardCharsets.UTF_8);
    }

    private void startDaemons() throws IOException, InterruptedException {
        Path munge = directory.resolve("munge");
        start(controller, "munged", List.of("munged", "--foreground", "--socket=" + socket(),
                "--key-file=" + munge.resolve("munge.key"), "--log-file=" + munge.resolve("munged.log"),
                "--pid-file=" + munge.resolve("munged.pid"), "--seed-file=" + munge.resolve("munged.seed")));
        long deadline = System.nanoTime() + READY.toNanos();
        while (!Files.exists(socket())) {
            awaitBefore(deadline, "munged's socket " + socket());
        }
        start(controller, "slurmctld", List.of("slurmctld", "-D", "-f", configuration().toString()));
        for (ClusterNode node : computeNodes) {
            start(node, "slurmd-" + node.name(), List.of("slurmd", "-D", "-N", node.name(), "-f",
                    configuration().toString()));
        }
    }

    private void start(ClusterNode node, String name, List<String> command) throws IOException {
        Process daemon = new ProcessBuilder(cluster.onNode(node, command)).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(directory.resolve("log").resolve(name + ".out").toFile()))
                .start();
        daemons.add(daemon);
    }

    /** Waits until every compute node is idle, i.e. registered with the controller and free. */
    public void awaitIdle() throws InterruptedException {
        long deadline = System.nanoTime() + READY.toNanos();
        while (true) {
            HostCommand.Result states = client(List.of("sinfo", "-h", "-N", "-o", "%N %T"));
            long idle = states.output().lines().filter(line -> line.endsWith(" idle")).count();
            if (states.exitCode() == 0 && idle == computeNodes.size()) {
                return;
            }
            awaitBefore(deadline, "every compute node to be idle; sinfo said: " + states.output().strip());
        }
    }

    private void awaitBefore(long deadline, String what) throws InterruptedException {
        if (System.nanoTime() > deadline) {
            throw new IllegalStateException("Slurm: timed out after " + READY.toSeconds() + " s waiting for " + what
                    + "; logs under " + directory.resolve("log"));
        }
        Thread.sleep(500);
    }

    /** The environment Slurm's commands need to reach this cluster: its configuration file. */
    public Map<String, String> clientEnvironment() {
        return Map.of("SLURM_CONF", configuration().toString());
    }

    /** Runs a Slurm command ({@code sbatch}, {@code scontrol}, ...) against this cluster. */
    public HostCommand.Result client(List<String> command) {
        List<String> withConfiguration = new ArrayList<>(List.of("env", "SLURM_CONF=" + configuration()));
        withConfiguration.addAll(command);
        return HostCommand.attempt(withConfiguration);
    }

    /**
     * Submits a batch job with {@code sbatch --parsable ARGS}, in {@code environment} (sbatch
     * passes the submitter's environment to the job); returns its id.
     */
    public String submit(List<String> args, Map<String, String> environment) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("sbatch", "--parsable"));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        builder.environment().putAll(clientEnvironment());
        Process sbatch = builder.start();
        String said = new String(sbatch.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (sbatch.waitFor() != 0 || !said.matches("[0-9]+(;.*)?")) {
            throw new IllegalStateException("sbatch " + args + " failed: " + said);
        }
        return said.split(";")[0];
    }

    /** What {@code scontrol show job ID} says now, field by field (JobState, Restarts, ExitCode, NodeList, ...). */
    public Map<String, String> job(String id) {
        HostCommand.Result shown = client(List.of("scontrol", "-o", "show", "job", id));
        if (shown.exitCode() != 0) {
            throw new IllegalStateException("scontrol show job " + id + " failed: " + shown.output().strip());
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String field : shown.output().strip().split(" ")) {
            int equals = field.indexOf('=');
            if (equals > 0) {
                fields.put(field.substring(0, equals), field.substring(equals + 1));
            }
        }
        return fields;
    }

    /** The nodes a job runs on now (or last ran on), by name: its NodeList, expanded. */
    public List<String> nodesOf(String id) {
        String list = job(id).get("NodeList");
        if (list == null || list.equals("(null)")) {
            return List.of();
        }
        HostCommand.Result names = client(List.of("scontrol", "show", "hostnames", list));
        if (names.exitCode() != 0) {
            throw new IllegalStateException("scontrol show hostnames " + list + " failed: " + names.output().strip());
        }
        return names.output().lines().map(String::strip).filter(name -> !name.isEmpty()).toList();
    }

    /** The node's state as sinfo prints it, e.g. {@code idle}, {@code allocated}, {@code down*}. */
    public String nodeState(ClusterNode node) {
        return client(List.of("sinfo", "-h", "-N", "-n", node.name(), "-o", "%T")).output().strip();
    }

    /** The controller's and the compute nodes' logs. */
    public Path logs() {
        return directory.resolve("log");
    }

    private Path configuration() {
        return directory.resolve("slurm.conf");
    }

    private Path socket() {
        return directory.resolve("munge").resolve("munge.socket");
    }

    /** Kills the daemons this started (the jobs die with their nodes, when the cluster closes). */
    @Override
    public void close() {
        for (Process daemon : daemons) {
            cluster.faults().killProcess(daemon.pid());
        }
    }
}
