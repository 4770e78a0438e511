package io.frontier.tools.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * A cluster of {@code N} nodes on this machine: each node a Linux network namespace with a host
 * name of its own, all of them plugged by a veth cable into one bridge on a private /24 subnet
 * ({@code 10.213.S.0/24}), through which Open MPI runs a job across them with a hostfile and a
 * remote shell agent that enters a node's namespace instead of ssh ({@link #mpiEnvironment}).
 * The nodes share this machine's filesystem, so a campaign directory is shared as on a cluster.
 *
 * <p>Nothing leaves the subnet: the nodes have no default route, and the host's only address on
 * it ({@code .254}, on the bridge, so that the test itself can reach a server on a node) gives
 * the host a route to the subnet and nowhere else.
 *
 * <p>Ownership: every namespace and link is named {@code fz<pid>x<n>...}, {@code pid} being the
 * JVM that created it. {@link #close} (also run by a shutdown hook) kills every process on the
 * nodes and removes them; a run whose JVM was killed leaves its names behind, and the next
 * cluster started on this machine removes every one whose JVM is gone.
 *
 * <p>Needs root (namespaces, links, mounts). {@link #start} reports the test skipped, saying
 * why, where they cannot be created.
 */
public final class EmulatedCluster implements AutoCloseable {

    private static final String PREFIX = "fz";
    private static final Pattern OWNED = Pattern.compile("fz([0-9]+)x[0-9]+.*");
    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final String SUBNET_PREFIX = "10.213.";
    private static final int HOST_OCTET = 254;

    private final String name;
    private final Path directory;
    private final int subnet;
    private final List<ClusterNode> nodes;
    private final NodeFaults faults;
    private final Thread removal;
    private boolean closed;

    private EmulatedCluster(String name, Path directory, int subnet, List<ClusterNode> nodes) {
        this.name = name;
        this.directory = directory;
        this.subnet = subnet;
        this.nodes = List.copyOf(nodes);
        this.faults = new NodeFaults();
        this.removal = new Thread(this::removeQuietly, name + "-removal");
    }

    /**
     * Creates a cluster of {@code nodeCount} nodes whose scripts, hosts file and hostfiles live
     * in {@code directory}; skips the calling test, with the reason, where this machine cannot.
     */
    public static EmulatedCluster start(Path directory, int nodeCount) throws IOException {
        if (nodeCount < 1 || nodeCount > 99) {
            throw new IllegalArgumentException("an emulated cluster has 1 to 99 nodes, not " + nodeCount);
        }
        assumeToolsPresent();
        String name = PREFIX + ProcessHandle.current().pid() + "x" + RUNS.incrementAndGet();
        Files.createDirectories(directory);
        try (FileChannel channel = FileChannel.open(Path.of(System.getProperty("java.io.tmpdir"),
                "frontier-emulated-cluster.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = channel.lock()) {
            removeLeftovers();
            int subnet = freeSubnet();
            List<ClusterNode> nodes = new ArrayList<>();
            for (int index = 1; index <= nodeCount; index++) {
                nodes.add(new ClusterNode(index, name + "-node" + index, SUBNET_PREFIX + subnet + "." + index,
                        name + "v" + index));
            }
            EmulatedCluster cluster = new EmulatedCluster(name, directory, subnet, nodes);
            Runtime.getRuntime().addShutdownHook(cluster.removal);
            try {
                cluster.create();
            } catch (RuntimeException | IOException e) {
                cluster.close();
                throw e;
            }
            return cluster;
        }
    }

    private static void assumeToolsPresent() {
        Assumptions.assumeTrue(System.getProperty("os.name").equals("Linux"),
                "emulated cluster skipped: network namespaces need Linux, this is " + System.getProperty("os.name"));
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                "emulated cluster skipped: creating network namespaces needs root, this runs as "
                        + System.getProperty("user.name"));
        for (String tool : List.of("ip", "nsenter", "unshare", "hostname", "mount", "kill")) {
            HostCommand.Result which = HostCommand.attempt(List.of("sh", "-c", "command -v " + tool));
            Assumptions.assumeTrue(which.exitCode() == 0, "emulated cluster skipped: " + tool + " is not installed");
        }
    }

    private void create() throws IOException {
        String bridge = bridge();
        HostCommand.Result made = HostCommand.attempt(List.of("ip", "link", "add", bridge, "type", "bridge"));
        Assumptions.assumeTrue(made.exitCode() == 0,
                "emulated cluster skipped: a bridge cannot be created here: " + made.output().strip());
        HostCommand.run("ip", "addr", "add", hostAddress() + "/24", "dev", bridge);
        HostCommand.run("ip", "link", "set", bridge, "up");
        for (ClusterNode node : nodes) {
            HostCommand.Result namespace = HostCommand.attempt(List.of("ip", "netns", "add", node.name()));
            Assumptions.assumeTrue(namespace.exitCode() == 0,
                    "emulated cluster skipped: a network namespace cannot be created here: " + namespace.output().strip());
            HostCommand.run("ip", "link", "add", node.hostLink(), "type", "veth", "peer", "name", "eth0", "netns",
                    node.name());
            HostCommand.run("ip", "link", "set", node.hostLink(), "master", bridge, "up");
            HostCommand.run("ip", "-n", node.name(), "addr", "add", node.address() + "/24", "dev", "eth0");
            HostCommand.run("ip", "-n", node.name(), "link", "set", "eth0", "up");
            HostCommand.run("ip", "-n", node.name(), "link", "set", "lo", "up");
        }
        StringBuilder hosts = new StringBuilder("127.0.0.1 localhost\n");
        hosts.append(hostAddress()).append(' ').append(name).append("-host\n");
        nodes.forEach(node -> hosts.append(node.address()).append(' ').append(node.name()).append('\n'));
        Files.writeString(directory.resolve("hosts"), hosts.toString(), StandardCharsets.UTF_8);
        install("node-enter.sh", "node-enter");
        install("node-rsh.sh", "node-rsh");
    }

    private void install(String resource, String file) throws IOException {
        Path target = directory.resolve(file);
        try (InputStream script = EmulatedCluster.class.getResourceAsStream(resource)) {
            if (script == null) {
                throw new IllegalStateException("the test resource " + resource + " is missing");
            }
            Files.copy(script, target, StandardCopyOption.REPLACE_EXISTING);
        }
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The nodes, first one first. */
    public List<ClusterNode> nodes() {
        return nodes;
    }

    /** Node {@code index}, counted from 1. */
    public ClusterNode node(int index) {
        return nodes.get(index - 1);
    }

    /** What injects faults into the nodes. */
    public NodeFaults faults() {
        return faults;
    }

    /** The directory of the cluster's scripts, hosts file and hostfiles. */
    public Path directory() {
        return directory;
    }

    /** The cluster's subnet, as Open MPI's interface options take it: {@code 10.213.S.0/24}. */
    public String subnet() {
        return SUBNET_PREFIX + subnet + ".0/24";
    }

    /** The host's own address on the subnet, on the bridge: the nodes reach this machine's root namespace there. */
    public String hostAddress() {
        return SUBNET_PREFIX + subnet + "." + HOST_OCTET;
    }

    /** {@code command} as run on {@code node}: prefixed with the node-enter script. */
    public List<String> onNode(ClusterNode node, List<String> command) {
        List<String> entered = new ArrayList<>(List.of(directory.resolve("node-enter").toString(), node.name()));
        entered.addAll(command);
        return entered;
    }

    /**
     * The environment under which an mpirun started on the first of {@code placed} runs its job on
     * exactly those nodes, {@code slotsPerNode} ranks on each in rank order (so ranks
     * {@code 0..slotsPerNode-1}, the coordinators of a campaign with that many, are on the first):
     * Open MPI's MCA variables for a hostfile written for them, the node-rsh agent, TCP only,
     * on the cluster's subnet only. mpirun passes MCA variables on to the daemons it starts, so
     * the launcher needs no option of its own.
     */
    public Map<String, String> mpiEnvironment(List<ClusterNode> placed, int slotsPerNode) throws IOException {
        String hostfileName = "hostfile-" + placed.stream().map(node -> Integer.toString(node.index()))
                .collect(Collectors.joining("-"));
        Path hostfile = directory.resolve(hostfileName);
        Files.writeString(hostfile, placed.stream().map(node -> node.name() + " slots=" + slotsPerNode + "\n")
                .collect(Collectors.joining()), StandardCharsets.UTF_8);
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("OMPI_MCA_orte_default_hostfile", hostfile.toString());
        environment.put("OMPI_MCA_plm_rsh_agent", directory.resolve("node-rsh").toString());
        // mpirun starts every node's daemon itself: with tree spawn, a daemon that a node's loss
        // takes down would take the daemons it started with it.
        environment.put("OMPI_MCA_plm_rsh_no_tree_spawn", "1");
        environment.put("OMPI_MCA_rmaps_base_mapping_policy", "slot");
        environment.put("OMPI_MCA_btl", "tcp,self");
        environment.put("OMPI_MCA_oob", "tcp");
        environment.put("OMPI_MCA_btl_tcp_if_include", subnet());
        environment.put("OMPI_MCA_oob_tcp_if_include", subnet());
        return environment;
    }

    private String bridge() {
        return name + "b";
    }

    /** Kills every process on every node, then removes the nodes and the bridge. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<String> failures = remove();
        try {
            Runtime.getRuntime().removeShutdownHook(removal);
        } catch (IllegalStateException shuttingDown) {
            // Called from the hook itself.
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("the emulated cluster " + name + " was not removed entirely: "
                    + String.join("; ", failures));
        }
    }

    private void removeQuietly() {
        synchronized (this) {
            if (!closed) {
                closed = true;
                remove();
            }
        }
    }

    private List<String> remove() {
        List<String> failures = new ArrayList<>();
        for (ClusterNode node : nodes) {
            try {
                faults.kill(node);
            } catch (RuntimeException e) {
                failures.add(e.getMessage());
            }
        }
        for (ClusterNode node : nodes) {
            deleteIfPresent(List.of("ip", "netns", "del", node.name()), "/run/netns/" + node.name(), failures);
        }
        deleteIfPresent(List.of("ip", "link", "del", bridge()), "/sys/class/net/" + bridge(), failures);
        return failures;
    }

    private static void deleteIfPresent(List<String> command, String presence, List<String> failures) {
        if (!Files.exists(Path.of(presence))) {
            return;
        }
        HostCommand.Result result = HostCommand.attempt(command);
        if (result.exitCode() != 0) {
            failures.add(String.join(" ", command) + ": " + result.output().strip());
        }
    }

    /**
     * Removes the namespaces and links of earlier runs whose JVM is gone (killed before it could
     * remove them), killing what still runs in those namespaces first. A live JVM's are left alone.
     */
    private static void removeLeftovers() {
        for (String line : HostCommand.run("ip", "netns", "list").split("\n")) {
            String namespace = line.strip().split(" ")[0];
            if (abandoned(namespace)) {
                ClusterNode node = new ClusterNode(0, namespace, "", "");
                new NodeFaults().kill(node);
                HostCommand.attempt(List.of("ip", "netns", "del", namespace));
            }
        }
        for (String line : HostCommand.run("ip", "-o", "link", "show").split("\n")) {
            String[] fields = line.split(": ");
            if (fields.length < 2) {
                continue;
            }
            String link = fields[1].split("@")[0];
            if (abandoned(link)) {
                HostCommand.attempt(List.of("ip", "link", "del", link));
            }
        }
    }

    /** Whether {@code name} is an emulated cluster's, of a JVM that no longer runs. */
    private static boolean abandoned(String name) {
        Matcher owned = OWNED.matcher(name);
        if (!owned.matches()) {
            return false;
        }
        return ProcessHandle.of(Long.parseLong(owned.group(1)))
                .filter(ProcessHandle::isAlive)
                .flatMap(process -> process.info().command())
                .map(command -> !command.endsWith("java"))
                .orElse(true);
    }

    /** A /24 under 10.213 that no address of this machine is on yet. */
    private static int freeSubnet() {
        String addresses = HostCommand.run("ip", "-4", "-o", "addr", "show");
        for (int candidate = 1; candidate < 255; candidate++) {
            if (!addresses.contains(" " + SUBNET_PREFIX + candidate + ".")) {
                return candidate;
            }
        }
        throw new IllegalStateException("every subnet 10.213.1-254.0/24 is in use on this machine");
    }

    /** For the figures a test prints: the run's name, e.g. {@code fz1234x1}. */
    public String name() {
        return name;
    }
}
