package io.frontier.worker.executor.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.frontier.worker.executor.ChildEnvironment;
import io.frontier.worker.executor.CommandExecutor;
import io.frontier.worker.executor.Execution;
import io.frontier.worker.executor.ExitKind;
import io.frontier.worker.executor.InputMode;
import io.frontier.worker.executor.SymccConfig;
import io.frontier.worker.executor.SymccExecutor;
import io.frontier.worker.executor.process.ProcessRunner;
import io.frontier.worker.executor.process.ResourceLimits;
import io.frontier.worker.executor.process.Signals;
import io.frontier.worker.executor.process.Termination;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileContractTargetTest {

    private static final Duration LIMIT = Duration.ofSeconds(20);
    private static final ProcessRunner RUNNER = ProcessRunner.onThisMachine();
    private static final ChildEnvironment ENVIRONMENT = ChildEnvironment.from(Map.of("PATH", "/usr/bin:/bin"));

    @TempDir
    Path dir;
    private Path installed;
    private int runs;

    @BeforeEach
    void install() {
        installed = FileContractTarget.install(dir.resolve("bin"));
    }

    private Execution run(Path input, String... options) {
        CommandExecutor executor = new CommandExecutor(FileContractTarget.command(installed, List.of(options)),
                RUNNER, ENVIRONMENT);
        return executor.run(input, dir.resolve("run-" + runs++ + "/out"), LIMIT);
    }

    private Path seed(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    private static List<String> contents(Execution execution) throws IOException {
        List<String> contents = new ArrayList<>();
        for (Path output : execution.outputs()) {
            contents.add(Files.readString(output));
        }
        return contents;
    }

    @Test
    void installsAnExecutableProgramAndReinstallsInPlace() {
        assertThat(installed).isEqualTo(dir.resolve("bin/file-contract-target")).isExecutable();
        assertThat(FileContractTarget.install(dir.resolve("bin"))).isEqualTo(installed);
        assertThat(dir.resolve("bin")).isDirectoryContaining(path -> path.equals(installed))
                .isDirectoryNotContaining(path -> path.getFileName().toString().contains(".tmp-"));
    }

    @Test
    void noChildrenByDefault() throws IOException {
        Execution execution = run(seed("a", "a\n"));

        assertThat(execution.kind()).isEqualTo(ExitKind.OK);
        assertThat(execution.outputs()).isEmpty();
    }

    @Test
    void sameModeGivesEveryInputTheSameChildIncludingThatChild() throws IOException {
        Execution first = run(seed("a", "a\n"), "--children", "same");
        Execution second = run(seed("b", "b\n"), "--children", "same");
        Execution ofChild = run(first.outputs().get(0), "--children", "same");

        assertThat(first.outputs()).hasSize(1);
        assertThat(first.outputs().get(0).getFileName()).hasToString("000000");
        assertThat(contents(first)).containsExactly("frontier same child\n");
        assertThat(contents(second)).isEqualTo(contents(first));
        assertThat(contents(ofChild)).isEqualTo(contents(first));
    }

    @Test
    void derivedModeGivesEachSeedItsOwnChildrenDownToTheDepth() throws IOException {
        Execution seedRun = run(seed("a", "seed a\n"), "--children", "derived");
        Execution childRun = run(seedRun.outputs().get(0), "--children", "derived");
        Execution wide = run(seed("b", "seed b\n"), "--children", "derived", "--fanout", "3", "--depth", "2");
        Execution grandchildren = run(wide.outputs().get(2), "--children", "derived", "--fanout", "3", "--depth", "2");
        Execution last = run(grandchildren.outputs().get(0), "--children", "derived", "--fanout", "3", "--depth", "2");

        assertThat(contents(seedRun)).containsExactly("frontier-child 1 0\nseed a\n");
        assertThat(childRun.outputs()).isEmpty();
        assertThat(wide.outputs()).extracting(path -> path.getFileName().toString())
                .containsExactly("000000", "000001", "000002");
        assertThat(contents(grandchildren)).containsExactly(
                "frontier-child 2 0\nfrontier-child 1 2\nseed b\n",
                "frontier-child 2 1\nfrontier-child 1 2\nseed b\n",
                "frontier-child 2 2\nfrontier-child 1 2\nseed b\n");
        assertThat(last.outputs()).isEmpty();
    }

    @Test
    void sleepsBeforeWritingItsChild() throws IOException {
        Execution execution = run(seed("a", "a\n"), "--sleep-ms", "100", "--children", "same");

        assertThat(execution.wallTime()).isGreaterThanOrEqualTo(Duration.ofMillis(100));
        assertThat(execution.outputs()).hasSize(1);
    }

    @Test
    void abortsOnAnInputContainingTheCrashText() throws IOException {
        Execution crash = run(seed("bad", "xx BOOM xx\n"), "--crash-on", "BOOM", "--children", "same");
        Execution fine = run(seed("good", "xx BOO xx\n"), "--crash-on", "BOOM", "--children", "same");

        assertThat(crash.kind()).isEqualTo(ExitKind.CRASH);
        assertThat(crash.termination()).isEqualTo(new Termination.Signaled(Signals.SIGABRT));
        assertThat(crash.outputs()).isEmpty();
        assertThat(fine.kind()).isEqualTo(ExitKind.OK);
    }

    @Test
    void runsPastItsTimeLimitOnAnInputContainingTheHangText() throws IOException {
        CommandExecutor executor = new CommandExecutor(FileContractTarget.command(installed,
                List.of("--hang-on", "STUCK", "--children", "same")), RUNNER, ENVIRONMENT);

        Execution hang = executor.run(seed("stuck-input", "xx STUCK xx\n"), dir.resolve("hang/out"), Duration.ofMillis(300));
        Execution fine = executor.run(seed("free-input", "xx STUC xx\n"), dir.resolve("free/out"), LIMIT);

        assertThat(hang.kind()).isEqualTo(ExitKind.TIMEOUT);
        assertThat(hang.outputs()).isEmpty();
        assertThat(fine.kind()).isEqualTo(ExitKind.OK);
        assertThat(fine.outputs()).hasSize(1);
    }

    @Test
    void worksAsASymccTargetThroughSymccOutputDirInBothInputModes() throws IOException {
        Path input = seed("a", "seed\n");
        SymccConfig byFile = new SymccConfig(installed.toString(), List.of("--children", "derived", "{input}"),
                InputMode.FILE, false, false, Map.of(), ResourceLimits.NONE);
        SymccConfig byStdin = new SymccConfig(installed.toString(), List.of("--children", "derived"),
                InputMode.STDIN, false, false, Map.of(), ResourceLimits.NONE);

        Execution file = new SymccExecutor(byFile, Optional.empty(), RUNNER, ENVIRONMENT)
                .run(input, dir.resolve("file/out"), LIMIT);
        Execution stdin = new SymccExecutor(byStdin, Optional.empty(), RUNNER, ENVIRONMENT)
                .run(input, dir.resolve("stdin/out"), LIMIT);

        assertThat(contents(file)).containsExactly("frontier-child 1 0\nseed\n");
        assertThat(contents(stdin)).containsExactly("frontier-child 1 0\nseed\n");
    }

    @Test
    void rejectsAnUnknownOptionWithExitCodeTwo() throws IOException {
        Execution execution = run(seed("a", "a\n"), "--children", "many");

        assertThat(execution.termination()).isEqualTo(new Termination.Exited(2));
        assertThat(execution.stderr().text()).contains("--children is none, same or derived");
    }
}
