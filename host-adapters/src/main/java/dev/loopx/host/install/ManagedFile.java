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
 * @param content the full desired content, marker included; {@code null} when any managed content is
 *     current (install then keeps an existing managed file and creates none: Claude Code's
 *     {@code .mcp.json} without a lane to bind)
 * @param pair files with the same non-null pair name are written all together or not at all
 * @param ownsDirectory true when the file's folder exists only for it (removed with it when empty)
 * @param retired a file earlier LoopX versions installed and this one no longer does (Codex's
 *     {@code prompts/}, the old name of the loop core): install and uninstall remove it when it is
 *     still LoopX's; a user's copy stays; an absent one is not reported
 */
public record ManagedFile(
        HostSurface surface,
        String name,
        String home,
        String relativePath,
        Path target,
        String content,
        String pair,
        boolean ownsDirectory,
        boolean retired) {
    public ManagedFile(
            HostSurface surface,
            String name,
            String home,
            String relativePath,
            Path target,
            String content,
            String pair,
            boolean ownsDirectory) {
        this(surface, name, home, relativePath, target, content, pair, ownsDirectory, false);
    }

    /** A file an earlier version installed at {@code target}; removed while it still carries the marker. */
    public static ManagedFile retired(HostSurface surface, String name, String home, String relativePath, Path target) {
        return new ManagedFile(surface, name, home, relativePath, target, null, null, false, true);
    }

    public ManagedFile {
        Objects.requireNonNull(surface, "surface");
        if (!surface.hasHostFiles()) {
            throw new IllegalArgumentException("LoopX installs no files for " + surface.wire());
        }
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(home, "home");
        Objects.requireNonNull(relativePath, "relativePath");
        Objects.requireNonNull(target, "target");
        if (content == null && pair != null) {
            throw new IllegalArgumentException("a file of a pair needs its content");
        }
    }
}
