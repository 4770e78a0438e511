package io.frontier.tools.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The faults a node of an {@link EmulatedCluster} can suffer, all real: its processes killed or
 * stopped by signals, its cable pulled at the bridge. A node's processes are those in its
 * network namespace ({@code ip netns pids}): whatever was started on it (through node-enter,
 * Open MPI's daemon and everything under it, a server), however it was reparented.
 */
public final class NodeFaults {

    private static final Duration SETTLE = Duration.ofSeconds(30);

    /** The processes on {@code node} now; a zombie is on no node. */
    public Set<Long> processes(ClusterNode node) {
        Set<Long> pids = new LinkedHashSet<>();
        HostCommand.Result listed = HostCommand.attempt(List.of("ip", "netns", "pids", node.name()));
        if (listed.exitCode() != 0) {
            // The namespace is gone, so is everything that was in it.
            return pids;
        }
        for (String line : listed.output().split("\n")) {
            if (!line.isBlank()) {
                pids.add(Long.parseLong(line.strip()));
            }
        }
        return pids;
    }

    private Set<Long> processes(ClusterNode node, Set<Long> spared) {
        Set<Long> pids = processes(node);
        pids.removeAll(spared);
        return pids;
    }

    /** The processes on {@code node} whose program is {@code name} (as /proc/PID/comm gives it, e.g. mpirun). */
    public List<Long> processesNamed(ClusterNode node, String name) {
        List<Long> named = new ArrayList<>();
        for (long pid : processes(node)) {
            try {
                if (Files.readString(Path.of("/proc", Long.toString(pid), "comm"), StandardCharsets.UTF_8).strip()
                        .equals(name)) {
                    named.add(pid);
                }
            } catch (IOException gone) {
                // It ended since it was listed.
            }
        }
        return named;
    }

    /**
     * The node is lost: SIGKILL to every process on it, again to any that one of them started
     * meanwhile, until none is left; returns how many were killed. The namespace and its cable
     * stay, as a dead machine's switch port does.
     */
    public int kill(ClusterNode node) {
        return kill(node, Set.of());
    }

    /** {@link #kill(ClusterNode)}, sparing the processes {@code spared} (e.g. a store server's). */
    public int kill(ClusterNode node, Set<Long> spared) {
        Set<Long> killed = new LinkedHashSet<>();
        long deadline = System.nanoTime() + SETTLE.toNanos();
        for (Set<Long> left = processes(node, spared); !left.isEmpty(); left = processes(node, spared)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(node + " still has processes " + SETTLE.toSeconds()
                        + " s after SIGKILL: " + left);
            }
            left.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            killed.addAll(left);
            pause();
        }
        return killed.size();
    }

    /**
     * The node hangs: SIGSTOP to every process on it until each one listed is stopped, so that
     * none runs on to start another; returns those stopped. Their sockets stay open and their
     * peers see silence, as with a machine swapping itself to death.
     */
    public Set<Long> stop(ClusterNode node) {
        Set<Long> stopped = new LinkedHashSet<>();
        long deadline = System.nanoTime() + SETTLE.toNanos();
        while (true) {
            List<Long> running = new ArrayList<>();
            for (long pid : processes(node)) {
                if (!isStopped(pid)) {
                    running.add(pid);
                }
            }
            if (running.isEmpty()) {
                return stopped;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(node + " still has running processes " + SETTLE.toSeconds()
                        + " s after SIGSTOP: " + running);
            }
            signal("STOP", running);
            stopped.addAll(running);
            pause();
        }
    }

    /** SIGCONT to every process on {@code node}: a stopped node runs on from where it was. */
    public void continueNode(ClusterNode node) {
        List<Long> pids = new ArrayList<>(processes(node));
        if (!pids.isEmpty()) {
            signal("CONT", pids);
        }
    }

    /**
     * The node is cut off: its cable's bridge port goes down, so nothing it sends reaches another
     * node or the host and nothing reaches it; its processes keep running and their connections
     * stay open, unanswered, until {@link #reconnect}.
     */
    public void cut(ClusterNode node) {
        HostCommand.run("ip", "link", "set", node.hostLink(), "down");
    }

    /** Plugs a node that was {@link #cut} back in. */
    public void reconnect(ClusterNode node) {
        HostCommand.run("ip", "link", "set", node.hostLink(), "up");
    }

    /** SIGKILL to one process, e.g. one server, and waits until it has exited. */
    public void killProcess(long pid) {
        ProcessHandle.of(pid).ifPresent(process -> {
            process.destroyForcibly();
            long deadline = System.nanoTime() + SETTLE.toNanos();
            while (isRunning(pid)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("process " + pid + " still runs " + SETTLE.toSeconds()
                            + " s after SIGKILL");
                }
                pause();
            }
        });
    }

    private static void signal(String signal, List<Long> pids) {
        List<String> command = new ArrayList<>(List.of("kill", "-s", signal));
        pids.forEach(pid -> command.add(Long.toString(pid)));
        // A process that ended since it was listed makes kill(1) fail for it alone; the others got the signal.
        HostCommand.attempt(command);
    }

    /** The state letter of {@code pid} in /proc, or 'X' once it is gone. */
    private static char state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.ISO_8859_1);
            return stat.charAt(stat.lastIndexOf(')') + 2);
        } catch (IOException gone) {
            return 'X';
        }
    }

    private static boolean isStopped(long pid) {
        char state = state(pid);
        return state == 'T' || state == 't' || state == 'Z' || state == 'X';
    }

    private static boolean isRunning(long pid) {
        char state = state(pid);
        return state != 'Z' && state != 'X';
    }

    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling a node's processes", e);
        }
    }
}
