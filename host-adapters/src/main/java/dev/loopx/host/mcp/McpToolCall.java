package dev.loopx.host.mcp;

import java.util.Objects;

/**
 * One MCP tool call, translated from its JSON arguments and the server's binding into the lane it
 * acts for and what it asks ({@link McpToolCalls#translate}). The {@link McpToolBackend} runs it
 * as the use case of the same name; identity and argument shapes are already checked.
 */
public sealed interface McpToolCall {
    /** The goal the call acts on (never empty). */
    String goalId();

    /** The agent (lane) it acts as; empty when neither bound nor given. */
    String agentId();

    /** The tool's name ({@link McpToolCalls#TOOLS}). */
    default String tool() {
        return switch (this) {
            case ShouldRun c -> McpToolCalls.SHOULD_RUN;
            case ClaimTask c -> McpToolCalls.CLAIM_TASK;
            case CompleteTask c -> McpToolCalls.COMPLETE_TASK;
            case HostPrompt c -> McpToolCalls.HOST_PROMPT;
        };
    }

    /** {@code should_run}: the heartbeat question with the {@code claude_code} runtime profile. */
    record ShouldRun(String goalId, String agentId, String turnInstanceId) implements McpToolCall {
        public ShouldRun {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(turnInstanceId, "turnInstanceId");
        }
    }

    /** {@code claim_task}: a soft claim on one todo. */
    record ClaimTask(String goalId, String agentId, String todoId) implements McpToolCall {
        public ClaimTask {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(todoId, "todoId");
        }
    }

    /** {@code complete_task}: done, with evidence and an optional successor or an explicit end. */
    record CompleteTask(
            String goalId, String agentId, String todoId, String evidence, String nextAgentTodo, boolean noFollowUp)
            implements McpToolCall {
        public CompleteTask {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
            Objects.requireNonNull(todoId, "todoId");
            Objects.requireNonNull(evidence, "evidence");
            Objects.requireNonNull(nextAgentTodo, "nextAgentTodo");
        }
    }

    /** {@code host_prompt}: the thin per-turn body of the lane. */
    record HostPrompt(String goalId, String agentId) implements McpToolCall {
        public HostPrompt {
            Objects.requireNonNull(goalId, "goalId");
            Objects.requireNonNull(agentId, "agentId");
        }
    }
}
