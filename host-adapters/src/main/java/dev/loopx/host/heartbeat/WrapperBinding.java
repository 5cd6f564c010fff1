package dev.loopx.host.heartbeat;

import dev.loopx.commands.Ids;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a managed heartbeat wrapper binds: the layout version, the runtime root (a local path:
 * private, never shown in public output), goal, agent, CLI binary and the capabilities the host
 * offers. Capabilities are kept sorted and distinct, so one binding has exactly one wrapper text.
 *
 * <p>Valid bindings only: goal, agent and capabilities follow the id rule; the runtime root and
 * CLI binary are non-blank and free of control characters. {@link #problem} says why a candidate
 * is not valid, without echoing it.
 */
public record WrapperBinding(
        int version, String runtimeRoot, String goalId, String agentId, String cliBin, List<String> capabilities) {
    public WrapperBinding {
        Objects.requireNonNull(runtimeRoot, "runtimeRoot");
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(cliBin, "cliBin");
        capabilities = capabilities.stream().sorted().distinct().toList();
        Optional<String> problem = problem(runtimeRoot, goalId, agentId, cliBin, capabilities);
        if (problem.isPresent()) {
            throw new IllegalArgumentException(problem.get());
        }
    }

    /** Why these values cannot form a binding (public-safe), or empty. */
    public static Optional<String> problem(
            String runtimeRoot, String goalId, String agentId, String cliBin, List<String> capabilities) {
        if (runtimeRoot.isBlank() || hasControl(runtimeRoot)) {
            return Optional.of("the runtime root must be a non-blank path without control characters");
        }
        if (cliBin.isBlank() || hasControl(cliBin)) {
            return Optional.of("--cli-bin must be non-blank and free of control characters");
        }
        Optional<String> bad = Ids.problem("--goal-id", goalId).or(() -> Ids.problem("--agent-id", agentId));
        for (String c : capabilities) {
            bad = bad.or(() -> Ids.problem("--available-capability", c));
        }
        return bad;
    }

    private static boolean hasControl(String s) {
        return s.chars().anyMatch(c -> c < 0x20 || c == 0x7f);
    }
}
