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

/** Real mpirun, two ranks: what {@link MpiLink} promises about messages already there and sends that cross. */
@Tag("mpi")
class MpiLinkIT {

    @TempDir
    Path directory;

    @Test
    @Timeout(120)
    void aReceiveWithAZeroTimeoutFindsAMessageThatHasAlreadyArrived() throws Exception {
        Path log = runTwoRanks(ArrivedMessageRank.class);

        assertThat(Files.readString(directory.resolve("zero-timeout"))).as("log:%n%s", Files.readString(log))
                .isEqualTo("found");
    }

    @Test
    @Timeout(120)
    void twoRanksThatSendEachOtherLargeMessagesBeforeReceivingBothGetThem() throws Exception {
        Path log = runTwoRanks(CrossingSendsRank.class);

        assertThat(directory.resolve("received-0")).as("log:%n%s", Files.readString(log)).exists();
        assertThat(directory.resolve("received-1")).as("log:%n%s", Files.readString(log)).exists();
    }

    /** Runs {@code rank}'s main on two ranks with the test's directory; kills the job after 90 s. */
    private Path runTwoRanks(Class<?> rank) throws Exception {
        MpiJobLauncher launcher = MpiJobLauncher.forThisMachine(MpiInstallation.discover());
        MpiJobSpec spec = new MpiJobSpec(2, System.getProperty("java.class.path"),
                MpiJobSpec.RANK_JVM_OPTIONS, rank.getName(),
                List.of(directory.toString()), Map.of());
        Path log = directory.resolve("mpirun.log");
        Process job = new ProcessBuilder(launcher.command(spec)).directory(directory.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        if (!job.waitFor(90, TimeUnit.SECONDS)) {
            job.descendants().forEach(ProcessHandle::destroyForcibly);
            job.destroyForcibly().waitFor();
        }
        assertThat(job.exitValue()).as("mpirun exit; log:%n%s", Files.readString(log)).isZero();
        return log;
    }
}
