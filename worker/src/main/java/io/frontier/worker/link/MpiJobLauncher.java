package io.frontier.worker.link;

import io.frontier.worker.executor.process.SystemTools;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/**
 * Starts an MPI job of JVM ranks on this machine with the installation's {@code mpirun}.
 *
 * <p>{@code --allow-run-as-root} is passed only when this process runs as root, and
 * {@code --oversubscribe} only when the job has more ranks than this machine has cores: both
 * change what mpirun permits, so they are never added where they are not needed. Ranks are not
 * bound to cores, because a rank spends its time waiting on messages and child processes.
 *
 * <p>Every rank runs under {@code prlimit --core=0}: a JVM's core dump is gigabytes (its crash
 * report is written either way), and the executors a worker starts inherit the limit, so their
 * launches need no {@code prlimit} of their own (see
 * {@link io.frontier.worker.executor.process.InheritedCoreLimit}).
 */
public final class MpiJobLauncher {

    private final MpiInstallation installation;
    private final Path prlimit;
    private final boolean runningAsRoot;
    private final int cores;

    public MpiJobLauncher(MpiInstallation installation, Path prlimit, boolean runningAsRoot, int cores) {
        this.installation = installation;
        this.prlimit = prlimit;
        this.runningAsRoot = runningAsRoot;
        this.cores = cores;
    }

    /** A launcher for this machine: its cores, its prlimit, and whether this process runs as root. */
    public static MpiJobLauncher forThisMachine(MpiInstallation installation) {
        return new MpiJobLauncher(installation, SystemTools.find().prlimit(), isRoot(),
                Runtime.getRuntime().availableProcessors());
    }

    /** The full mpirun command line for {@code spec}. */
    public List<String> command(MpiJobSpec spec) {
        List<String> command = new ArrayList<>();
        command.add(installation.mpirun().toString());
        if (runningAsRoot) {
            command.add("--allow-run-as-root");
        }
        if (spec.ranks() > cores) {
            command.add("--oversubscribe");
        }
        command.add("--bind-to");
        command.add("none");
        command.add("-np");
        command.add(Integer.toString(spec.ranks()));
        new java.util.TreeMap<>(spec.environment()).forEach((name, value) -> {
            command.add("-x");
            command.add(name + "=" + value);
        });
        command.add(prlimit.toString());
        command.add("--core=0");
        command.add("--");
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Djava.library.path=" + installation.libraryDirectory());
        command.addAll(spec.jvmOptions());
        command.add("-cp");
        command.add(absoluteClasspath(spec.classpath()));
        command.add(spec.mainClass());
        command.addAll(spec.arguments());
        return command;
    }

    /**
     * Starts the job with its standard output and error written to {@code log}.
     * The caller owns the process and must bound its wait for it.
     */
    public Process start(MpiJobSpec spec, Path workingDirectory, Path log) {
        ProcessBuilder builder = new ProcessBuilder(command(spec))
                .directory(workingDirectory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        try {
            return builder.start();
        } catch (IOException e) {
            throw new LinkException("mpirun could not be started", e)
                    .with("mpirun", installation.mpirun()).with("ranks", spec.ranks());
        }
    }

    /**
     * Starts the job with its standard output and error on this process's own, for a job a
     * person watches, in a session of its own ({@code setsid}) and with no standard input. The
     * terminal's Ctrl-C and {@code timeout}'s signal go to the whole foreground process group;
     * in it, mpirun would end the job at once. Outside it, only the caller gets them, and it
     * decides how the job stops. The caller owns the process.
     */
    public Process startInForeground(MpiJobSpec spec, Path workingDirectory) {
        List<String> command = new ArrayList<>();
        command.add(SystemTools.find().setsid().toString());
        command.addAll(command(spec));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        try {
            return builder.start();
        } catch (IOException e) {
            throw new LinkException("mpirun could not be started", e)
                    .with("mpirun", installation.mpirun()).with("ranks", spec.ranks());
        }
    }

    /**
     * The classpath with every entry made absolute: ranks start in the job's working directory,
     * not in the directory the launcher was started from.
     */
    static String absoluteClasspath(String classpath) {
        StringJoiner entries = new StringJoiner(File.pathSeparator);
        for (String entry : classpath.split(File.pathSeparator)) {
            entries.add(entry.isEmpty() ? entry : Path.of(entry).toAbsolutePath().normalize().toString());
        }
        return entries.toString();
    }

    private static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }
}
