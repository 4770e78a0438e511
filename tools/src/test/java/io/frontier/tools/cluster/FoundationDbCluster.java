package io.frontier.tools.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;

/**
 * A FoundationDB cluster on an {@link EmulatedCluster}: one {@code fdbserver} on each of the
 * nodes given, each listening on its node's address, all of them coordinators, the database
 * configured with {@code double} redundancy (every key on two servers, so one server may die).
 * Clients on the nodes and this test (through the host's address on the bridge) share one
 * cluster file.
 *
 * <p>The binaries are {@code FDBSERVER} and {@code FDBCLI} when set, else {@code fdbserver} and
 * {@code fdbcli} on the PATH, else where FoundationDB's packages install them; without them
 * {@link #start} reports the test skipped, saying so. The servers die with their nodes, and
 * {@link #close} kills them.
 */
public final class FoundationDbCluster implements AutoCloseable {

    private static final int PORT = 4500;
    private static final Duration AVAILABLE = Duration.ofSeconds(180);

    private final EmulatedCluster cluster;
    private final Path directory;
    private final Path clusterFile;
    private final Binaries binaries;
    private final Map<ClusterNode, Process> servers = new LinkedHashMap<>();

    /** Where the server and its command line are. */
    public record Binaries(Path fdbserver, Path fdbcli) {
    }

    private FoundationDbCluster(EmulatedCluster cluster, Path directory, Path clusterFile, Binaries binaries) {
        this.cluster = cluster;
        this.directory = directory;
        this.clusterFile = clusterFile;
        this.binaries = binaries;
    }

    /** The FoundationDB binaries of this machine, if it has them. */
    public static Optional<Binaries> binaries() {
        Optional<Path> server = locate("FDBSERVER", "fdbserver", Path.of("/usr/sbin/fdbserver"));
        Optional<Path> cli = locate("FDBCLI", "fdbcli", Path.of("/usr/bin/fdbcli"));
        return server.isPresent() && cli.isPresent() ? Optional.of(new Binaries(server.get(), cli.get())) : Optional.empty();
    }

    private static Optional<Path> locate(String variable, String program, Path packaged) {
        String given = System.getenv(variable);
        if (given != null && !given.isBlank()) {
            return Optional.of(Path.of(given)).filter(Files::isExecutable);
        }
        HostCommand.Result onPath = HostCommand.attempt(List.of("sh", "-c", "command -v " + program));
        if (onPath.exitCode() == 0) {
            return Optional.of(Path.of(onPath.output().strip()));
        }
        return Optional.of(packaged).filter(Files::isExecutable);
    }

    /**
     * Starts a server on each of {@code nodes} (state and logs under {@code directory}), creates
     * the database with double redundancy and waits until it is available. Skips the calling
     * test, with the reason, where the binaries are missing.
     */
    public static FoundationDbCluster start(EmulatedCluster cluster, List<ClusterNode> nodes, Path directory)
            throws IOException, InterruptedException {
        Optional<Binaries> binaries = binaries();
        Assumptions.assumeTrue(binaries.isPresent(), "FoundationDB cluster skipped: fdbserver and fdbcli not found"
                + " (set FDBSERVER and FDBCLI, put them on the PATH, or install FoundationDB's server package)");
        if (nodes.size() < 3) {
            throw new IllegalArgumentException("double redundancy with one server lost needs three servers, not " + nodes.size());
        }
        Files.createDirectories(directory);
        Path clusterFile = directory.resolve("fdb.cluster");
        String id = Long.toHexString(ThreadLocalRandom.current().nextLong() | Long.MIN_VALUE);
        Files.writeString(clusterFile, "emulated:" + id + "@" + nodes.stream().map(node -> node.address() + ":" + PORT)
                .collect(Collectors.joining(",")) + "\n", StandardCharsets.US_ASCII);
        FoundationDbCluster fdb = new FoundationDbCluster(cluster, directory, clusterFile, binaries.get());
        try {
            for (ClusterNode node : nodes) {
                fdb.startServer(node);
            }
            fdb.configure();
        } catch (IOException | InterruptedException | RuntimeException e) {
            fdb.close();
            throw e;
        }
        return fdb;
    }

    private void startServer(ClusterNode node) throws IOException {
        Path data = Files.createDirectories(directory.resolve(node.name()).resolve("data"));
        Path logs = Files.createDirectories(directory.resolve(node.name()).resolve("logs"));
        List<String> command = cluster.onNode(node, List.of(binaries.fdbserver().toString(),
                "--cluster-file", clusterFile.toString(),
                "--public-address", node.address() + ":" + PORT, "--listen-address", "public",
                "--datadir", data.toString(), "--logdir", logs.toString(),
                // Distinct zones and machines: double redundancy puts a key's two copies on different ones.
                "--locality-zoneid", node.name(), "--locality-machineid", node.name()));
        Process server = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logs.resolve("fdbserver.out").toFile())).start();
        servers.put(node, server);
    }

    private void configure() throws InterruptedException {
        long deadline = System.nanoTime() + AVAILABLE.toNanos();
        String said = "";
        while (true) {
            HostCommand.Result configured = cli("configure new double ssd");
            said = configured.output();
            if (configured.exitCode() == 0 || said.contains("Database already exists")) {
                break;
            }
            awaitBefore(deadline, "the database to be created", said);
        }
        while (!cli("status minimal").output().contains("The database is available")) {
            awaitBefore(deadline, "the database to become available", said);
        }
    }

    private void awaitBefore(long deadline, String what, String said) throws InterruptedException {
        if (System.nanoTime() > deadline) {
            throw new IllegalStateException("FoundationDB: timed out after " + AVAILABLE.toSeconds() + " s waiting for "
                    + what + "; fdbcli said: " + said.strip() + "; server logs under " + directory);
        }
        Thread.sleep(1000);
    }

    private HostCommand.Result cli(String command) {
        return HostCommand.attempt(List.of(binaries.fdbcli().toString(), "-C", clusterFile.toString(),
                "--timeout", "10", "--exec", command));
    }

    /** The cluster file every client uses. */
    public Path clusterFile() {
        return clusterFile;
    }

    /** The store URL a campaign on this cluster is created with. */
    public String storeUrl() {
        return "fdb:" + clusterFile;
    }

    /** The nodes with a server. */
    public List<ClusterNode> nodes() {
        return List.copyOf(servers.keySet());
    }

    /** The node whose server holds {@code role} (e.g. master, log, storage), as {@code status json} says now. */
    public Optional<ClusterNode> nodeWithRole(String role) throws IOException {
        HostCommand.Result status = cli("status json");
        if (status.exitCode() != 0) {
            return Optional.empty();
        }
        String text = status.output();
        JsonNode processes = new ObjectMapper().readTree(text.substring(text.indexOf('{'))).path("cluster").path("processes");
        for (JsonNode process : processes) {
            for (JsonNode held : process.path("roles")) {
                if (role.equals(held.path("role").asText())) {
                    String address = process.path("address").asText();
                    return servers.keySet().stream().filter(node -> address.startsWith(node.address() + ":")).findFirst();
                }
            }
        }
        return Optional.empty();
    }

    /** Kills the server on {@code node} with SIGKILL, and waits until it has exited. */
    public void kill(ClusterNode node) {
        cluster.faults().killProcess(server(node).pid());
    }

    /** Starts the server on {@code node} again, on its data, after {@link #kill} or its node's loss. */
    public void restart(ClusterNode node) throws IOException {
        if (server(node).isAlive()) {
            throw new IllegalStateException("the FoundationDB server on " + node + " still runs");
        }
        startServer(node);
    }

    /** Starts again every server that is not running (killed, or lost with its node). */
    public void restartDead() throws IOException {
        for (ClusterNode node : nodes()) {
            if (!server(node).isAlive()) {
                startServer(node);
            }
        }
    }

    /** The pids of the servers, as they run now. */
    public Set<Long> serverProcesses() {
        return servers.values().stream().filter(Process::isAlive).map(Process::pid).collect(Collectors.toSet());
    }

    private Process server(ClusterNode node) {
        Process server = servers.get(node);
        if (server == null) {
            throw new IllegalArgumentException(node + " has no FoundationDB server");
        }
        return server;
    }

    /** Kills every server. */
    @Override
    public void close() {
        List<String> alive = new ArrayList<>();
        for (Map.Entry<ClusterNode, Process> server : servers.entrySet()) {
            try {
                cluster.faults().killProcess(server.getValue().pid());
            } catch (RuntimeException e) {
                alive.add(server.getKey() + ": " + e.getMessage());
            }
        }
        if (!alive.isEmpty()) {
            throw new IllegalStateException("FoundationDB servers left running: " + alive);
        }
    }
}
