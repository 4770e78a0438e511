package io.frontier.store.kv.sqlite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The mounts listed in a Linux {@code mountinfo} text (see proc(5)), and which of them holds a
 * path: the mount whose mount point is the longest component-wise prefix of the path, the later
 * line winning among equal mount points because a later mount hides an earlier one there.
 *
 * <p>Paths given to {@link #mountOf} must be real paths (symbolic links resolved); the table
 * itself never touches the filesystem.
 */
final class MountTable {

    /** Where the kernel lists the mounts seen by this process. */
    static final Path OWN_MOUNTINFO = Path.of("/proc/self/mountinfo");

    /** One mount: where it is attached, its filesystem type, and what was mounted. */
    record Mount(Path mountPoint, String type, String source) {
    }

    private final List<Mount> mounts;

    private MountTable(List<Mount> mounts) {
        this.mounts = List.copyOf(mounts);
    }

    /**
     * The mounts of this process, or empty where the kernel offers no mountinfo (not Linux), in
     * which case the filesystem cannot be determined.
     */
    static Optional<MountTable> ofThisProcess() {
        if (!Files.isReadable(OWN_MOUNTINFO)) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(Files.readString(OWN_MOUNTINFO)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * Parses mountinfo text. Each line reads {@code id parent major:minor root mount-point options
     * [optional fields...] - type source super-options}; lines that do not have that shape are
     * ignored rather than guessed at.
     */
    static MountTable parse(String mountinfo) {
        List<Mount> mounts = new ArrayList<>();
        for (String line : mountinfo.split("\n")) {
            String[] fields = line.trim().split(" ");
            int separator = -1;
            for (int i = 6; i < fields.length; i++) {
                if (fields[i].equals("-")) {
                    separator = i;
                    break;
                }
            }
            if (separator < 0 || separator + 2 >= fields.length || !fields[4].startsWith("/")) {
                continue;
            }
            mounts.add(new Mount(Path.of(unescape(fields[4])), fields[separator + 1], unescape(fields[separator + 2])));
        }
        return new MountTable(mounts);
    }

    /** The mount that holds {@code realPath}, if any mount point is a prefix of it. */
    Optional<Mount> mountOf(Path realPath) {
        Mount best = null;
        for (Mount mount : mounts) {
            if (realPath.startsWith(mount.mountPoint())
                    && (best == null || mount.mountPoint().getNameCount() >= best.mountPoint().getNameCount())) {
                best = mount;
            }
        }
        return Optional.ofNullable(best);
    }

    /** The kernel writes space, tab, newline and backslash in paths as three-digit octal escapes. */
    private static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder text = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && isOctal(field, i + 1)) {
                text.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                text.append(c);
            }
        }
        return text.toString();
    }

    private static boolean isOctal(String field, int from) {
        if (from + 3 > field.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            char c = field.charAt(i);
            if (c < '0' || c > '7') {
                return false;
            }
        }
        return true;
    }
}
