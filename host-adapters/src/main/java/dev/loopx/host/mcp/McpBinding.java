package dev.loopx.host.mcp;

import java.util.List;
import java.util.Objects;

/**
 * The goal and agent a running {@code loopx mcp serve} acts for (empty when not bound), the CLI
 * name used in the fix commands it prints, and the global options every call must carry (e.g.
 * {@code --runtime-root}).
 */
public record McpBinding(String goalId, String agentId, String cliBin, List<String> globalArgs) {
    public McpBinding {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(cliBin, "cliBin");
        globalArgs = List.copyOf(globalArgs);
    }
}
