package io.frontier.store.kv.fdb;

import static org.junit.jupiter.api.Assumptions.abort;

import io.frontier.store.kv.StoreException;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.FixedHostPortGenericContainer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * A FoundationDB cluster for integration tests: the one {@code FDB_CLUSTER_FILE} names, or else
 * a single-process cluster in a Testcontainers container. Where neither is possible, or the
 * native client cannot be loaded, {@link #clusterFile} aborts each test that asks for it, so
 * every such test is reported as skipped with the reason, never as passed. (Aborting once in
 * {@code @BeforeAll} instead would make the runner report no tests at all.)
 */
final class FoundationDbCluster implements AutoCloseable {

    /** Overrides the server image; any 7.3 server speaks to the 7.3 client. */
    private static final String IMAGE = System.getenv().getOrDefault("FDB_IMAGE", "foundationdb/foundationdb:7.3.63");

    /** The cluster file, or null when the tests must be skipped. */
    private final Path clusterFile;
    /** Why there is no cluster, or null when there is one. */
    private final String skipReason;
    /** The container this object started, or null. */
    private final GenericContainer<?> container;

    private FoundationDbCluster(Path clusterFile, String skipReason, GenericContainer<?> container) {
        this.clusterFile = clusterFile;
        this.skipReason = skipReason;
        this.container = container;
    }

    /** The cluster file; aborts the calling test, reporting it skipped, when there is no cluster. */
    Path clusterFile() {
        if (clusterFile == null) {
            abort(skipReason);
        }
        return clusterFile;
    }

    static FoundationDbCluster findOrStart(Path scratch) throws Exception {
        String fromEnvironment = System.getenv("FDB_CLUSTER_FILE");
        if (fromEnvironment == null && !DockerClientFactory.instance().isDockerAvailable()) {
            return skipped("FoundationDB backend skipped: FDB_CLUSTER_FILE is not set and no Docker engine is reachable");
        }
        try {
            FdbClient.get();
        } catch (StoreException e) {
            return skipped("FoundationDB backend skipped: libfdb_c cannot be loaded (" + e.getCause() + ")");
        }
        if (fromEnvironment != null) {
            return new FoundationDbCluster(Path.of(fromEnvironment), null, null);
        }
        return startContainer(scratch);
    }

    private static FoundationDbCluster skipped(String reason) {
        return new FoundationDbCluster(null, reason, null);
    }

    /**
     * Starts one fdbserver that advertises 127.0.0.1 on a free port mapped to the same host port,
     * so the cluster file works from the host, and creates a single-replica in-memory database.
     */
    @SuppressWarnings({"deprecation", "resource"})
    private static FoundationDbCluster startContainer(Path scratch) throws Exception {
        int port = freePort();
        GenericContainer<?> container = new FixedHostPortGenericContainer<>(IMAGE)
                .withFixedExposedPort(port, port)
                .withEnv("FDB_NETWORKING_MODE", "host")
                .withEnv("FDB_PORT", String.valueOf(port))
                .waitingFor(Wait.forLogMessage(".*Starting FDB server.*", 1))
                .withStartupTimeout(Duration.ofMinutes(2));
        container.start();
        try {
            configureNewDatabase(container);
            Path clusterFile = Files.writeString(scratch.resolve("fdb.cluster"), "docker:docker@127.0.0.1:" + port + "\n");
            return new FoundationDbCluster(clusterFile, null, container);
        } catch (Exception | Error e) {
            container.stop();
            throw e;
        }
    }

    private static void configureNewDatabase(GenericContainer<?> container) throws Exception {
        long giveUp = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        String last = "";
        while (System.nanoTime() < giveUp) {
            Container.ExecResult result = container.execInContainer(
                    "fdbcli", "--timeout", "10", "--exec", "configure new single memory");
            last = result.getStdout() + result.getStderr();
            if (result.getExitCode() == 0 || last.contains("already exists")) {
                return;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("FoundationDB in the container could not be configured: " + last);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        if (container != null) {
            container.stop();
        }
    }
}
