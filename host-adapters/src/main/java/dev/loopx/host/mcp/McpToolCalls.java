package dev.loopx.host.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Pure translation of one MCP tool call into one LoopX CLI argument list, or a structured blocker
 * when the call lacks the authority or identity to run ({@code loopx_mcp_blocker_v0}: ok=false,
 * {@code error_code}, {@code message}, {@code fix_command}). No I/O.
 *
 * <p>Identity: a bound server ({@code --goal-id}/{@code --agent-id} on {@code mcp serve}) acts for
 * that goal and agent only; a tool argument naming another one is refused
 * ({@code binding_conflict}). An unbound server takes them from the tool arguments; without a goal
 * the call is refused ({@code goal_binding_required}). Whether an agent is registered, or a claim
 * allowed, is the CLI's decision, returned as its own JSON.
 */
public final class McpToolCalls {
    public static final String BLOCKER_SCHEMA = "loopx_mcp_blocker_v0";
    public static final String SHOULD_RUN = "should_run";
    public static final String CLAIM_TASK = "claim_task";
    public static final String COMPLETE_TASK = "complete_task";
    public static final String HOST_PROMPT = "host_prompt";
    public static final List<String> TOOLS = List.of(SHOULD_RUN, CLAIM_TASK, COMPLETE_TASK, HOST_PROMPT);

    private McpToolCalls() {}

    public static Either<ObjectNode, List<String>> translate(
            String tool, Map<String, Object> arguments, McpBinding binding) {
        Map<String, Object> args = arguments == null ? Map.of() : arguments;
        Either<ObjectNode, String> goal = identity(tool, "goal_id", args, binding.goalId(), binding);
        if (goal.isLeft()) {
            return Either.left(goal.getLeft());
        }
        Either<ObjectNode, String> agent = identity(tool, "agent_id", args, binding.agentId(), binding);
        if (agent.isLeft()) {
            return Either.left(agent.getLeft());
        }
        String goalId = goal.get();
        String agentId = agent.get();
        if (goalId.isEmpty()) {
            return Either.left(blocker(
                    tool,
                    "goal_binding_required",
                    "This MCP server is not bound to a goal and the call named none; LoopX will not guess one.",
                    serveCommand(binding, "<goal-id>", agentId.isEmpty() ? "<agent-id>" : agentId)));
        }
        List<String> cli = new ArrayList<>(binding.globalArgs());
        cli.addAll(List.of("--format", "json"));
        switch (tool) {
            case SHOULD_RUN -> {
                cli.addAll(List.of("quota", "should-run", "--goal-id", goalId, "--runtime-profile", "claude_code"));
                addAgent(cli, agentId);
                Either<ObjectNode, String> turn = string(tool, "turn_instance_id", args);
                if (turn.isLeft()) {
                    return Either.left(turn.getLeft());
                }
                if (!turn.get().isEmpty()) {
                    cli.addAll(List.of("--turn-instance-id", turn.get()));
                }
            }
            case CLAIM_TASK, COMPLETE_TASK -> {
                Either<ObjectNode, String> todo = string(tool, "todo_id", args);
                if (todo.isLeft()) {
                    return Either.left(todo.getLeft());
                }
                if (todo.get().isEmpty()) {
                    return Either.left(blocker(
                            tool,
                            "invalid_tool_arguments",
                            "todo_id is required.",
                            binding.cliBin() + " todo list --goal-id " + goalId));
                }
                cli.addAll(List.of(
                        "todo",
                        tool.equals(CLAIM_TASK) ? "claim" : "complete",
                        "--goal-id",
                        goalId,
                        "--todo-id",
                        todo.get()));
                addAgent(cli, agentId);
                if (tool.equals(COMPLETE_TASK)) {
                    Either<ObjectNode, List<String>> extra = completion(tool, args);
                    if (extra.isLeft()) {
                        return Either.left(extra.getLeft());
                    }
                    cli.addAll(extra.get());
                }
            }
            case HOST_PROMPT -> {
                cli.addAll(List.of("heartbeat-prompt", "--goal-id", goalId));
                addAgent(cli, agentId);
            }
            default -> {
                return Either.left(blocker(
                        tool,
                        "unknown_tool",
                        "LoopX offers only " + String.join(", ", TOOLS) + ".",
                        binding.cliBin() + " mcp serve --help"));
            }
        }
        return Either.right(cli);
    }

    private static Either<ObjectNode, List<String>> completion(String tool, Map<String, Object> args) {
        List<String> extra = new ArrayList<>();
        Either<ObjectNode, String> evidence = string(tool, "evidence", args);
        Either<ObjectNode, String> next = string(tool, "next_agent_todo", args);
        if (evidence.isLeft()) {
            return Either.left(evidence.getLeft());
        }
        if (next.isLeft()) {
            return Either.left(next.getLeft());
        }
        if (!evidence.get().isEmpty()) {
            extra.addAll(List.of("--evidence", evidence.get()));
        }
        if (!next.get().isEmpty()) {
            extra.addAll(List.of("--next-agent-todo", next.get()));
        }
        Object noFollowUp = args.get("no_follow_up");
        if (noFollowUp != null && !(noFollowUp instanceof Boolean)) {
            return Either.left(blocker(tool, "invalid_tool_arguments", "no_follow_up must be true or false.", ""));
        }
        if (Boolean.TRUE.equals(noFollowUp)) {
            extra.add("--no-follow-up");
        }
        return Either.right(extra);
    }

    private static void addAgent(List<String> cli, String agentId) {
        if (!agentId.isEmpty()) {
            cli.addAll(List.of("--agent-id", agentId));
        }
    }

    private static Either<ObjectNode, String> identity(
            String tool, String key, Map<String, Object> args, String bound, McpBinding binding) {
        Either<ObjectNode, String> given = string(tool, key, args);
        if (given.isLeft()) {
            return given;
        }
        if (!bound.isEmpty() && !given.get().isEmpty() && !given.get().equals(bound)) {
            return Either.left(blocker(
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

    private static Either<ObjectNode, String> string(String tool, String key, Map<String, Object> args) {
        Object value = args.get(key);
        if (value == null) {
            return Either.right("");
        }
        if (!(value instanceof String s)) {
            return Either.left(blocker(tool, "invalid_tool_arguments", key + " must be a string.", ""));
        }
        return Either.right(s);
    }

    static String serveCommand(McpBinding binding, String goalId, String agentId) {
        String goal = goalId.isEmpty() ? "<goal-id>" : goalId;
        String agent = agentId.isEmpty() ? "" : " --agent-id " + agentId;
        return "claude mcp add loopx -- " + binding.cliBin() + " mcp serve --goal-id " + goal + agent;
    }

    public static ObjectNode blocker(String tool, String errorCode, String message, String fixCommand) {
        ObjectNode doc = Json.object();
        doc.put("schema_version", BLOCKER_SCHEMA);
        doc.put("ok", false);
        doc.put("tool", tool);
        doc.put("error_code", errorCode);
        doc.put("message", message);
        doc.put("fix_command", fixCommand);
        doc.put("hint", fixCommand);
        return doc;
    }
}
