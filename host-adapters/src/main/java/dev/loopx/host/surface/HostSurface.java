package dev.loopx.host.surface;

import dev.loopx.projections.query.RuntimeProfile;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The agent hosts LoopX works with (SPEC §S10/§S13), in one vocabulary. {@link #wire} is a host's
 * canonical name: the {@code --host-surface} value and the {@code host_surface} JSON field;
 * {@link #parse} also accepts the same words joined by {@code _} (the spelling of runtime
 * profiles such as {@code claude_code}).
 *
 * <p>The four hosts LoopX installs files for ({@link #withHostFiles}) also have a
 * {@link #filesName}: the {@code slash-commands --surface} word, printed in that command's JSON
 * and written into every managed marker ({@code surface=…}). It is the wire name except for Codex
 * CLI, whose prompts were named {@code codex} before this vocabulary existed: files installed
 * since carry {@code surface=codex}, and an install must keep recognising them as unchanged, so
 * that spelling stays. Immutable.
 */
public enum HostSurface {
    CODEX_APP(
            "codex-app",
            "",
            RuntimeProfile.CODEX_APP_HEARTBEAT,
            "Codex App heartbeat automation holding the managed bootstrap wrapper"),
    CODEX_CLI(
            "codex-cli",
            "codex",
            RuntimeProfile.CODEX_CLI,
            "visible /goal turn in Codex CLI carrying the thin task body"),
    CLAUDE_CODE(
            "claude-code",
            "claude-code",
            RuntimeProfile.CLAUDE_CODE,
            "Claude Code MCP server (loopx mcp serve) bound to the goal and agent"),
    PI(
            "pi",
            "pi",
            RuntimeProfile.GENERIC_CLI,
            "Pi extension + goal loop runtime installed by slash-commands --install"),
    OPENCODE(
            "opencode",
            "opencode",
            RuntimeProfile.GENERIC_CLI,
            "OpenCode command facade + goal bridge installed by slash-commands --install"),
    SHELL("shell", "", RuntimeProfile.GENERIC_CLI, "a shell runner that loads the thin task body each turn");

    /** In the order their files are installed and listed. */
    private static final List<HostSurface> WITH_HOST_FILES = List.of(CODEX_CLI, CLAUDE_CODE, OPENCODE, PI);

    private final String wire;
    /** Empty for a host LoopX installs no files for. */
    private final String filesName;

    private final RuntimeProfile runtimeProfile;
    private final String loop;

    HostSurface(String wire, String filesName, RuntimeProfile runtimeProfile, String loop) {
        this.wire = wire;
        this.filesName = filesName;
        this.runtimeProfile = runtimeProfile;
        this.loop = loop;
    }

    /** The canonical name ({@code --host-surface}, JSON {@code host_surface}). */
    public String wire() {
        return wire;
    }

    /** The {@code --runtime-profile} this host's should-run calls use. */
    public RuntimeProfile runtimeProfile() {
        return runtimeProfile;
    }

    /** What "the host loop" is on this surface, in one line. */
    public String loop() {
        return loop;
    }

    /** Whether LoopX installs files for this host ({@code slash-commands --install}). */
    public boolean hasHostFiles() {
        return !filesName.isEmpty();
    }

    /**
     * The {@code slash-commands --surface} word and managed-marker spelling of this host's files.
     *
     * @throws IllegalStateException for a host LoopX installs no files for
     */
    public String filesName() {
        if (!hasHostFiles()) {
            throw new IllegalStateException("LoopX installs no files for " + wire);
        }
        return filesName;
    }

    /** The hosts LoopX installs files for, in install order: codex, claude-code, opencode, pi. */
    public static List<HostSurface> withHostFiles() {
        return WITH_HOST_FILES;
    }

    /** The host with exactly this canonical name. */
    public static Optional<HostSurface> fromWire(String wire) {
        return Arrays.stream(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }

    /**
     * The surface a {@code --host-surface} value names: its wire name, or the same words joined by
     * {@code _}, so both spellings reach one canonical surface.
     */
    public static Optional<HostSurface> parse(String value) {
        return value == null ? Optional.empty() : fromWire(value.replace('_', '-'));
    }

    /** The host with files a {@code slash-commands --surface} word names: its {@link #filesName}, or its wire name. */
    public static Optional<HostSurface> forHostFiles(String name) {
        Objects.requireNonNull(name, "name");
        return WITH_HOST_FILES.stream()
                .filter(s -> s.filesName.equals(name) || s.wire.equals(name))
                .findFirst();
    }

    /** Every canonical name, in declaration order. */
    public static List<String> wireNames() {
        return Arrays.stream(values()).map(HostSurface::wire).toList();
    }
}
