package io.frontier.worker.fault;

import io.frontier.worker.fault.Fault.CommitGroup;
import io.frontier.worker.fault.Fault.CoordinatorStop;
import io.frontier.worker.fault.Fault.ExtraStageFile;
import io.frontier.worker.fault.Fault.MalformedResult;
import io.frontier.worker.fault.Fault.Stall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The faults a test injects into a real run, read from the environment variable
 * {@value #ENVIRONMENT_VARIABLE}; every rank of the job parses the same value and acts only on
 * the entries for its own global rank. Unset or blank: no fault, and nothing changes.
 *
 * <p>Syntax: entries separated by {@code ,}; each entry is a fault name, {@code @}, a global
 * rank, then optional {@code :key=value} parameters.
 *
 * <pre>
 * FRONTIER_FAULTS=worker.malformed-result@3,worker.extra-stage-file@4:on=2,worker.stall@5:ms=60000,coordinator.stop@0:point=after-begin-commit
 * </pre>
 *
 * <table>
 *   <caption>Faults and their parameters</caption>
 *   <tr><th>name</th><th>parameters</th><th>effect</th></tr>
 *   <tr><td>{@code worker.malformed-result}</td><td>{@code on}</td>
 *       <td>the worker stages its children as usual, then sends RESULT bytes that are truncated
 *       JSON, which no coordinator can decode as a RESULT</td></tr>
 *   <tr><td>{@code worker.extra-stage-file}</td><td>{@code on}</td>
 *       <td>the worker writes one undeclared, correctly named object into its stage beside the
 *       declared children, then answers normally</td></tr>
 *   <tr><td>{@code worker.stall}</td><td>{@code ms} (required), {@code on}</td>
 *       <td>the worker sleeps {@code ms} milliseconds after staging, before answering</td></tr>
 *   <tr><td>{@code coordinator.commit-group}</td><td>{@code size} (required)</td>
 *       <td>the coordinator commits no group of fewer than {@code size} valid results while any
 *       of its workers holds an assignment or a result is being validated, so that a stop in the
 *       commit chain is certain to meet a group of that size</td></tr>
 *   <tr><td>{@code coordinator.stop}</td><td>{@code point} (required), {@code on}</td>
 *       <td>the coordinator halts with exit status {@value #HALT_STATUS}, as after
 *       {@code kill -9}, when it reaches {@code point} (a {@link StopPoint} spelling)</td></tr>
 * </table>
 *
 * <p>{@code on=N} (default 1) picks the occurrence: the N-th assignment the worker answers, or
 * the N-th time the coordinator reaches the point. Each entry fires once. Anything else is an
 * error naming the entry: an unknown fault or parameter, a missing or repeated parameter, a
 * rank that is not a non-negative integer, a count that is not positive, an unknown stop point,
 * the same fault twice for one rank and occurrence.
 *
 * <p>Immutable, except for the count of how often each coordinator rank reached each stop
 * point; safe for use by many threads.
 */
public final class FaultPlan {

    /** The environment variable a plan is read from. */
    public static final String ENVIRONMENT_VARIABLE = "FRONTIER_FAULTS";
    /** The exit status of a coordinator stopped by a fault: what a shell reports after kill -9. */
    public static final int HALT_STATUS = 137;
    /** The plan without faults. */
    public static final FaultPlan NONE = new FaultPlan("", List.of());

    private static final String OCCURRENCE = "on";
    private static final String MILLIS = "ms";
    private static final String POINT = "point";
    private static final String SIZE = "size";

    private final String text;
    private final List<Fault> faults;
    /** How often each coordinator rank reached each stop point, keyed by {@code rank + "@" + point}. */
    private final Map<String, AtomicInteger> reached = new ConcurrentHashMap<>();

    private FaultPlan(String text, List<Fault> faults) {
        this.text = text;
        this.faults = List.copyOf(faults);
    }

    /** The plan in this process's {@value #ENVIRONMENT_VARIABLE}, or {@link #NONE}. */
    public static FaultPlan fromEnvironment() {
        return parse(System.getenv(ENVIRONMENT_VARIABLE));
    }

    /** The plan spelled {@code text}; null or blank is {@link #NONE}. */
    public static FaultPlan parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<Fault> faults = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String entry : text.split(",", -1)) {
            Fault fault = parseEntry(entry.strip());
            String identity = fault.name() + "@" + fault.rank() + "#" + fault.occurrence()
                    + (fault instanceof CoordinatorStop stop ? ":" + stop.point() : "");
            if (!seen.add(identity)) {
                throw new FaultSyntaxException("the same fault is planned twice").with("entry", entry.strip());
            }
            faults.add(fault);
        }
        return new FaultPlan(text.strip(), faults);
    }

    /** Every planned fault, in the order written. */
    public List<Fault> faults() {
        return faults;
    }

    public boolean isEmpty() {
        return faults.isEmpty();
    }

    /** What worker {@code rank} does wrong while answering its {@code assignment}-th assignment (from 1). */
    public WorkerInjection forWorker(int rank, int assignment) {
        boolean malformed = false;
        boolean extra = false;
        Duration stall = Duration.ZERO;
        for (Fault fault : faults) {
            if (fault.rank() != rank || fault.occurrence() != assignment) {
                continue;
            }
            if (fault instanceof MalformedResult) {
                malformed = true;
            } else if (fault instanceof ExtraStageFile) {
                extra = true;
            } else if (fault instanceof Stall planned) {
                stall = planned.delay();
            }
        }
        return new WorkerInjection(malformed, extra, stall);
    }

    /** The fewest valid results coordinator {@code rank} commits as one group while more may come: 1 unless planned. */
    public int commitGroupFloor(int rank) {
        for (Fault fault : faults) {
            if (fault instanceof CommitGroup group && group.rank() == rank) {
                return group.size();
            }
        }
        return 1;
    }

    /**
     * Called by coordinator {@code rank} each time it reaches {@code point}: if the plan stops it
     * at this occurrence, writes one line to standard error and halts the JVM with
     * {@value #HALT_STATUS} at once (no shutdown hooks, no finally blocks, no MPI_Finalize), so
     * the durable state is exactly what a {@code kill -9} at this point would leave.
     */
    public void stopAt(int rank, StopPoint point) {
        if (stops(rank, point)) {
            System.err.println("frontier: fault injected: coordinator rank " + rank + " stops at " + point
                    + " (" + ENVIRONMENT_VARIABLE + ")");
            System.err.flush();
            Runtime.getRuntime().halt(HALT_STATUS);
        }
    }

    /** Counts this arrival of {@code rank} at {@code point} and says whether the plan stops it here. */
    boolean stops(int rank, StopPoint point) {
        if (faults.isEmpty()) {
            return false;
        }
        int occurrence = reached.computeIfAbsent(rank + "@" + point, key -> new AtomicInteger()).incrementAndGet();
        for (Fault fault : faults) {
            if (fault instanceof CoordinatorStop stop && stop.rank() == rank && stop.point() == point
                    && stop.occurrence() == occurrence) {
                return true;
            }
        }
        return false;
    }

    /** The plan as written, without surrounding blanks; empty for {@link #NONE}. */
    @Override
    public String toString() {
        return text;
    }

    private static Fault parseEntry(String entry) {
        String[] parts = entry.split(":", -1);
        String head = parts[0];
        int at = head.indexOf('@');
        if (at < 0) {
            throw new FaultSyntaxException("a fault needs @rank").with("entry", entry);
        }
        String name = head.substring(0, at);
        int rank = nonNegative(entry, "rank", head.substring(at + 1));
        Map<String, String> parameters = parameters(entry, parts);
        return switch (name) {
            case MalformedResult.NAME -> {
                allow(entry, parameters, Set.of(OCCURRENCE));
                yield new MalformedResult(rank, occurrence(entry, parameters));
            }
            case ExtraStageFile.NAME -> {
                allow(entry, parameters, Set.of(OCCURRENCE));
                yield new ExtraStageFile(rank, occurrence(entry, parameters));
            }
            case Stall.NAME -> {
                allow(entry, parameters, Set.of(OCCURRENCE, MILLIS));
                long millis = positive(entry, MILLIS, required(entry, parameters, MILLIS));
                yield new Stall(rank, occurrence(entry, parameters), Duration.ofMillis(millis));
            }
            case CommitGroup.NAME -> {
                allow(entry, parameters, Set.of(SIZE));
                yield new CommitGroup(rank, Math.toIntExact(positive(entry, SIZE, required(entry, parameters, SIZE))));
            }
            case CoordinatorStop.NAME -> {
                allow(entry, parameters, Set.of(OCCURRENCE, POINT));
                StopPoint point;
                try {
                    point = StopPoint.named(required(entry, parameters, POINT));
                } catch (FaultSyntaxException e) {
                    throw e.with("entry", entry);
                }
                yield new CoordinatorStop(rank, occurrence(entry, parameters), point);
            }
            default -> throw new FaultSyntaxException("unknown fault").with("fault", name).with("entry", entry);
        };
    }

    private static Map<String, String> parameters(String entry, String[] parts) {
        Map<String, String> parameters = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int equals = parts[i].indexOf('=');
            if (equals <= 0) {
                throw new FaultSyntaxException("a fault parameter is key=value")
                        .with("parameter", parts[i]).with("entry", entry);
            }
            String key = parts[i].substring(0, equals);
            if (parameters.put(key, parts[i].substring(equals + 1)) != null) {
                throw new FaultSyntaxException("a fault parameter is given twice").with("parameter", key).with("entry", entry);
            }
        }
        return parameters;
    }

    private static void allow(String entry, Map<String, String> parameters, Set<String> allowed) {
        for (String key : parameters.keySet()) {
            if (!allowed.contains(key)) {
                throw new FaultSyntaxException("unknown fault parameter").with("parameter", key).with("entry", entry);
            }
        }
    }

    private static String required(String entry, Map<String, String> parameters, String key) {
        String value = parameters.get(key);
        if (value == null) {
            throw new FaultSyntaxException("a fault parameter is missing").with("parameter", key).with("entry", entry);
        }
        return value;
    }

    private static int occurrence(String entry, Map<String, String> parameters) {
        String value = parameters.get(OCCURRENCE);
        return value == null ? 1 : Math.toIntExact(positive(entry, OCCURRENCE, value));
    }

    private static int nonNegative(String entry, String what, String text) {
        if (text.isEmpty() || !text.chars().allMatch(c -> c >= '0' && c <= '9') || text.length() > 9) {
            throw new FaultSyntaxException("not a non-negative integer").with(what, text).with("entry", entry);
        }
        return Integer.parseInt(text);
    }

    private static long positive(String entry, String what, String text) {
        long value = nonNegative(entry, what, text);
        if (value == 0) {
            throw new FaultSyntaxException("not a positive integer").with(what, text).with("entry", entry);
        }
        return value;
    }
}
