package dev.loopx.host.install;

import dev.loopx.host.surface.HostSurface;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One file LoopX manages on a host.
 *
 * @param surface the host
 * @param name the marker's {@code command=} value (a file-name-like stem)
 * @param home the public label of the folder the file lives under ({@code codex_home}, {@code project}…)
 * @param relativePath the path under that folder, with {@code /} separators (printed; never absolute)
 * @param target the real location (never printed)
 * @param content the full desired content, marker included
 * @param pair files with the same non-null pair name are written all together or not at all
 * @param ownsDirectory true when the file's folder exists only for it (removed with it when empty)
 */
public record ManagedFile(
        HostSurface surface,
        String name,
        String home,
        String relativePath,
        Path target,
        String content,
        String pair,
        boolean ownsDirectory) {
    public ManagedFile {
        Objects.requireNonNull(surface, "surface");
        if (!surface.hasHostFiles()) {
            throw new IllegalArgumentException("LoopX installs no files for " + surface.wire());
        }
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(relativePath, "relativePath");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(content, "content");
    }
}
