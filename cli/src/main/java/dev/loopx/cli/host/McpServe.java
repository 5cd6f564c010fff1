package dev.loopx.cli.host;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.quota.ShouldRunCommand;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.todo.TodoClaimCommand;
import dev.loopx.cli.todo.TodoCompleteCommand;
import dev.loopx.host.mcp.LoopxMcpServer;
import dev.loopx.host.mcp.McpBinding;
import dev.loopx.host.mcp.McpBlocker;
import dev.loopx.host.mcp.McpToolBackend;
import dev.loopx.host.mcp.McpToolCall;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.RuntimeProfile;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Wires the MCP server to the use cases: every typed tool call runs the command of the same name
 * ({@code quota should-run}, {@code todo claim}, {@code todo complete}, {@code heartbeat-prompt})
 * with its values set directly — the same checks, the same application service, the same
 * document — without parsing a command line ({@link Tools}). Kept apart from
 * {@link McpServeCommand} so picocli's reflection never loads the MCP SDK.
 */
public final class McpServe {
    /** The document of a call that could not run. */
    static final String BLOCKER_SCHEMA = "loopx_mcp_blocker_v0";

    /** should_run asks as Claude Code does: the host MCP tools are written for. */
    static final RuntimeProfile TOOL_PROFILE = RuntimeProfile.CLAUDE_CODE;

    private McpServe() {}

    static void run(CliContext context, McpBinding binding, InputStream in, OutputStream out, String version)
            throws InterruptedException {
        LoopxMcpServer.serve(new Tools(context), binding, in, out, version);
    }

    /**
     * {@link McpToolBackend} over this process's commands: each call gets a context of its own
     * (the serving call's runtime root and environment, JSON output, the clock read anew).
     */
    public record Tools(CliContext context) implements McpToolBackend {
        @Override
        public ObjectNode answer(McpToolCall call) {
            LoopxSubcommand command = switch (call) {
                case McpToolCall.ShouldRun c ->
                    ShouldRunCommand.forLane(c.goalId(), c.agentId(), TOOL_PROFILE, c.turnInstanceId());
                case McpToolCall.ClaimTask c -> TodoClaimCommand.forLane(c.goalId(), c.agentId(), c.todoId());
                case McpToolCall.CompleteTask c ->
                    TodoCompleteCommand.forLane(
                            c.goalId(), c.agentId(), c.todoId(), c.evidence(), c.nextAgentTodo(), c.noFollowUp());
                case McpToolCall.HostPrompt c -> HeartbeatPromptCommand.forLane(c.goalId(), c.agentId());
            };
            StringWriter out = new StringWriter();
            int exit = command.run(context.forCall(new PrintWriter(out, true)));
            context.err().flush();
            JsonNode answer;
            try {
                answer = Json.mapper().readTree(out.toString());
            } catch (JsonProcessingException e) {
                answer = null;
            }
            if (answer == null || !answer.isObject()) {
                return blocker(new McpBlocker(
                        call.tool(),
                        "cli_output_unreadable",
                        "The LoopX CLI did not answer with one JSON document (exit " + exit + ").",
                        "loopx doctor"));
            }
            return (ObjectNode) answer;
        }

        @Override
        public ObjectNode blocker(McpBlocker blocker) {
            ObjectNode doc = Json.object();
            doc.put("schema_version", BLOCKER_SCHEMA);
            doc.put("ok", false);
            doc.put("tool", blocker.tool());
            doc.put("error_code", blocker.errorCode());
            doc.put("message", blocker.message());
            doc.put("fix_command", blocker.fixCommand());
            doc.put("hint", blocker.fixCommand());
            return doc;
        }
    }
}
