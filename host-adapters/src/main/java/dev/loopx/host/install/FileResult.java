package dev.loopx.host.install;

import java.util.Objects;

/**
 * The outcome for one managed file.
 *
 * @param file the file
 * @param status what happened (or would happen)
 * @param owner who owns the file as found: {@code loopx} (marker), {@code user} (no marker) or {@code none} (absent)
 */
public record FileResult(ManagedFile file, FileStatus status, String owner) {
    public FileResult {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(owner, "owner");
    }
}
