package dev.loopx.cli.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loopx start-goal --guided} (SPEC §S10) and the S15 row "{@code /loopx fix issue triage}
 * → goal text preserved exactly; todos only via the explicit goal-start flow, planned before
 * written": the preview lists the planned todos and the exact write commands and changes nothing;
 * running the listed write commands then produces exactly the planned todos.
 */
class StartGoalGuidedTest {
    static final List<String> STEPS = List.of(
            "connect_if_needed",
            "plan_todos",
            "write_todos",
            "refresh_state",
            "activate_host_loop",
            "quota_guard",
            "scheduler_ack_when_needed");

    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;

    @BeforeEach
    void project() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("triage"));
    }

    @Test
    void slashLoopxFixIssueTriage_plansBeforeWriting_andTheWritesProduceThePlan() {
        ok(cli.runIn(project, "connect", "--project", ".", "--goal-id", "triage-goal"));
        ok(cli.runIn(project, "register-agent", "--goal-id", "triage-goal", "--agent-id", "builder", "--execute"));
        String text = "fix issue triage";
        JsonNode plan = preview(0, "--project", ".", "--goal-text", text, "--host-surface", "claude-code");

        assertEquals(text, plan.path("goal_text").asText());
        assertFalse(plan.path("writes_now").asBoolean());
        assertEquals("triage-goal", plan.path("goal_id").asText());
        assertEquals("builder", plan.path("agent_id").asText());
        assertEquals(
                STEPS,
                StreamSupport.stream(plan.path("steps").spliterator(), false)
                        .map(s -> s.path("step").asText())
                        .toList());
        JsonNode todos = plan.path("planned_todos");
        assertEquals(2, todos.size());
        assertEquals(text, todos.get(0).path("text").asText(), "P0 is the goal text, exactly");
        assertEquals("P0", todos.get(0).path("priority").asText());
        assertEquals("P1", todos.get(1).path("priority").asText());
        assertEquals(
                "already_done", step(plan, "connect_if_needed").path("status").asText());
        assertEquals(
                "claude mcp add loopx -- loopx mcp serve --goal-id triage-goal --agent-id builder",
                step(plan, "activate_host_loop")
                        .path("commands")
                        .get(0)
                        .path("command")
                        .asText());
        assertEquals(
                "loopx quota should-run --goal-id triage-goal --agent-id builder --runtime-profile claude_code",
                step(plan, "quota_guard")
                        .path("commands")
                        .get(0)
                        .path("command")
                        .asText());
        assertEquals(0, todoCount(), "planning wrote no todo");

        // The host runs the write_todos commands after the user confirmed: the ledger gets exactly the plan.
        for (JsonNode command : step(plan, "write_todos").path("commands")) {
            List<String> argv = strings(command.path("argv"));
            assertEquals("loopx", argv.getFirst());
            ok(cli.runIn(project, argv.subList(1, argv.size()).toArray(String[]::new)));
        }
        JsonNode listed = json(cli.runIn(project, "todo", "list", "--goal-id", "triage-goal", "--format", "json"));
        assertEquals(2, listed.path("todos").size());
        for (int i = 0; i < 2; i++) {
            JsonNode plannedTodo = todos.get(i);
            JsonNode written = StreamSupport.stream(listed.path("todos").spliterator(), false)
                    .filter(t -> t.path("todo_id")
                            .asText()
                            .equals(plannedTodo.path("todo_id").asText()))
                    .findFirst()
                    .orElseThrow();
            assertEquals(plannedTodo.path("text").asText(), written.path("text").asText());
            assertEquals(
                    plannedTodo.path("priority").asText(),
                    written.path("priority").asText());
        }
        JsonNode shouldRun = json(cli.runIn(
                project,
                "quota",
                "should-run",
                "--goal-id",
                "triage-goal",
                "--agent-id",
                "builder",
                "--runtime-profile",
                "claude_code",
                "--format",
                "json"));
        assertEquals(text, shouldRun.path("selected_todo").path("text").asText(), "the P0 goal-text todo runs first");
    }

    @Test
    void goalTextWithQuotesAndUnicode_isPreservedExactly_inTheTodoAndItsShellLine() {
        String text = "Fix the \"triage\" bot's labels — don't close issues (P0!) $HOME `x`";
        JsonNode plan = preview(0, "--project", ".", "--goal-text", text, "--host-surface", "shell");
        assertEquals(text, plan.path("goal_text").asText());
        JsonNode write = step(plan, "write_todos").path("commands").get(0);
        List<String> argv = strings(write.path("argv"));
        assertEquals(text, argv.getLast());
        assertTrue(write.path("command")
                .asText()
                .endsWith("--text 'Fix the \"triage\" bot'\\''s labels — don'\\''t close issues (P0!) $HOME `x`'"));
        // Not connected yet: the first step connects (after the user confirms).
        assertEquals("needed", step(plan, "connect_if_needed").path("status").asText());
        assertEquals(
                "loopx connect --project . --goal-id triage-goal",
                step(plan, "connect_if_needed")
                        .path("commands")
                        .get(0)
                        .path("command")
                        .asText());
        assertFalse(Files.exists(project.resolve(".loopx")));
    }

    @Test
    void missingHostSurface_isASelectionGateListingTheSurfaces() {
        JsonNode gate = preview(1, "--project", ".", "--goal-text", "fix issue triage");
        assertFalse(gate.path("ok").asBoolean());
        assertFalse(gate.path("writes_now").asBoolean());
        assertEquals(
                "host_surface_selection_required",
                gate.path("gate").path("kind").asText());
        assertEquals(
                List.of("codex-app", "codex-cli", "claude-code", "pi", "opencode", "shell"),
                StreamSupport.stream(gate.path("gate").path("options").spliterator(), false)
                        .map(o -> o.path("host_surface").asText())
                        .toList());
        assertFalse(gate.has("steps"), "nothing is planned before the surface is chosen");
    }

    @Test
    void severalAgentsNoneChosen_isAnAgentSelectionGate() {
        ok(cli.runIn(project, "connect", "--project", ".", "--goal-id", "triage-goal"));
        ok(cli.runIn(
                project,
                "register-agent",
                "--goal-id",
                "triage-goal",
                "--agent-id",
                "a1",
                "--agent-id",
                "a2",
                "--execute"));
        JsonNode gate = preview(1, "--project", ".", "--goal-text", "fix issue triage", "--host-surface", "pi");
        assertEquals("agent_selection_required", gate.path("gate").path("kind").asText());
        JsonNode chosen = preview(
                0, "--project", ".", "--goal-text", "fix issue triage", "--host-surface", "pi", "--agent-id", "a2");
        assertEquals("a2", chosen.path("agent_id").asText());
    }

    @Test
    void refusedInput_writesNothing() {
        Map<String, String> before = CliRunner.snapshot(project);
        CliRunner.Result noGuided = cli.runIn(
                project,
                "start-goal",
                "--project",
                ".",
                "--goal-text",
                "x",
                "--host-surface",
                "pi",
                "--format",
                "json");
        assertEquals(2, noGuided.exit(), noGuided.toString());
        CliRunner.Result transcript = cli.runIn(
                project,
                "start-goal",
                "--guided",
                "--project",
                ".",
                "--host-surface",
                "pi",
                "--goal-text",
                "Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123456789ABCDEF",
                "--format",
                "json");
        assertEquals(2, transcript.exit(), transcript.toString());
        assertEquals(
                "public_boundary_violation",
                transcript.json().path("error_code").asText());
        assertFalse(transcript.stdout().contains("abcdefghijklmnop"));
        assertEquals(before, CliRunner.snapshot(project));
    }

    private JsonNode preview(int exit, String... args) {
        Map<String, String> projectBefore = CliRunner.snapshot(project);
        Map<String, String> homeBefore = CliRunner.snapshot(cli.loopxHome());
        List<String> all = new ArrayList<>(List.of("start-goal", "--guided"));
        all.addAll(List.of(args));
        all.addAll(List.of("--format", "json"));
        CliRunner.Result result = cli.runIn(project, all.toArray(String[]::new));
        assertEquals(exit, result.exit(), result.toString());
        JsonNode plan = result.json();
        assertEquals("loopx_start_goal_plan_v0", plan.path("schema_version").asText());
        assertFalse(plan.path("writes_now").asBoolean());
        assertEquals(
                projectBefore,
                CliRunner.snapshot(project),
                "start-goal --guided writes nothing (ledger byte-identical)");
        assertEquals(homeBefore, CliRunner.snapshot(cli.loopxHome()));
        return plan;
    }

    private int todoCount() {
        return json(cli.runIn(project, "todo", "list", "--goal-id", "triage-goal", "--format", "json"))
                .path("todos")
                .size();
    }

    private static JsonNode step(JsonNode plan, String name) {
        return StreamSupport.stream(plan.path("steps").spliterator(), false)
                .filter(s -> s.path("step").asText().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private static JsonNode json(CliRunner.Result result) {
        assertEquals(0, result.exit(), result.toString());
        return result.json();
    }

    private static void ok(CliRunner.Result result) {
        assertEquals(0, result.exit(), result.toString());
    }

    private static List<String> strings(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false)
                .map(JsonNode::asText)
                .toList();
    }
}
