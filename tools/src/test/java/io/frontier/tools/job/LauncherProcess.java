package io.frontier.tools.job;

import io.frontier.tools.FrontierCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * A {@code frontier} command in a process of its own, as a person starts it at a terminal: in a
 * session and process group of its own ({@code setsid}), so that a signal to the group is what
 * the terminal's Ctrl-C or {@code timeout} sends. Its standard error goes to a file the test reads.
 * SIGINT and SIGTERM start with their default action ({@code env --default-signal}), as at a
 * terminal: a test run started in the background of a non-interactive shell inherits SIGINT
 * ignored, and a launcher that inherits it ignored rightly keeps ignoring it.
 */
final class LauncherProcess {

    private final Process process;
    private final Path root;
    private final Path err;

    private LauncherProcess(Process process, Path root, Path err) {
        this.process = process;
        this.root = root;
        this.err = err;
    }

    /**
     * Starts {@code frontier ARGS} on this JVM's classpath for a campaign under {@code root}; its
     * output goes to files in {@code root/logs}.
     */
    static LauncherProcess start(Path root, List<String> args) throws IOException {
        return start(root, "launcher", UnaryOperator.identity(), Map.of(), args);
    }

    /**
     * Starts {@code frontier ARGS} as {@link #start(Path, List)} does, its output in
     * {@code root/logs/<name>.out} and {@code .err}, with {@code environment} added to this JVM's,
     * its command line passed through {@code placement} first (e.g. to run it on a node of an
     * emulated cluster).
     */
    static LauncherProcess start(Path root, String name, UnaryOperator<List<String>> placement,
                                 Map<String, String> environment, List<String> args) throws IOException {
        Path logs = Files.createDirectories(root.resolve("logs"));
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM", "setsid",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), FrontierCommand.class.getName()));
        command.addAll(args);
        Path err = logs.resolve(name + ".err");
        ProcessBuilder builder = new ProcessBuilder(placement.apply(command))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .redirectOutput(logs.resolve(name + ".out").toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment);
        return new LauncherProcess(builder.start(), root, err);
    }

    long pid() {
        return process.pid();
    }

    /** Whether it still runs. */
    boolean running() {
        return process.isAlive();
    }

    /** {@code kill -SIGNAL PID}: to the launcher alone, as from another shell. */
    void signal(String signal) throws IOException, InterruptedException {
        JobProcesses.signal(pid(), signal);
    }

    /** {@code kill -SIGNAL -- -PGID}: to its whole process group, as Ctrl-C at a terminal or timeout(1) sends. */
    void signalGroup(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, "--", "-" + pid()).inheritIO().start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            kill.destroyForcibly();
            throw new IllegalStateException("kill -" + signal + " -- -" + pid() + " failed");
        }
    }

    /** What it wrote to standard error so far. */
    String err() throws IOException {
        return Files.readString(err, StandardCharsets.UTF_8);
    }

    /** Waits until its standard error contains {@code text}; fails after {@code timeout} or if it exits first. */
    void awaitErr(String text, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!err().contains(text)) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                throw new AssertionError("the launcher did not say \"" + text + "\"; it said:\n" + err());
            }
            Thread.sleep(20);
        }
    }

    /** Waits for it to exit; returns its exit code, or fails (killing it and its job) after {@code timeout}. */
    int exitCode(Duration timeout) throws InterruptedException, IOException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            kill();
            throw new AssertionError("the launcher did not exit within " + timeout + "; it said:\n" + err());
        }
        return process.exitValue();
    }

    /**
     * Kills it, everything under it and any process its job left behind (a launcher that died
     * first leaves its job to init); for {@code finally} blocks.
     */
    void kill() throws InterruptedException, IOException {
        if (process.isAlive()) {
            JobProcesses.killJob(process.toHandle());
        }
        for (String left : processesNaming(root)) {
            ProcessHandle.of(Long.parseLong(left.substring(0, left.indexOf(':')))).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /**
     * The command lines of the processes that still run and name {@code root} (the test's
     * directory: mpirun, the ranks and the executions all do); a zombie names nothing.
     */
    static List<String> processesNaming(Path root) throws IOException {
        String name = root.toString();
        List<String> found = new ArrayList<>();
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            for (Path entry : entries.filter(p -> p.getFileName().toString().matches("[0-9]+")).toList()) {
                try {
                    String line = new String(Files.readAllBytes(entry.resolve("cmdline")), StandardCharsets.UTF_8)
                            .replace('\0', ' ');
                    if (line.contains(name)) {
                        found.add(entry.getFileName() + ": " + line);
                    }
                } catch (IOException gone) {
                    // The process ended while the list was read.
                }
            }
        }
        return found;
    }
}
