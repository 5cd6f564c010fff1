package dev.loopx.host.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each MCP tool call becomes exactly one typed call of the lane it acts for, or a structured blocker. */
class McpToolCallsTest {
    static final McpBinding BOUND = new McpBinding("g1", "builder", "loopx");
    static final McpBinding UNBOUND = new McpBinding("", "", "lx");

    @Test
    void shouldRun_asksForTheBoundLane() {
        assertEquals(
                new McpToolCall.ShouldRun("g1", "builder", "t-1"),
                McpToolCalls.translate("should_run", Map.of("turn_instance_id", "t-1"), BOUND)
                        .get());
    }

    @Test
    void claimAndComplete_mapToTheTodoUseCases() {
        assertEquals(
                new McpToolCall.ClaimTask("g1", "builder", "todo_0123456789ab"),
                McpToolCalls.translate("claim_task", Map.of("todo_id", "todo_0123456789ab"), BOUND)
                        .get());
        assertEquals(
                new McpToolCall.CompleteTask("g2", "a2", "todo_0123456789ab", "done", "next", true),
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
    void everyCallNamesItsTool() {
        for (String tool : McpToolCalls.TOOLS) {
            var call = McpToolCalls.translate(tool, Map.of("todo_id", "todo_0123456789ab"), BOUND);
            assertEquals(tool, call.get().tool());
        }
    }

    @Test
    void hostPrompt_loadsTheLanesBody() {
        assertEquals(
                new McpToolCall.HostPrompt("g1", "builder"),
                McpToolCalls.translate("host_prompt", Map.of(), BOUND).get());
    }

    @Test
    void noGoalBoundOrGiven_isAGoalBindingBlocker() {
        McpBlocker blocker =
                McpToolCalls.translate("host_prompt", null, UNBOUND).getLeft();
        assertEquals("host_prompt", blocker.tool());
        assertEquals("goal_binding_required", blocker.errorCode());
        assertEquals(
                "claude mcp add loopx -- lx mcp serve --goal-id <goal-id> --agent-id <agent-id>", blocker.fixCommand());
    }

    @Test
    void aBoundServerNeverActsForAnotherLane() {
        McpBlocker blocker = McpToolCalls.translate(
                        "claim_task", Map.of("todo_id", "todo_0123456789ab", "agent_id", "reviewer"), BOUND)
                .getLeft();
        assertEquals("binding_conflict", blocker.errorCode());
        assertTrue(blocker.fixCommand().endsWith("mcp serve --goal-id g1 --agent-id reviewer"));
        assertEquals(
                "binding_conflict",
                McpToolCalls.translate("should_run", Map.of("goal_id", "other"), BOUND)
                        .getLeft()
                        .errorCode());
        // Naming the bound identity again is fine.
        assertTrue(McpToolCalls.translate("should_run", Map.of("goal_id", "g1", "agent_id", "builder"), BOUND)
                .isRight());
    }

    @Test
    void malformedArguments_areBlockersNotExceptions() {
        assertEquals(
                "invalid_tool_arguments",
                McpToolCalls.translate("claim_task", Map.of(), BOUND).getLeft().errorCode());
        assertEquals(
                "invalid_tool_arguments",
                McpToolCalls.translate("claim_task", Map.of("todo_id", 7), BOUND)
                        .getLeft()
                        .errorCode());
        assertEquals(
                "invalid_tool_arguments",
                McpToolCalls.translate(
                                "complete_task", Map.of("todo_id", "todo_0123456789ab", "no_follow_up", "yes"), BOUND)
                        .getLeft()
                        .errorCode());
        assertEquals(
                "unknown_tool",
                McpToolCalls.translate("spend_slot", Map.of(), BOUND).getLeft().errorCode());
    }
}
