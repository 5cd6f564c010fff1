package dev.loopx.host.pack;

import dev.loopx.host.surface.HostSurface;
import java.util.ArrayList;
import java.util.List;

/**
 * The commands that activate a host's loop for one goal and agent. Each is a LoopX CLI call (the
 * argument list after the CLI binary) except Claude Code's registration, which is the
 * {@code claude mcp add} call naming the LoopX server command. Pure.
 */
final class LoopActivation {
    private LoopActivation() {}

    static List<CliCall> of(HostSurface surface, String goalId, String agentId, RuntimeRef runtime) {
        List<String> identity = identity(goalId, agentId);
        return switch (surface) {
            case CODEX_APP ->
                List.of(CliCall.loopx(runtime.with(concat(List.of("host", "codex-app", "install-plan"), identity))));
            case CODEX_CLI, SHELL ->
                List.of(CliCall.loopx(runtime.with(concat(List.of("heartbeat-prompt"), identity))));
            case CLAUDE_CODE -> List.of(CliCall.claudeMcpAdd(runtime.with(concat(List.of("mcp", "serve"), identity))));
            case PI, OPENCODE ->
                List.of(CliCall.loopx(
                        runtime.with(List.of("slash-commands", "--install", "--surface", surface.filesName()))));
        };
    }

    private static List<String> identity(String goalId, String agentId) {
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
