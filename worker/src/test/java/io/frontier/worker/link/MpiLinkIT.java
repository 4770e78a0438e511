package io.frontier.worker.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Real mpirun, two ranks: what {@link MpiLink#receive} promises about messages already there. */
@Tag("mpi")
class MpiLinkIT {

    @TempDir
    Path directory;

    @Test
    @Timeout(120)
    void aReceiveWithAZeroTimeoutFindsAMessageThatHasAlreadyArrived() throws Exception {
        MpiJobLauncher launcher = MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        MpiJobSpec spec = new MpiJobSpec(2, System.getProperty("java.class.path"),
                List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"), ArrivedMessageRank.class.getName(),
                List.of(directory.toString()), Map.of());
        Path log = directory.resolve("mpirun.log");
        Process job = new ProcessBuilder(launcher.command(spec)).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!job.waitFor(90, TimeUnit.SECONDS)) {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly().waitFor();
        }

        assertThat(job.exitValue()).as("mpirun exit; log:%n%s", Files.readString(log)).isZero();
        assertThat(Files.readString(directory.resolve("zero-timeout"))).isEqualTo("found");
    }
}
