package io.frontier.worker.link;

import io.frontier.worker.executor.process.ProgramSearch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Where the Open MPI that runs the job lives: its {@code mpirun} and the directory holding
 * {@code libmpi_java.so}, which every rank's JVM needs on {@code java.library.path}.
 *
 * <p>Found from {@code MPI_HOME} when set, otherwise from the {@code ompi_info} on the PATH.
 */
public record MpiInstallation(Path mpirun, Path libraryDirectory, String version) {

    private static final long OMPI_INFO_TIMEOUT_SECONDS = 30;

    /** Discovers the installation the set-up script prepared, or fails naming what is missing. */
    public static MpiInstallation discover() {
        String home = System.getenv("MPI_HOME");
        Path binDirectory = home == null || home.isBlank() ? null : Path.of(home, "bin");
        Path ompiInfo = binDirectory == null ? ProgramSearch.onPath("ompi_info").orElse(null)
                : binDirectory.resolve("ompi_info");
        Path mpirun = binDirectory == null ? ProgramSearch.onPath("mpirun").orElse(null) : binDirectory.resolve("mpirun");
        if (ompiInfo == null || !Files.isExecutable(ompiInfo) || mpirun == null || !Files.isExecutable(mpirun)) {
            throw new LinkException("Open MPI not found: run scripts/setup.sh or set MPI_HOME")
                    .with("MPI_HOME", home).with("PATH", System.getenv("PATH"));
        }
        String parsable = run(ompiInfo, "--parsable", "--path", "libdir");
        String libraryDirectory = valueOf(parsable, "path:libdir:");
        String version = valueOf(run(ompiInfo, "--parsable"), "ompi:version:full:");
        if (libraryDirectory == null || version == null) {
            throw new LinkException("ompi_info did not report its library directory and version")
                    .with("ompiInfo", ompiInfo);
        }
        Path library = Path.of(libraryDirectory);
        if (!Files.exists(library.resolve("libmpi_java.so"))) {
            throw new LinkException("Open MPI has no Java bindings (libmpi_java.so): rebuild it with --enable-mpi-java")
                    .with("libraryDirectory", library).with("version", version);
        }
        return new MpiInstallation(mpirun, library, version);
    }

    private static String valueOf(String parsable, String prefix) {
        for (String line : parsable.split("\n")) {
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length()).trim();
            }
        }
        return null;
    }

    private static String run(Path program, String... args) {
        String[] command = new String[args.length + 1];
        command[0] = program.toString();
        System.arraycopy(args, 0, command, 1, args.length);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(OMPI_INFO_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new LinkException("ompi_info did not finish").with("program", program);
            }
            if (process.exitValue() != 0) {
                throw new LinkException("ompi_info failed")
                        .with("program", program).with("exitCode", process.exitValue());
            }
            return new String(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LinkException("ompi_info could not be started", e).with("program", program);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LinkException("interrupted while running ompi_info", e).with("program", program);
        }
    }
}
