package io.frontier.store.kv.sqlite;

import io.frontier.store.kv.StoreException;
import io.frontier.store.kv.UnsupportedFilesystemException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * Refuses a store path on a network or cluster filesystem. SQLite's locks there are advisory at
 * best and silently absent at worst, so two machines could both hold "the" write lock and
 * corrupt the store; a campaign that spans machines uses FoundationDB instead.
 */
final class FilesystemGuard {

    /**
     * Filesystem types (as the kernel names them in mountinfo) that are shared over a network:
     * NFS, Lustre, CIFS/SMB, IBM Spectrum Scale (GPFS), BeeGFS, CephFS, GlusterFS, SSHFS, AFS.
     */
    static final Set<String> NETWORK_TYPES = Set.of(
            "nfs", "nfs4", "lustre", "cifs", "smb3", "smbfs", "gpfs", "beegfs",
            "ceph", "fuse.ceph", "glusterfs", "fuse.glusterfs", "fuse.sshfs", "afs");

    private FilesystemGuard() {
    }

    /**
     * Checks the filesystem that holds {@code storeFile} (or, if it does not exist yet, its
     * directory) after resolving symbolic links, so a link on a local disk that points into an
     * NFS mount is refused too.
     *
     * @param storeFile an absolute path whose parent directory exists
     * @throws UnsupportedFilesystemException if that filesystem is a network filesystem
     */
    static void check(Path storeFile, MountTable mounts) {
        Path real;
        try {
            real = Files.exists(storeFile) ? storeFile.toRealPath() : storeFile.getParent().toRealPath();
        } catch (IOException e) {
            throw new StoreException("store path cannot be resolved", e).with("path", storeFile);
        }
        mounts.mountOf(real)
                .filter(mount -> NETWORK_TYPES.contains(mount.type()))
                .ifPresent(mount -> {
                    throw new UnsupportedFilesystemException("store path is on a network filesystem, where SQLite locking is unreliable")
                            .with("path", storeFile)
                            .with("filesystem", mount.type())
                            .with("mountPoint", mount.mountPoint());
                });
    }
}
