package dev.loopx.host.install;

import java.util.Arrays;
import java.util.Optional;

/**
 * A host LoopX installs files for. {@link #wire} is the {@code --surface} word; {@link #hostSurface}
 * is the {@code --host-surface} value the installed files pass to the CLI.
 */
public enum HostSurface {
    CODEX("codex", "codex-cli"),
    CLAUDE_CODE("claude-code", "claude-code"),
    OPENCODE("opencode", "opencode"),
    PI("pi", "pi");

    private final String wire;
    private final String hostSurface;

    HostSurface(String wire, String hostSurface) {
        this.wire = wire;
        this.hostSurface = hostSurface;
    }

    public String wire() {
        return wire;
    }

    public String hostSurface() {
        return hostSurface;
    }

    public static Optional<HostSurface> fromWire(String wire) {
        return Arrays.stream(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }
}
