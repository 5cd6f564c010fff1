package dev.loopx.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each MCP tool call becomes exactly one CLI argument list, or a structured blocker. */
class McpToolCallsTest {
    static final McpBinding BOUND = new McpBinding("g1", "builder", "loopx", List.of("--runtime-root", "rt"));
    static final McpBinding UNBOUND = new McpBinding("", "", "lx", List.of());

    @Test
    void shouldRun_asksWithTheClaudeCodeProfileForTheBoundLane() {
        assertEquals(
                List.of(
                        "--runtime-root",
                        "rt",
                        "--format",
                        "json",
                        "quota",
                        "should-run",
                        "--goal-id",
                        "g1",
                        "--runtime-profile",
                        "claude_code",
                        "--agent-id",
                        "builder",
                        "--turn-instance-id",
                        "t-1"),
                McpToolCalls.translate("should_run", Map.of("turn_instance_id", "t-1"), BOUND)
                        .get());
    }

    @Test
    void claimAndComplete_mapToTheTodoCommands() {
        assertEquals(
                List.of(
                        "--runtime-root",
                        "rt",
                        "--format",
                        "json",
                        "todo",
                        "claim",
                        "--goal-id",
                        "g1",
                        "--todo-id",
                        "todo_0123456789ab",
                        "--agent-id",
                        "builder"),
                McpToolCalls.translate("claim_task", Map.of("todo_id", "todo_0123456789ab"), BOUND)
                        .get());
        assertEquals(
                List.of(
                        "--format",
                        "json",
                        "todo",
                        "complete",
                        "--goal-id",
                        "g2",
                        "--todo-id",
                        "todo_0123456789ab",
                        "--agent-id",
                        "a2",
                        "--evidence",
                        "done",
                        "--next-agent-todo",
                        "next",
                        "--no-follow-up"),
                McpToolCalls.translate(
                                "complete_task",
                                Map.of(
                                        "todo_id",
                                        "todo_0123456789ab",
                                        "goal_id",
                                        "g2",
                                        "agent_id",
                                        "a2",
                                        "evidence",
                                        "done",
                                        "next_agent_todo",
                                        "next",
                                        "no_follow_up",
                                        true),
                                UNBOUND)
                        .get());
    }

    @Test
    void hostPrompt_loadsTheThinHeartbeatBody() {
        assertEquals(
                List.of(
                        "--runtime-root",
                        "rt",
                        "--format",
                        "json",
                        "heartbeat-prompt",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "builder"),
                McpToolCalls.translate("host_prompt", Map.of(), BOUND).get());
    }

    @Test
    void noGoalBoundOrGiven_isAGoalBindingBlocker() {
        ObjectNode blocker =
                McpToolCalls.translate("host_prompt", null, UNBOUND).getLeft();
        assertEquals("loopx_mcp_blocker_v0", blocker.path("schema_version").asText());
        assertEquals(false, blocker.path("ok").asBoolean(true));
        assertEquals("goal_binding_required", blocker.path("error_code").asText());
        assertEquals(
                "claude mcp add loopx -- lx mcp serve --goal-id <goal-id> --agent-id <agent-id>",
                blocker.path("fix_command").asText());
    }

    @Test
    void aBoundServerNeverActsForAnotherLane() {
        ObjectNode blocker = McpToolCalls.translate(
                        "claim_task", Map.of("todo_id", "todo_0123456789ab", "agent_id", "reviewer"), BOUND)
                .getLeft();
        assertEquals("binding_conflict", blocker.path("error_code").asText());
        assertTrue(blocker.path("fix_command").asText().endsWith("mcp serve --goal-id g1 --agent-id reviewer"));
        assertEquals(
                "binding_conflict",
                McpToolCalls.translate("should_run", Map.of("goal_id", "other"), BOUND)
                        .getLeft()
                        .path("error_code")
                        .asText());
        // Naming the bound identity again is fine.
        assertTrue(McpToolCalls.translate("should_run", Map.of("goal_id", "g1", "agent_id", "builder"), BOUND)
                .isRight());
    }

    @Test
    void malformedArguments_areBlockersNotExceptions() {
        assertEquals(
                "invalid_tool_arguments",
                McpToolCalls.translate("claim_task", Map.of(), BOUND)
                        .getLeft()
                        .path("error_code")
                        .asText());
        assertEquals(
                "invalid_tool_arguments",
                McpToolCalls.translate("claim_task", Map.of("todo_id", 7), BOUND)
                        .getLeft()
                        .path("error_code")
                        .asText());
        assertEquals(
                "invalid_tool_arguments",
                McpToolCalls.translate(
                                "complete_task", Map.of("todo_id", "todo_0123456789ab", "no_follow_up", "yes"), BOUND)
                        .getLeft()
                        .path("error_code")
                        .asText());
        assertEquals(
                "unknown_tool",
                McpToolCalls.translate("spend_slot", Map.of(), BOUND)
                        .getLeft()
                        .path("error_code")
                        .asText());
    }
}
