package io.frontier.worker.executor;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The environment every target starts from: only these variables of the worker, when set.
 *
 * <p>Why not inherit everything: a worker runs under mpirun, whose {@code OMPI_*} and
 * {@code PMIX_*} variables would make an MPI-aware target join the worker's job; a user's shell
 * may hold a stale {@code SYMCC_*} value ({@code SYMCC_NO_SYMBOLIC_INPUT=1} silently turns a
 * campaign into plain runs); and ranks on different nodes inherit different environments, which
 * would make the same input behave differently. What a target needs beyond this list is set
 * explicitly in the executor configuration.
 */
public final class ChildEnvironment {

    /** Variables passed on from the worker: program and library lookup, locale, time, home, temp. */
    public static final List<String> INHERITED = List.of(
            "PATH", "LD_LIBRARY_PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR");

    /** Used when the worker itself has no PATH. */
    static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private final Map<String, String> base;

    private ChildEnvironment(Map<String, String> base) {
        this.base = Map.copyOf(base);
    }

    /** The allow-listed part of {@code workerEnvironment}. */
    public static ChildEnvironment from(Map<String, String> workerEnvironment) {
        Map<String, String> base = new LinkedHashMap<>();
        for (String name : INHERITED) {
            String value = workerEnvironment.get(name);
            if (value != null) {
                base.put(name, value);
            }
        }
        base.putIfAbsent("PATH", DEFAULT_PATH);
        return new ChildEnvironment(base);
    }

    /** The allow-listed part of this JVM's environment. */
    public static ChildEnvironment ofThisProcess() {
        return from(System.getenv());
    }

    /** The inherited variables, overridden by {@code configured}, then by {@code executorOwn}. */
    public Map<String, String> compose(Map<String, String> configured, Map<String, String> executorOwn) {
        Map<String, String> environment = new LinkedHashMap<>(base);
        environment.putAll(configured);
        environment.putAll(executorOwn);
        return environment;
    }

    /** Rejects names that are not portable variable names and values a C string cannot hold. */
    static void validate(Map<String, String> environment) {
        for (Map.Entry<String, String> variable : environment.entrySet()) {
            if (variable.getKey() == null || !NAME.matcher(variable.getKey()).matches()) {
                throw new ExecutorException("environment variable name is invalid").with("name", variable.getKey());
            }
            if (variable.getValue() == null || variable.getValue().indexOf('\0') >= 0) {
                throw new ExecutorException("environment variable value is invalid").with("name", variable.getKey());
            }
        }
    }
}
