package io.frontier.store.kv.fdb;

import io.frontier.store.kv.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks a cluster file before the client opens it: FoundationDB 7.3 accepts a file without a
 * connection string at open and fails only at the first transaction, with a timeout that does
 * not name the file.
 */
final class ClusterFiles {

    /** {@code description:id@address[,address...]}; addresses are checked by the client. */
    private static final Pattern CONNECTION_STRING = Pattern.compile("[A-Za-z0-9_]+:[A-Za-z0-9]+@\\S+");

    private ClusterFiles() {
    }

    /**
     * @throws StoreException naming {@code clusterFile} if it cannot be read or its first line
     *     that is neither blank nor a {@code #} comment is not a connection string
     */
    static void checkConnectionString(Path clusterFile) {
        List<String> lines;
        try {
            lines = Files.readAllLines(clusterFile);
        } catch (IOException e) {
            throw new StoreException("FoundationDB cluster file cannot be read", e).with("path", clusterFile);
        }
        String first = lines.stream().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .findFirst().orElse("");
        if (!CONNECTION_STRING.matcher(first).matches()) {
            throw new StoreException("FoundationDB cluster file holds no connection string")
                    .with("path", clusterFile)
                    .with("expected", "description:id@host:port[,host:port...]")
                    .with("found", first.isEmpty() ? "nothing" : first);
        }
    }
}
