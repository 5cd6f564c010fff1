package dev.loopx.host.mcp;

import java.util.Objects;

/**
 * The goal and agent a running {@code loopx mcp serve} acts for (empty when not bound) and the CLI
 * name used in the fix commands it prints.
 */
public record McpBinding(String goalId, String agentId, String cliBin) {
    public McpBinding {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(cliBin, "cliBin");
    }
}
