package dev.loopx.host.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/** The four tool definitions (names, descriptions, input schemas) the LoopX MCP server lists. */
final class McpTools {
    private static final String IDENTITY = "\"goal_id\":{\"type\":\"string\",\"description\":\"Only when the server "
            + "is not bound with --goal-id.\"},\"agent_id\":{\"type\":\"string\",\"description\":\"Only when the server "
            + "is not bound with --agent-id.\"}";

    private McpTools() {}

    static List<McpSchema.Tool> definitions(McpJsonMapper json) {
        return List.of(
                tool(
                        json,
                        McpToolCalls.SHOULD_RUN,
                        "Ask LoopX whether this agent may run now and on what "
                                + "(loopx quota should-run, runtime profile claude_code). Read-only; never spends quota.",
                        "{\"type\":\"object\",\"properties\":{" + IDENTITY
                                + ",\"turn_instance_id\":{\"type\":\"string\","
                                + "\"description\":\"Record one idempotent receipt for this turn.\"}}}"),
                tool(
                        json,
                        McpToolCalls.CLAIM_TASK,
                        "Claim a todo before working on it (loopx todo claim). "
                                + "Never steals another agent's claim.",
                        "{\"type\":\"object\",\"properties\":{\"todo_id\":{\"type\":\"string\"}," + IDENTITY
                                + "},\"required\":[\"todo_id\"]}"),
                tool(
                        json,
                        McpToolCalls.COMPLETE_TASK,
                        "Complete a claimed todo with public-safe evidence "
                                + "(loopx todo complete). Terminal and idempotent.",
                        "{\"type\":\"object\",\"properties\":{\"todo_id\":{\"type\":\"string\"},\"evidence\":{\"type\":"
                                + "\"string\"},\"no_follow_up\":{\"type\":\"boolean\"},\"next_agent_todo\":{\"type\":"
                                + "\"string\"}," + IDENTITY + "},\"required\":[\"todo_id\"]}"),
                tool(
                        json,
                        McpToolCalls.HOST_PROMPT,
                        "The current thin heartbeat body for the bound goal and agent "
                                + "(loopx heartbeat-prompt): the per-turn rules to follow. Fails closed without identity.",
                        "{\"type\":\"object\",\"properties\":{" + IDENTITY + "}}"));
    }

    private static McpSchema.Tool tool(McpJsonMapper json, String name, String description, String schema) {
        return McpSchema.Tool.builder()
                .name(name)
                .description(description)
                .inputSchema(json, schema)
                .build();
    }
}
