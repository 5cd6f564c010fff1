package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.quota.ShouldRunCommand;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.TextView;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
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
import java.io.Writer;

/**
 * Wires the MCP server to the use cases: every typed tool call calls the use-case function of the
 * command of the same name ({@code quota should-run}, {@code todo claim}, {@code todo complete},
 * {@code heartbeat-prompt}) with typed values — the same checks, the same application service, the
 * same record — and answers the record's JSON, path-redacted, or the command's
 * {@code loopx_error_v0}, byte for byte what the command prints with {@code --format json}
 * ({@link Tools}). Kept apart from
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
     * {@link McpToolBackend} over this process's use cases: each call gets a context of its own
     * (the serving call's runtime root and environment, JSON output, the clock read anew).
     */
    public record Tools(CliContext context) implements McpToolBackend {
        @Override
        public ObjectNode answer(McpToolCall toolCall) {
            CliContext call = context.forCall(new PrintWriter(Writer.nullWriter()));
            JsonNode answer;
            try {
                answer = TextView.json(answer(call, toolCall));
            } catch (CliError e) {
                // bad input names the command's own help page, as the command line answers it
                answer = call.errorDocument(e.forCommand(command(toolCall)));
            } catch (RuntimeException e) {
                answer = call.errorDocument(call.errorOf(e));
            } finally {
                context.err().flush();
            }
            if (!(answer instanceof ObjectNode document)) {
                return blocker(new McpBlocker(
                        toolCall.tool(),
                        "cli_output_unreadable",
                        "The LoopX CLI did not answer with one JSON document.",
                        "loopx doctor"));
            }
            return document;
        }

        /** The use case of the tool's command, with the tool's values. */
        private static RenderedAnswer answer(CliContext call, McpToolCall toolCall) {
            return switch (toolCall) {
                case McpToolCall.ShouldRun c ->
                    ShouldRunCommand.answer(
                            call,
                            ShouldRunCommand.Question.ofLane(
                                    c.goalId(), c.agentId(), TOOL_PROFILE, c.turnInstanceId()));
                case McpToolCall.ClaimTask c ->
                    TodoClaimCommand.answer(call, TodoClaimCommand.Claim.ofLane(c.goalId(), c.agentId(), c.todoId()));
                case McpToolCall.CompleteTask c ->
                    TodoCompleteCommand.answer(
                            call,
                            TodoCompleteCommand.Completion.ofLane(
                                    c.goalId(),
                                    c.agentId(),
                                    c.todoId(),
                                    c.evidence(),
                                    c.nextAgentTodo(),
                                    c.noFollowUp()));
                case McpToolCall.HostPrompt c ->
                    HeartbeatPromptCommand.answer(call, HeartbeatPromptCommand.Prompt.ofLane(c.goalId(), c.agentId()));
            };
        }

        /** The command line a tool call stands for, named in the hint of its bad input. */
        private static String command(McpToolCall toolCall) {
            return switch (toolCall) {
                case McpToolCall.ShouldRun c -> "loopx quota should-run";
                case McpToolCall.ClaimTask c -> "loopx todo claim";
                case McpToolCall.CompleteTask c -> "loopx todo complete";
                case McpToolCall.HostPrompt c -> "loopx heartbeat-prompt";
            };
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
