package io.frontier.tools.campaign;

import io.frontier.tools.HumanFormat;
import io.frontier.worker.rank.WorkerFigures;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The busy fraction of every worker of one job that answered the shutdown, and of all of them
 * together (their execution time summed over their wall time summed), from the figures each
 * sent with its SHUTDOWN ACK. See {@link Busy} for what is counted.
 *
 * @param overall every worker listed, summed
 * @param workers by worker rank
 */
public record WorkersBusy(Busy overall, SortedMap<Integer, Busy> workers) {

    public WorkersBusy {
        workers = Collections.unmodifiableSortedMap(new TreeMap<>(workers));
    }

    /**
     * From each worker's figures, by rank. A worker whose figures lack the execution or wall
     * time (sent by an older Frontier) is left out; one without triage time counts none.
     */
    public static WorkersBusy of(Map<Integer, Map<String, Long>> figures) {
        TreeMap<Integer, Busy> workers = new TreeMap<>();
        Busy overall = Busy.of(0, 0, 0);
        for (Map.Entry<Integer, Map<String, Long>> worker : figures.entrySet()) {
            Map<String, Long> named = worker.getValue();
            Long execution = named.get(WorkerFigures.EXECUTION_MILLIS);
            Long wall = named.get(WorkerFigures.WALL_MILLIS);
            if (execution == null || wall == null) {
                continue;
            }
            Busy busy = Busy.of(execution, named.getOrDefault(WorkerFigures.TRIAGE_MILLIS, 0L), wall);
            workers.put(worker.getKey(), busy);
            overall = overall.plus(busy);
        }
        return new WorkersBusy(overall, workers);
    }

    /** E.g. {@code workers busy 93.4% (...); by rank: 1 94.1%, 2 92.8%}, for logs and status. */
    public String describe() {
        StringBuilder line = new StringBuilder("workers busy ").append(overall.describe());
        if (!workers.isEmpty()) {
            line.append("; by rank:");
            String separator = " ";
            for (Map.Entry<Integer, Busy> worker : workers.entrySet()) {
                line.append(separator).append(worker.getKey()).append(' ')
                        .append(HumanFormat.percent(worker.getValue().busyFraction()));
                separator = ", ";
            }
        }
        return line.toString();
    }
}
