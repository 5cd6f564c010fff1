package dev.loopx.commands.todo;

import java.util.Objects;

/** The todo commands (SPEC §S4). Empty strings mean "not given"; values are validated by the parser. */
public final class TodoCommands {
    private TodoCommands() {}

    public record AddTodo(String goalId, String role, String text, String taskClass, String priority, String claimedBy,
            String blocksAgent, boolean globalGate, java.util.List<String> excludedAgents, String resumeWhen) {
        public AddTodo {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(taskClass, "taskClass");
            Objects.requireNonNull(priority, "priority");
            Objects.requireNonNull(claimedBy, "claimedBy");
            Objects.requireNonNull(blocksAgent, "blocksAgent");
            excludedAgents = java.util.List.copyOf(excludedAgents);
            Objects.requireNonNull(resumeWhen, "resumeWhen");
        }
    }

    public record ClaimTodo(String goalId, String todoId, String agentId) {}

    /**
     * @param text new text or empty to keep; @param status {@code open|blocked|deferred|done} or empty
     * @param resumeWhen a condition, {@code none} to clear, or empty to keep
     */
    public record UpdateTodo(String goalId, String todoId, String agentId, String text, String status, String resumeWhen,
            boolean clearClaim) {}

    public record CompleteTodo(String goalId, String todoId, String agentId, String evidence, boolean noFollowup,
            String nextAgentTodo, String nextUserTodo, String nextUserTaskClass, String decisionOutcome) {}

    public record SupersedeTodo(String goalId, String todoId, String agentId, String reason, String nextAgentTodo) {}

    public record DeclareEmpty(String goalId, String role) {}
}
