package dev.loopx.ledger.files;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Why a file operation failed, in words a person can act on and without the file's path (which
 * {@link FileSystemException#getMessage()} carries): the operating system's reason, e.g.
 * {@code Read-only file system}, {@code No space left on device}, {@code permission denied}.
 */
public final class IoReason {
    private IoReason() {}

    public static String of(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "a folder on the way is missing";
        }
        if (e instanceof FileSystemException fs) {
            return fs.getReason() == null ? e.getClass().getSimpleName() : fs.getReason();
        }
        return e.getClass().getSimpleName();
    }
}
