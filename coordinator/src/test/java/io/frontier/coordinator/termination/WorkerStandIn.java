package io.frontier.coordinator.termination;

import io.frontier.store.wire.Tags;
import io.frontier.worker.link.Envelope;
import io.frontier.worker.link.Transport;
import io.frontier.worker.shutdown.ShutdownReply;
import io.frontier.worker.topology.JobTopology;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** A worker rank that does nothing but wait for its SHUTDOWN and answer it, as the real loop will. */
final class WorkerStandIn {

    private WorkerStandIn() {
    }

    /**
     * Waits up to {@code wait} for the SHUTDOWN of this worker's coordinator and acknowledges it.
     *
     * @return whether an ACK was sent
     */
    static boolean run(Transport transport, JobTopology topology, Duration wait) {
        int coordinator = topology.coordinatorOf(transport.rank());
        Optional<Envelope> shutdown = transport.receive(coordinator, Tags.SHUTDOWN, wait);
        if (shutdown.isEmpty()) {
            return false;
        }
        ShutdownReply.acknowledge(transport, topology, shutdown.get(), Map.of("executions", 0L));
        return true;
    }
}
