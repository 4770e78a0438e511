package io.frontier.store.error;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;

/**
 * Why a filesystem operation failed, in the operating system's words rather than Java's class
 * names: "permission denied", "a path element is not a directory", "Read-only file system". The
 * path itself is left to the caller's context. Stateless.
 */
public final class IoReason {

    private IoReason() {
    }

    /** The reason {@code failure} gives, without its path. */
    public static String of(IOException failure) {
        String words = words(failure);
        String reason = failure instanceof FileSystemException system ? system.getReason() : failure.getMessage();
        if (words == null) {
            return reason == null || reason.isBlank() ? "input/output error" : reason;
        }
        if (failure instanceof FileSystemException system && system.getOtherFile() != null) {
            words += " (" + system.getOtherFile() + ")";
        }
        return reason == null || reason.isBlank() || reason.equalsIgnoreCase(words) ? words : words + ": " + reason;
    }

    /** Our words for the kinds of failure Java names only by class, or null. */
    private static String words(IOException failure) {
        if (failure instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (failure instanceof NotDirectoryException) {
            return "a path element is not a directory";
        }
        if (failure instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (failure instanceof FileAlreadyExistsException) {
            return "a file of that name exists already";
        }
        if (failure instanceof DirectoryNotEmptyException) {
            return "the directory is not empty";
        }
        if (failure instanceof FileSystemLoopException) {
            return "too many levels of symbolic links";
        }
        return failure instanceof NotLinkException ? "not a symbolic link" : null;
    }
}
