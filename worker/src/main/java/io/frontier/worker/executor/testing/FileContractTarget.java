package io.frontier.worker.executor.testing;

import io.frontier.store.error.IoReason;
import io.frontier.worker.executor.CommandConfig;
import io.frontier.worker.executor.ExecutorException;
import io.frontier.worker.executor.InputMode;
import io.frontier.worker.executor.process.ResourceLimits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Installs {@code file-contract-target}, a POSIX shell program that behaves like a SymCC target
 * on the file level: it reads its input (a path argument, or standard input) and writes children
 * named {@code 000000}, {@code 000001}, ... into {@code --output-dir} or {@code $SYMCC_OUTPUT_DIR}.
 *
 * <pre>
 * file-contract-target [--output-dir DIR] [--children none|same|derived] [--fanout N] [--depth N]
 *                      [--sleep-ms N] [--crash-on TEXT] [--hang-on TEXT] [--pruning-map FILE]
 *                      [--pruning-log FILE] [INPUT]
 * </pre>
 *
 * <ul>
 *   <li>{@code none} (default): no child.</li>
 *   <li>{@code same}: one child, {@code "frontier same child\n"}, for every input (itself included).</li>
 *   <li>{@code derived}: {@code --fanout} children ({@code "frontier-child G I\n"} + the input) per
 *       input of generation below {@code --depth} (default 1: seeds get children, children none).</li>
 *   <li>{@code --sleep-ms} sleeps first; {@code --crash-on TEXT} aborts (SIGABRT) on an input
 *       containing TEXT; {@code --hang-on TEXT} sleeps an hour on an input containing TEXT, to run
 *       past a time limit; a missing output directory gives exit 255, as with SymCC.</li>
 *   <li>{@code --pruning-map FILE} (default {@code $SYMCC_AFL_COVERAGE_MAP}, as SymCC reads it):
 *       the run notes the bits set in that SymCC pruning map, appends them to
 *       {@code --pruning-log} as {@code "MAP G seen: B1 B2 ..."}, then sets bit G, G being its
 *       input's generation, as SymCC sets the bits of what it solved.</li>
 * </ul>
 *
 * <p>Usable by both executors: as a command ({@link #command}), or as a "SymCC target" whose
 * output directory comes from {@code SYMCC_OUTPUT_DIR}.
 */
public final class FileContractTarget {

    /** File name of the installed program. */
    public static final String NAME = "file-contract-target";
    private static final String RESOURCE = "file-contract-target.sh";

    private FileContractTarget() {
    }

    /**
     * Writes the program into {@code directory} (created if absent) as an executable file and
     * returns its absolute path. Safe to call concurrently from several processes: the file is
     * written under a unique name and renamed into place.
     */
    public static Path install(Path directory) {
        Path target = directory.toAbsolutePath().normalize().resolve(NAME);
        Path temporary = target.resolveSibling(NAME + ".tmp-" + ProcessHandle.current().pid() + "-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36));
        try (InputStream script = FileContractTarget.class.getResourceAsStream(RESOURCE)) {
            if (script == null) {
                throw new ExecutorException("test target resource is missing").with("resource", RESOURCE);
            }
            Files.createDirectories(directory);
            Files.copy(script, temporary);
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rwxr-xr-x"));
            try {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
            }
            return target;
        } catch (IOException e) {
            throw new ExecutorException("test target could not be installed", e)
                    .with("directory", directory).with("problem", IoReason.of(e));
        } finally {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException e) {
                // The temporary name is unique and the install already succeeded or failed.
            }
        }
    }

    /**
     * A command configuration that runs the installed program on {@code {input}} as a file,
     * writing into {@code {output_dir}}, with {@code options} (e.g. "--children", "same").
     */
    public static CommandConfig command(Path installed, List<String> options) {
        List<String> command = new ArrayList<>();
        command.add(installed.toAbsolutePath().toString());
        command.addAll(options);
        command.addAll(List.of("--output-dir", "{output_dir}", "{input}"));
        return new CommandConfig(command, InputMode.FILE, Map.of(), ResourceLimits.NONE);
    }

    /** Installs the program into the directory given as the only argument and prints its path. */
    public static void main(String[] arguments) {
        if (arguments.length != 1) {
            System.err.println("usage: FileContractTarget DIRECTORY");
            System.exit(2);
        }
        System.out.println(install(Path.of(arguments[0])));
    }
}
