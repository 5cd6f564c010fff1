package dev.loopx.host.pack;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The agent hosts a goal can be started on (SPEC §S10/§S13), by their wire name, with the
 * should-run runtime profile each one asks with and the command that activates its loop.
 */
public enum HostSurface {
    CODEX_APP("codex-app", "codex_app_heartbeat",
            "Codex App heartbeat automation holding the managed bootstrap wrapper"),
    CODEX_CLI("codex-cli", "codex_cli", "visible /goal turn in Codex CLI carrying the thin task body"),
    CLAUDE_CODE("claude-code", "claude_code", "Claude Code MCP server (loopx mcp serve) bound to the goal and agent"),
    PI("pi", "generic_cli", "Pi extension + goal loop runtime installed by slash-commands --install"),
    OPENCODE("opencode", "generic_cli", "OpenCode command facade + goal bridge installed by slash-commands --install"),
    SHELL("shell", "generic_cli", "a shell runner that loads the thin task body each turn");

    private final String wire;
    private final String runtimeProfile;
    private final String loop;

    HostSurface(String wire, String runtimeProfile, String loop) {
        this.wire = wire;
        this.runtimeProfile = runtimeProfile;
        this.loop = loop;
    }

    public String wire() {
        return wire;
    }

    /** The {@code --runtime-profile} this host's should-run calls use. */
    public String runtimeProfile() {
        return runtimeProfile;
    }

    /** What "the host loop" is on this surface, in one line. */
    public String loop() {
        return loop;
    }

    public static Optional<HostSurface> fromWire(String wire) {
        return Arrays.stream(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }

    /**
     * The surface a {@code --host-surface} value names: its wire name, or the same words joined by
     * {@code _} (the spelling of runtime profiles such as {@code claude_code}), so both spellings
     * reach one canonical surface.
     */
    public static Optional<HostSurface> parse(String value) {
        return value == null ? Optional.empty() : fromWire(value.replace('_', '-'));
    }

    public static List<String> wireNames() {
        return Arrays.stream(values()).map(HostSurface::wire).toList();
    }

    /**
     * The commands that activate this host's loop for one goal and agent. Each is a LoopX CLI call
     * (the argument list after the CLI binary) except Claude Code's registration, which is the
     * {@code claude mcp add} call naming the LoopX server command.
     */
    public List<CliCall> activation(String goalId, String agentId, RuntimeRef runtime) {
        List<String> identity = identity(goalId, agentId);
        return switch (this) {
            case CODEX_APP -> List.of(CliCall.loopx(runtime.with(concat(List.of("host", "codex-app", "install-plan"), identity))));
            case CODEX_CLI, SHELL -> List.of(CliCall.loopx(runtime.with(concat(List.of("heartbeat-prompt"), identity))));
            case CLAUDE_CODE -> List.of(CliCall.claudeMcpAdd(runtime.with(concat(List.of("mcp", "serve"), identity))));
            case PI, OPENCODE -> List.of(CliCall.loopx(runtime.with(List.of("slash-commands", "--install", "--surface", wire))));
        };
    }

    static List<String> identity(String goalId, String agentId) {
        List<String> args = new ArrayList<>(List.of("--goal-id", goalId));
        if (!agentId.isEmpty()) {
            args.addAll(List.of("--agent-id", agentId));
        }
        return args;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
