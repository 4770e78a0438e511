package io.frontier.store.kv.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which mount holds a path, from fabricated mountinfo text and from this machine's own. */
class MountTableTest {

    private static final String MOUNTINFO = String.join("\n",
            "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw,errors=remount-ro",
            "30 22 0:26 / /scratch rw,relatime shared:7 - xfs /dev/sdb1 rw",
            "31 30 0:40 / /scratch/shared rw,relatime shared:8 - nfs4 filer:/vol/shared rw,vers=4.2",
            "32 22 0:41 / /lus rw - lustre 10.0.0.1@o2ib:/fs rw",
            "33 22 0:42 / /mnt/my\\040share rw - cifs //host/share rw",
            "34 22 0:43 / /opt rw - tmpfs tmpfs rw",
            "35 22 0:44 / /opt rw master:3 unbindable - nfs server:/opt rw",
            "not a mountinfo line");

    private final MountTable table = MountTable.parse(MOUNTINFO);

    @Test
    void longestMatchingMountPointWins() {
        assertThat(table.mountOf(Path.of("/scratch/shared/campaign/store.db")).orElseThrow().type()).isEqualTo("nfs4");
        assertThat(table.mountOf(Path.of("/scratch/local/store.db")).orElseThrow().type()).isEqualTo("xfs");
        assertThat(table.mountOf(Path.of("/home/user/store.db")).orElseThrow().type()).isEqualTo("ext4");
    }

    @Test
    void mountPointMatchesWholePathComponentsOnly() {
        assertThat(table.mountOf(Path.of("/lustre-local/store.db")).orElseThrow().type()).isEqualTo("ext4");
        assertThat(table.mountOf(Path.of("/lus/store.db")).orElseThrow().type()).isEqualTo("lustre");
        assertThat(table.mountOf(Path.of("/lus")).orElseThrow().type()).isEqualTo("lustre");
    }

    @Test
    void escapedSpacesInMountPointsAreDecoded() {
        assertThat(table.mountOf(Path.of("/mnt/my share/store.db")).orElseThrow().type()).isEqualTo("cifs");
    }

    @Test
    void laterMountOnTheSameMountPointHidesTheEarlierOne() {
        assertThat(table.mountOf(Path.of("/opt/store.db")).orElseThrow().type()).isEqualTo("nfs");
    }

    @Test
    void optionalFieldsBeforeTheSeparatorAreSkipped() {
        MountTable.Mount mount = table.mountOf(Path.of("/opt/x")).orElseThrow();
        assertThat(mount.source()).isEqualTo("server:/opt");
        assertThat(mount.mountPoint()).isEqualTo(Path.of("/opt"));
    }

    @Test
    void filesystemFoundForATemporaryDirectoryMatchesWhatTheJdkReports(@TempDir Path directory) throws Exception {
        assumeTrue(Files.isReadable(MountTable.OWN_MOUNTINFO), "no /proc/self/mountinfo on this system");
        MountTable own = MountTable.ofThisProcess().orElseThrow();
        String type = own.mountOf(directory.toRealPath()).orElseThrow().type();
        assertThat(type).isEqualTo(Files.getFileStore(directory).type());
        assertThat(FilesystemGuard.NETWORK_TYPES).as("tests run on a local filesystem").doesNotContain(type);
    }
}
