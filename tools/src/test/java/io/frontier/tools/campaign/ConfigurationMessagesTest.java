package io.frontier.tools.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.frontier.tools.CommandRun;
import io.frontier.tools.ExitCodes;
import io.frontier.tools.FrontierCommand;
import io.frontier.tools.TestCampaign;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the commands say about a user's mistakes in files and directories: in the user's words,
 * naming the file, the field, the value and what is allowed, never Java's or Jackson's.
 */
class ConfigurationMessagesTest {

    /** The user an inspection of a read-only campaign runs as when the tests run as root. */
    private static final String NOBODY = "65534";

    @TempDir
    Path root;

    private Path campaign() {
        return root.resolve("campaign");
    }

    private Path settingsFile() {
        return campaign().resolve(CampaignDirectory.SETTINGS);
    }

    @Test
    void anExecutorOfAnUnknownTypeIsRefusedListingTheTypesAndNamingTheFile() throws IOException {
        TestCampaign.prepare(root);
        Path executor = root.resolve("executor.json");
        Files.writeString(executor, Files.readString(executor).replace("\"type\":\"command\"", "\"type\":1"));

        CommandRun init = CommandRun.of("init", campaign().toString(), "--seeds", root.resolve("seeds").toString(),
                "--executor", executor.toString());

        assertThat(init.exitCode()).as(init.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(init.err()).contains("executor file is not a valid executor configuration", "file=" + executor,
                "field=type", "problem=unknown type \"1\"", "expected=one of \"afl\", \"afl_session\", \"command\", \"symcc\"")
                .doesNotContain("subtype", "io.frontier", "Could not resolve");
        assertThat(campaign()).doesNotExist();
    }

    @Test
    void aCampaignJsonThatIsNoLongerJsonSaysWhereAndWhatWithoutJacksonsWords() throws IOException {
        TestCampaign.create(root).close();
        String text = Files.readString(settingsFile());
        Files.writeString(settingsFile(), text.substring(0, text.length() / 2));

        CommandRun status = CommandRun.of("status", campaign().toString());

        assertThat(status.exitCode()).as(status.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(status.err()).contains("campaign settings are invalid", "file=" + settingsFile(), "line=1",
                "column=", "problem=not well-formed JSON").doesNotContain("Source", "REDACTED", "StreamReadFeature");
    }

    @Test
    void aCampaignSettingOutOfRangeIsNamedWithItsValueAndItsRange() throws IOException {
        TestCampaign.create(root).close();
        ObjectNode settings = (ObjectNode) new ObjectMapper().readTree(settingsFile().toFile());
        settings.put("claimBatch", 0);
        Files.write(settingsFile(), new ObjectMapper().writeValueAsBytes(settings));

        CommandRun status = CommandRun.of("status", campaign().toString());

        assertThat(status.exitCode()).as(status.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(status.err()).contains("campaign settings are invalid", "file=" + settingsFile(),
                "setting=claimBatch", "value=0", "allowed=1 to 50 items")
                .doesNotContain("leaseMillis", "buckets=", "maxAttempts");
    }

    @Test
    void aCampaignUnderARegularFileCannotBeCreatedAndSaysWhy() throws IOException {
        TestCampaign.prepare(root);
        Path file = Files.writeString(root.resolve("notes"), "not a directory\n");
        Path inside = file.resolve("campaign");

        CommandRun init = CommandRun.of("init", inside.toString(), "--seeds", root.resolve("seeds").toString(),
                "--executor", root.resolve("executor.json").toString());

        assertThat(init.exitCode()).as(init.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(init.err()).contains("campaign directory cannot be created", inside.toString(), "problem=Not a directory")
                .doesNotContain("NotDirectoryException", "FileSystemException", "FileAlreadyExistsException");
        assertThat(Files.readString(file)).isEqualTo("not a directory\n");
    }

    @Test
    void aReadOnlyCampaignCanBeInspectedAndAChangeIsRefusedSayingItIsReadOnly() throws Exception {
        boolean asRoot = "root".equals(System.getProperty("user.name"));
        assumeTrue(!asRoot || Files.isExecutable(Path.of("/usr/bin/setpriv")),
                "running as root, the test needs setpriv to inspect as another user");
        TestCampaign.create(root).close();
        makeReadOnly(campaign());

        Run status = asAnotherUser(asRoot, "status", campaign().toString(), "--json");
        Run manifest = asAnotherUser(asRoot, "manifest", "list", campaign().toString());
        Run findings = asAnotherUser(asRoot, "findings", campaign().toString());
        Run resume = asAnotherUser(asRoot, "resume", campaign().toString(), "--fence-only");

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).contains("\"campaign\" : \"campaign\"");
        assertThat(manifest.exitCode()).as(manifest.toString()).isZero();
        assertThat(findings.exitCode()).as(findings.toString()).isZero();
        assertThat(resume.exitCode()).as(resume.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(resume.err()).contains("the store cannot be written here", "is read-only for this process")
                .doesNotContain("code=14", "code=8", "SQLITE");
        try (Stream<Path> left = Files.list(campaign())) {
            assertThat(left).extracting(path -> path.getFileName().toString())
                    .containsExactlyInAnyOrder("campaign.json", "corpus", "reports", "store.db");
        }
    }

    /**
     * Takes write permission away from the campaign directory, its store and its subdirectories;
     * the test's directory above it becomes readable by every user.
     */
    private void makeReadOnly(Path campaign) throws IOException {
        try (Stream<Path> all = Files.walk(campaign)) {
            for (Path path : all.toList()) {
                Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(
                        Files.isDirectory(path) ? "r-xr-xr-x" : "r--r--r--"));
            }
        }
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /**
     * Runs {@code frontier ARGS} in a process of its own: as user nobody when this JVM runs as
     * root (whom permissions do not stop), on a copy of this JVM's class path that nobody can read.
     */
    private Run asAnotherUser(boolean asRoot, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (asRoot) {
            command.addAll(List.of("/usr/bin/setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                readableClassPath(), FrontierCommand.class.getName()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(root, "out", ".txt");
        Path err = Files.createTempFile(root, "err", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .directory(root.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("frontier " + String.join(" ", args) + " did not end within 120 s");
        }
        return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** This JVM's class path, copied once under the test's directory and readable by every user. */
    private String readableClassPath() throws IOException {
        Path copy = root.resolve("classpath");
        List<String> entries = new ArrayList<>();
        String[] original = System.getProperty("java.class.path").split(File.pathSeparator);
        for (int i = 0; i < original.length; i++) {
            Path source = Path.of(original[i]);
            Path target = copy.resolve(i + "-" + source.getFileName());
            if (!Files.exists(target) && Files.exists(source)) {
                copyTree(source, target);
            }
            entries.add(target.toString());
        }
        try (Stream<Path> all = Files.walk(copy)) {
            for (Path path : all.toList()) {
                Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(
                        Files.isDirectory(path) ? "rwxr-xr-x" : "rw-r--r--"));
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> all = Files.walk(source)) {
            for (Path path : all.toList()) {
                Path to = target.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(to);
                } else {
                    Files.createDirectories(to.getParent());
                    Files.copy(path, to);
                }
            }
        }
    }

    private record Run(int exitCode, String out, String err) {
    }
}
