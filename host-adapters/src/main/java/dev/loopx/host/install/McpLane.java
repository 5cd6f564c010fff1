package dev.loopx.host.install;

/**
 * Which {@code loopx mcp serve} Claude Code's project {@code .mcp.json} registers: a server bound to
 * one lane ({@code --goal-id}, optionally {@code --agent-id}), an unbound one (only when asked for),
 * or none ({@link #KEEP}: an existing managed registration stays as it is, none is created).
 *
 * @param goalId the bound goal, or {@code null}
 * @param agentId the bound agent, or {@code null}
 * @param unbound register {@code loopx mcp serve} without a lane (every call then names its goal)
 */
public record McpLane(String goalId, String agentId, boolean unbound) {
    /** No lane and no unbound request: keep what is installed, register nothing new. */
    public static final McpLane KEEP = new McpLane(null, null, false);

    public McpLane {
        if (unbound && (goalId != null || agentId != null)) {
            throw new IllegalArgumentException("an unbound server names no goal or agent");
        }
        if (goalId == null && agentId != null) {
            throw new IllegalArgumentException("an agent lane needs its goal");
        }
    }

    /** Whether install has a registration to write. */
    public boolean registers() {
        return unbound || goalId != null;
    }
}
