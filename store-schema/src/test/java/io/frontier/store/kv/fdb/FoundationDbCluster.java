package io.frontier.store.kv.fdb;

import static org.junit.jupiter.api.Assumptions.abort;

import io.frontier.store.corpus.fs.FileTrees;
import io.frontier.store.kv.StoreException;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.FixedHostPortGenericContainer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * A FoundationDB cluster for integration tests, as a JUnit extension a test class registers
 * once ({@code @RegisterExtension static final FoundationDbCluster cluster = new
 * FoundationDbCluster();}): the cluster {@code FDB_CLUSTER_FILE} names, or else a single-process
 * cluster in a Testcontainers container, started before the class's first test and stopped after
 * its last. Where neither is possible, or the native client cannot be loaded, {@link
 * #clusterFile} aborts each test that asks for it, so every such test is reported as skipped
 * with the reason, never as passed. (Aborting once before all tests instead would make the runner
 * report no tests at all.) {@link #withClientBuggify} also turns on {@link ClientBuggify} for the
 * JVM before its first database is opened.
 */
final class FoundationDbCluster implements BeforeAllCallback, AfterAllCallback {

    /** Overrides the server image; any 7.3 server speaks to the 7.3 client. */
    private static final String IMAGE = System.getenv().getOrDefault("FDB_IMAGE", "foundationdb/foundationdb:7.3.63");

    /** The cluster file, or null when the tests must be skipped; set before all tests. */
    private Path clusterFile;
    /** Why there is no cluster, or null when there is one. */
    private String skipReason = "FoundationDB backend skipped: the cluster was never looked for";
    /** The container this extension started, or null. */
    private GenericContainer<?> container;
    /** Holds the cluster file of a container. */
    private Path scratch;
    /** Whether {@link ClientBuggify} is turned on before the first test. */
    private final boolean buggify;

    /** A cluster that the tests use as it is. */
    FoundationDbCluster() {
        this(false);
    }

    private FoundationDbCluster(boolean buggify) {
        this.buggify = buggify;
    }

    /**
     * A cluster whose tests meet FoundationDB's client buggify: failed reads and commits, and
     * commits that succeeded reported as {@code commit_unknown_result}.
     */
    static FoundationDbCluster withClientBuggify() {
        return new FoundationDbCluster(true);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        String fromEnvironment = System.getenv("FDB_CLUSTER_FILE");
        if (fromEnvironment == null && !DockerClientFactory.instance().isDockerAvailable()) {
            skipReason = "FoundationDB backend skipped: FDB_CLUSTER_FILE is not set and no Docker engine is reachable";
            return;
        }
        try {
            FdbClient.get();
        } catch (StoreException e) {
            skipReason = "FoundationDB backend skipped: libfdb_c cannot be loaded (" + e.getCause() + ")";
            return;
        }
        if (fromEnvironment != null) {
            clusterFile = Path.of(fromEnvironment);
        } else {
            startContainer();
        }
        if (buggify) {
            ClientBuggify.enable();
        }
        skipReason = null;
    }

    /** The cluster file; aborts the calling test, reporting it skipped, when there is no cluster. */
    Path clusterFile() {
        if (clusterFile == null) {
            abort(skipReason);
        }
        return clusterFile;
    }

    /**
     * Starts one fdbserver that advertises 127.0.0.1 on a free port mapped to the same host port,
     * so the cluster file works from the host, and creates a single-replica in-memory database.
     */
    @SuppressWarnings({"deprecation", "resource"})
    private void startContainer() throws Exception {
        int port = freePort();
        GenericContainer<?> started = new FixedHostPortGenericContainer<>(IMAGE)
                .withFixedExposedPort(port, port)
                .withEnv("FDB_NETWORKING_MODE", "host")
                .withEnv("FDB_PORT", String.valueOf(port))
                .waitingFor(Wait.forLogMessage(".*Starting FDB server.*", 1))
                .withStartupTimeout(Duration.ofMinutes(2));
        started.start();
        try {
            configureNewDatabase(started);
            scratch = Files.createTempDirectory("frontier-fdb-");
            clusterFile = Files.writeString(scratch.resolve("fdb.cluster"), "docker:docker@127.0.0.1:" + port + "\n");
            container = started;
        } catch (Exception | Error e) {
            started.stop();
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
    public void afterAll(ExtensionContext context) throws IOException {
        if (container != null) {
            container.stop();
        }
        if (scratch != null) {
            FileTrees.delete(scratch);
        }
    }
}
