package io.frontier.store.corpus.seed;

import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;

/**
 * What a seed file looked like when it was read: its file key (device and inode), size and
 * modification time. A file whose identity is unchanged is not read again; replacing it
 * (new inode), appending to it or rewriting it (new size or time) makes it a new seed. A rewrite
 * in place that keeps size and modification time is not noticed.
 */
record SeedIdentity(Object fileKey, long size, FileTime modified) {

    static SeedIdentity of(BasicFileAttributes attributes) {
        return new SeedIdentity(attributes.fileKey(), attributes.size(), attributes.lastModifiedTime());
    }
}
