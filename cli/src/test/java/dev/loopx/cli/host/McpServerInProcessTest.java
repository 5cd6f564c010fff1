package dev.loopx.cli.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.Environment;
import dev.loopx.cli.support.LoopxCommand;
import dev.loopx.cli.testing.CliRunner;
import dev.loopx.host.mcp.LoopxMcpServer;
import dev.loopx.host.mcp.McpBinding;
import dev.loopx.ledger.json.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MCP server in-process, spoken to in raw JSON-RPC lines over pipes, with the real CLI
 * backend ({@link McpServe.InProcess}) on a real ledger: every line on the server's stdout is an
 * MCP frame, tool results are the CLI's JSON, and blockers are ordinary results.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class McpServerInProcessTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;
    String todoId;
    OutputStream toServer;
    BufferedReader fromServer;
    Thread server;
    int nextId = 1;

    @BeforeEach
    void serve() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.runIn(project, "connect", "--project", ".", "--goal-id", "g1")
                        .exit());
        assertEquals(
                0,
                cli.runIn(project, "register-agent", "--goal-id", "g1", "--agent-id", "builder", "--execute")
                        .exit());
        todoId = cli.runIn(project, "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "fix issue triage")
                .json()
                .path("todo_id")
                .asText();

        Environment env = Environment.of(
                Map.of("LOOPX_HOME", cli.loopxHome().toString()),
                project,
                sandbox.resolve("home"),
                Clock.fixed(CliRunner.NOW, ZoneOffset.UTC));
        PipedOutputStream clientOut = new PipedOutputStream();
        PipedInputStream serverIn = new PipedInputStream(clientOut, 1 << 16);
        PipedOutputStream serverOut = new PipedOutputStream();
        PipedInputStream clientIn = new PipedInputStream(serverOut, 1 << 20);
        toServer = clientOut;
        fromServer = new BufferedReader(new InputStreamReader(clientIn, StandardCharsets.UTF_8));
        PrintWriter err = new PrintWriter(new StringWriter(), true);
        server = Thread.ofPlatform().start(() -> {
            try {
                LoopxMcpServer.serve(
                        new McpServe.Tools(new LoopxCommand(err, err, env, dev.loopx.cli.Cli::run).context()),
                        new McpBinding("g1", "builder", "loopx"),
                        serverIn,
                        serverOut,
                        "test");
                serverOut.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        JsonNode init = request(
                "initialize",
                Json.object()
                        .put("protocolVersion", "2025-06-18")
                        .<ObjectNode>set("capabilities", Json.object())
                        .set("clientInfo", Json.object().put("name", "junit").put("version", "1")));
        assertEquals(
                "loopx", init.path("result").path("serverInfo").path("name").asText());
        send(Json.object().put("jsonrpc", "2.0").put("method", "notifications/initialized"));
    }

    @AfterEach
    void stop() throws Exception {
        toServer.close();
        server.join(30_000);
        assertFalse(server.isAlive(), "the server stops when stdin closes");
    }

    @Test
    void toolsList_namesTheFourTools() throws Exception {
        JsonNode tools = request("tools/list", Json.object()).path("result").path("tools");
        assertEquals(
                List.of("should_run", "claim_task", "complete_task", "host_prompt"),
                java.util.stream.StreamSupport.stream(tools.spliterator(), false)
                        .map(t -> t.path("name").asText())
                        .toList());
    }

    @Test
    void shouldRunAndClaim_returnTheCliJson_andWriteTheLedger() throws Exception {
        JsonNode decision = call("should_run", Json.object());
        assertEquals("loopx_quota_decision_v0", decision.path("schema_version").asText());
        assertEquals(todoId, decision.path("selected_todo").path("todo_id").asText());
        JsonNode claim = call("claim_task", Json.object().put("todo_id", todoId));
        assertTrue(claim.path("ok").asBoolean(), claim.toString());
        JsonNode listed = cli.runIn(project, "todo", "list", "--goal-id", "g1").json();
        assertEquals("builder", listed.path("todos").get(0).path("claimed_by").asText());
    }

    @Test
    void missingTodoId_isAStructuredBlocker_markedAsToolError() throws Exception {
        // LoopX's own blocker (not the SDK's plain-text schema error), never a JSON-RPC error or a trace.
        JsonNode answer = call("complete_task", Json.object());
        assertEquals("loopx_mcp_blocker_v0", answer.path("schema_version").asText(), answer.toString());
        assertEquals("invalid_tool_arguments", answer.path("error_code").asText());
        assertFalse(answer.toString().contains("Exception"), answer.toString());
    }

    @Test
    void schemaInvalidArguments_areTheInvalidToolArgumentsBlocker() throws Exception {
        for (var args : java.util.List.of(
                Json.object().put("goal_id", 7),
                Json.object().put("todo_id", todoId).put("no_follow_up", "yes"))) {
            JsonNode answer = call("complete_task", args);
            assertEquals("invalid_tool_arguments", answer.path("error_code").asText(), answer.toString());
            assertEquals("complete_task", answer.path("tool").asText());
        }
    }

    @Test
    void anUnknownTool_isTheUnknownToolBlocker_notAJsonRpcError() throws Exception {
        for (String name : java.util.List.of("delete_everything", "loopx_unknown_tool")) {
            JsonNode answer = call(name, Json.object().put("todo_id", todoId));
            assertEquals("unknown_tool", answer.path("error_code").asText(), answer.toString());
            assertEquals(name, answer.path("tool").asText());
        }
        JsonNode noName = request("tools/call", Json.object().set("arguments", Json.object()));
        assertEquals(
                "unknown_tool",
                noName.path("result")
                        .path("structuredContent")
                        .path("error_code")
                        .asText(),
                noName.toString());
        JsonNode listed = request("tools/list", Json.object());
        assertFalse(listed.toString().contains("loopx_unknown_tool"), "the router tool is never listed");
    }

    @Test
    void aCallForAnotherLane_isABindingConflict() throws Exception {
        JsonNode response = request(
                "tools/call",
                Json.object()
                        .put("name", "claim_task")
                        .set("arguments", Json.object().put("todo_id", todoId).put("agent_id", "intruder")));
        JsonNode result = response.path("result");
        assertTrue(result.path("isError").asBoolean());
        assertEquals(
                "binding_conflict",
                result.path("structuredContent").path("error_code").asText());
        assertEquals(
                result.path("structuredContent"),
                Json.mapper()
                        .readTree(result.path("content").get(0).path("text").asText()));
    }

    @Test
    void toolCallsGoThroughTheCommandLinesChecks_nothingWritten() throws Exception {
        var before = CliRunner.snapshot(project.resolve(".loopx").resolve("ledger"));
        JsonNode notUtf8 =
                call("complete_task", Json.object().put("todo_id", todoId).put("evidence", "caf\uFFFD tests pass"));
        assertEquals("invalid_text", notUtf8.path("error_code").asText(), notUtf8.toString());
        String key = "sk-ant-api03-" + "Zq8RwV2nXk4LpT7yHs1MbC9dFg3JeA6u".repeat(2);
        JsonNode secret =
                call("complete_task", Json.object().put("todo_id", todoId).put("evidence", key));
        assertEquals("public_boundary_violation", secret.path("error_code").asText(), secret.toString());
        assertFalse(secret.toString().contains("Zq8RwV2nXk4"), "never echoed");
        JsonNode badTodo = call("claim_task", Json.object().put("todo_id", "todo_\u001b[2J"));
        assertFalse(badTodo.path("ok").asBoolean(true), badTodo.toString());
        assertFalse(badTodo.toString().contains("\u001b"), badTodo.toString());
        assertEquals(before, CliRunner.snapshot(project.resolve(".loopx").resolve("ledger")), "nothing written");
    }

    private JsonNode call(String tool, ObjectNode arguments) throws Exception {
        JsonNode response =
                request("tools/call", Json.object().put("name", tool).set("arguments", arguments));
        JsonNode result = response.path("result");
        JsonNode answer = Json.mapper()
                .readTree(result.path("content").get(0).path("text").asText());
        assertEquals(answer, result.path("structuredContent"));
        assertEquals(!answer.path("ok").asBoolean(), result.path("isError").asBoolean());
        return answer;
    }

    private JsonNode request(String method, ObjectNode params) throws Exception {
        int id = nextId++;
        send(Json.object()
                .put("jsonrpc", "2.0")
                .put("id", id)
                .put("method", method)
                .set("params", params));
        while (true) {
            String line = fromServer.readLine();
            if (line == null) {
                throw new AssertionError("the server closed its output");
            }
            JsonNode frame = Json.mapper().readTree(line); // every stdout line must be a JSON-RPC frame
            assertEquals("2.0", frame.path("jsonrpc").asText(), line);
            if (frame.path("id").asInt(-1) == id) {
                return frame;
            }
        }
    }

    private void send(ObjectNode message) throws Exception {
        toServer.write((message.toString() + "\n").getBytes(StandardCharsets.UTF_8));
        toServer.flush();
    }
}
