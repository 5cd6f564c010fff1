package dev.loopx.host.mcp;

import io.vavr.control.Either;
import java.util.List;
import java.util.Map;

/**
 * Pure translation of one MCP tool call into the typed {@link McpToolCall} it asks for, or an
 * {@link McpBlocker} when the call lacks the authority, identity or argument shape to run. No I/O.
 *
 * <p>Identity: a bound server ({@code --goal-id}/{@code --agent-id} on {@code mcp serve}) acts for
 * that goal and agent only; a tool argument naming another one is refused
 * ({@code binding_conflict}). An unbound server takes them from the tool arguments; without a goal
 * the call is refused ({@code goal_binding_required}). Whether an agent is registered, or a claim
 * allowed, is the use case's decision, returned as its own document.
 */
public final class McpToolCalls {
    public static final String SHOULD_RUN = "should_run";
    public static final String CLAIM_TASK = "claim_task";
    public static final String COMPLETE_TASK = "complete_task";
    public static final String HOST_PROMPT = "host_prompt";
    public static final List<String> TOOLS = List.of(SHOULD_RUN, CLAIM_TASK, COMPLETE_TASK, HOST_PROMPT);

    private McpToolCalls() {}

    public static Either<McpBlocker, McpToolCall> translate(
            String tool, Map<String, Object> arguments, McpBinding binding) {
        Map<String, Object> args = arguments == null ? Map.of() : arguments;
        if (!TOOLS.contains(tool)) {
            return Either.left(unknownTool(tool, binding));
        }
        Either<McpBlocker, String> goal = identity(tool, "goal_id", args, binding.goalId(), binding);
        if (goal.isLeft()) {
            return Either.left(goal.getLeft());
        }
        Either<McpBlocker, String> agent = identity(tool, "agent_id", args, binding.agentId(), binding);
        if (agent.isLeft()) {
            return Either.left(agent.getLeft());
        }
        String goalId = goal.get();
        String agentId = agent.get();
        if (goalId.isEmpty()) {
            return Either.left(new McpBlocker(
                    tool,
                    "goal_binding_required",
                    "This MCP server is not bound to a goal and the call named none; LoopX will not guess one.",
                    serveCommand(binding, "<goal-id>", agentId.isEmpty() ? "<agent-id>" : agentId)));
        }
        return switch (tool) {
            case SHOULD_RUN ->
                string(tool, "turn_instance_id", args).map(turn -> new McpToolCall.ShouldRun(goalId, agentId, turn));
            case HOST_PROMPT -> Either.right(new McpToolCall.HostPrompt(goalId, agentId));
            default -> todoCall(tool, args, binding, goalId, agentId);
        };
    }

    /** The blocker for a call of a tool LoopX does not offer. */
    public static McpBlocker unknownTool(String tool, McpBinding binding) {
        return new McpBlocker(
                tool,
                "unknown_tool",
                "LoopX offers only " + String.join(", ", TOOLS) + "; nothing ran.",
                binding.cliBin() + " mcp serve --help");
    }

    private static Either<McpBlocker, McpToolCall> todoCall(
            String tool, Map<String, Object> args, McpBinding binding, String goalId, String agentId) {
        Either<McpBlocker, String> todo = string(tool, "todo_id", args);
        if (todo.isLeft()) {
            return Either.left(todo.getLeft());
        }
        if (todo.get().isEmpty()) {
            return Either.left(new McpBlocker(
                    tool,
                    "invalid_tool_arguments",
                    "todo_id is required.",
                    binding.cliBin() + " todo list --goal-id " + goalId));
        }
        if (tool.equals(CLAIM_TASK)) {
            return Either.right(new McpToolCall.ClaimTask(goalId, agentId, todo.get()));
        }
        Either<McpBlocker, String> evidence = string(tool, "evidence", args);
        if (evidence.isLeft()) {
            return Either.left(evidence.getLeft());
        }
        Either<McpBlocker, String> next = string(tool, "next_agent_todo", args);
        if (next.isLeft()) {
            return Either.left(next.getLeft());
        }
        Object noFollowUp = args.get("no_follow_up");
        if (noFollowUp != null && !(noFollowUp instanceof Boolean)) {
            return Either.left(
                    new McpBlocker(tool, "invalid_tool_arguments", "no_follow_up must be true or false.", ""));
        }
        return Either.right(new McpToolCall.CompleteTask(
                goalId, agentId, todo.get(), evidence.get(), next.get(), Boolean.TRUE.equals(noFollowUp)));
    }

    private static Either<McpBlocker, String> identity(
            String tool, String key, Map<String, Object> args, String bound, McpBinding binding) {
        Either<McpBlocker, String> given = string(tool, key, args);
        if (given.isLeft()) {
            return given;
        }
        if (!bound.isEmpty() && !given.get().isEmpty() && !given.get().equals(bound)) {
            return Either.left(new McpBlocker(
                    tool,
                    "binding_conflict",
                    "This MCP server is bound to " + key + "=" + bound + "; it cannot act for another one. "
                            + "Register a second server for the other lane.",
                    serveCommand(
                            binding,
                            key.equals("goal_id") ? given.get() : binding.goalId(),
                            key.equals("agent_id") ? given.get() : binding.agentId())));
        }
        return Either.right(bound.isEmpty() ? given.get() : bound);
    }

    private static Either<McpBlocker, String> string(String tool, String key, Map<String, Object> args) {
        Object value = args.get(key);
        if (value == null) {
            return Either.right("");
        }
        if (!(value instanceof String s)) {
            return Either.left(new McpBlocker(tool, "invalid_tool_arguments", key + " must be a string.", ""));
        }
        return Either.right(s);
    }

    static String serveCommand(McpBinding binding, String goalId, String agentId) {
        String goal = goalId.isEmpty() ? "<goal-id>" : goalId;
        String agent = agentId.isEmpty() ? "" : " --agent-id " + agentId;
        return "claude mcp add loopx -- " + binding.cliBin() + " mcp serve --goal-id " + goal + agent;
    }
}
