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
 * {@code loopx bootstrap-command-pack} (SPEC §S10, S15 row "/loopx in a connected project"): every
 * {@code recommended_next_step.kind} is reachable, and every one leaves the project folder, the
 * runtime root, {@code LOOPX_HOME} and the home folder byte-identical — not even {@code .loopx}
 * or {@code projections.db} is created.
 */
class BootstrapCommandPackTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;

    @BeforeEach
    void project() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("weather-app"));
    }

    @Test
    void notConnected_confirmsBeforeBootstrapMutation_andCreatesNothing() {
        JsonNode pack = readOnlyPack("--project", ".");
        JsonNode step = pack.path("recommended_next_step");
        assertEquals("confirm_before_bootstrap_mutation", step.path("kind").asText());
        assertEquals(
                "loopx connect --project . --goal-id weather-app-goal --dry-run",
                step.path("dry_run_command").path("command").asText());
        assertEquals(
                "loopx connect --project . --goal-id weather-app-goal",
                step.path("after_confirmation_command").path("command").asText());
        assertEquals(step.path("dry_run_command").path("command"), step.path("command"));
        assertFalse(pack.path("connection").path("connected").asBoolean());
        assertFalse(Files.exists(project.resolve(".loopx")), "no runtime root may be created");
    }

    @Test
    void connectedSingleLane_recommendsStatusAndLoopActivation_withTheHostCommand() {
        connect("weather-app-goal");
        ok(cli.runIn(project, "register-agent", "--goal-id", "weather-app-goal", "--agent-id", "builder", "--execute"));
        JsonNode pack = readOnlyPack("--project", ".", "--host-surface", "claude-code", "--cli-bin", "lx");
        JsonNode step = pack.path("recommended_next_step");
        assertEquals("status_and_loop_activation", step.path("kind").asText());
        assertEquals(
                "lx status --goal-id weather-app-goal --agent-id builder",
                step.path("command").asText());
        assertEquals(
                List.of("lx", "status", "--goal-id", "weather-app-goal", "--agent-id", "builder"),
                strings(step.path("argv")));
        assertEquals(
                "claude mcp add loopx -- lx mcp serve --goal-id weather-app-goal --agent-id builder",
                step.path("activation_commands").get(0).path("command").asText());
        assertEquals(
                "lx quota should-run --goal-id weather-app-goal --agent-id builder --runtime-profile claude_code",
                step.path("should_run_command").path("command").asText());
        assertTrue(pack.path("connection").path("state_current").asBoolean());
    }

    @Test
    void severalAgentsNoneChosen_asksToSelectAgentIdentity() {
        connect("weather-app-goal");
        ok(cli.runIn(
                project,
                "register-agent",
                "--goal-id",
                "weather-app-goal",
                "--agent-id",
                "builder",
                "--agent-id",
                "reviewer",
                "--execute"));
        JsonNode step = readOnlyPack("--project", ".").path("recommended_next_step");
        assertEquals("select_agent_identity", step.path("kind").asText());
        assertEquals(
                List.of("builder", "reviewer"),
                StreamSupport.stream(step.path("options").spliterator(), false)
                        .map(o -> o.path("agent_id").asText())
                        .toList());
        assertEquals(
                "loopx bootstrap-command-pack --project . --goal-id weather-app-goal --agent-id reviewer",
                step.path("options").get(1).path("command").path("command").asText());
        // An agent that is not registered is no identity either.
        assertEquals(
                "select_agent_identity",
                readOnlyPack("--project", ".", "--agent-id", "ghost")
                        .path("recommended_next_step")
                        .path("kind")
                        .asText());
        assertEquals(
                "status_and_loop_activation",
                readOnlyPack("--project", ".", "--agent-id", "reviewer")
                        .path("recommended_next_step")
                        .path("kind")
                        .asText());
    }

    @Test
    void severalGoalsNoneChosen_asksToSelectTheGoal() {
        connect("goal-a");
        connect("goal-b");
        JsonNode step = readOnlyPack("--project", ".").path("recommended_next_step");
        assertEquals("goal_selection_required", step.path("kind").asText());
        assertEquals(
                List.of("goal-a", "goal-b"),
                StreamSupport.stream(step.path("options").spliterator(), false)
                        .map(o -> o.path("goal_id").asText())
                        .toList());
        assertEquals(
                "status_and_loop_activation",
                readOnlyPack("--project", ".", "--goal-id", "goal-b")
                        .path("recommended_next_step")
                        .path("kind")
                        .asText());
    }

    @Test
    void goalText_plansBeforeAnyTodoWrite_connectedOrNot() {
        String text = "fix issue triage";
        JsonNode before = readOnlyPack("--project", ".", "--goal-text", text, "--host-surface", "codex-cli");
        assertEquals(
                "goal_plan_write_and_activate",
                before.path("recommended_next_step").path("kind").asText());
        assertEquals(text, before.path("goal_text").asText());
        assertEquals(
                "loopx start-goal --guided --project . --goal-id weather-app-goal --host-surface codex-cli --goal-text 'fix issue triage'",
                before.path("recommended_next_step").path("command").asText());

        connect("weather-app-goal");
        JsonNode after = readOnlyPack("--project", ".", "--goal-text", text);
        JsonNode step = after.path("recommended_next_step");
        assertEquals("goal_plan_write_and_activate", step.path("kind").asText());
        assertTrue(step.path("plan_before_write").asBoolean());
        List<String> argv = strings(step.path("argv"));
        assertEquals(List.of("loopx", "start-goal", "--guided"), argv.subList(0, 3));
        assertEquals(text, argv.getLast(), "the goal text is passed on exactly");
    }

    @Test
    void credentialInGoalText_isRefusedWithoutEcho_andNothingIsWritten() {
        Map<Path, Map<String, String>> before = trees();
        String secret = "deploy with api_key=sk-live-abcdefghijklmnopqrstuvwxyz0123456789";
        CliRunner.Result result = cli.runIn(
                project, "bootstrap-command-pack", "--project", ".", "--goal-text", secret, "--format", "json");
        assertEquals(2, result.exit(), result.toString());
        assertEquals(
                "public_boundary_violation", result.json().path("error_code").asText());
        assertFalse(result.stdout().contains("sk-live"), "the refused value is never echoed");
        assertEquals(before, trees());
    }

    @Test
    void badInput_isExitTwo() {
        assertEquals(
                2,
                cli.runIn(project, "bootstrap-command-pack", "--project", "missing", "--format", "json")
                        .exit());
        assertEquals(
                2,
                cli.runIn(
                                project,
                                "bootstrap-command-pack",
                                "--project",
                                ".",
                                "--host-surface",
                                "vscode",
                                "--format",
                                "json")
                        .exit());
        assertEquals(
                2,
                cli.runIn(project, "bootstrap-command-pack", "--project", ".", "--agent-id", "../x", "--format", "json")
                        .exit());
        assertEquals(
                2,
                cli.runIn(project, "bootstrap-command-pack", "--project", ".", "--cli-bin", "a b", "--format", "json")
                        .exit());
    }

    @Test
    void staleProjections_areNotCaughtUp_andTheAnswerSaysSo() throws Exception {
        connect("weather-app-goal");
        Files.delete(project.resolve(".loopx").resolve("projections.db"));
        JsonNode pack = readOnlyPack("--project", ".");
        assertFalse(pack.path("connection").path("state_current").asBoolean());
        assertEquals(
                "status_and_loop_activation",
                pack.path("recommended_next_step").path("kind").asText());
        assertEquals(
                "loopx status",
                pack.path("recommended_next_step").path("command").asText());
        assertFalse(
                Files.exists(project.resolve(".loopx").resolve("projections.db")),
                "the pack must not rebuild the store");
    }

    /** Runs the pack in the project folder and asserts every tree is byte-identical afterwards. */
    private JsonNode readOnlyPack(String... args) {
        Map<Path, Map<String, String>> before = trees();
        List<String> all = new ArrayList<>(List.of("bootstrap-command-pack"));
        all.addAll(List.of(args));
        all.addAll(List.of("--format", "json"));
        CliRunner.Result result = cli.runIn(project, all.toArray(String[]::new));
        assertEquals(0, result.exit(), result.toString());
        JsonNode pack = result.json();
        assertEquals(
                "loopx_bootstrap_command_pack_v0", pack.path("schema_version").asText());
        assertTrue(pack.path("ok").asBoolean());
        assertTrue(pack.path("read_only").asBoolean());
        pack.path("safety_contract")
                .properties()
                .forEach(e -> assertFalse(e.getValue().asBoolean(), e.getKey()));
        assertEquals(5, pack.path("safety_contract").size());
        assertFalse(result.stdout().contains(sandbox.toString()), "no absolute local path in the answer");
        assertEquals(before, trees(), "bootstrap-command-pack must write nothing");
        return pack;
    }

    private Map<Path, Map<String, String>> trees() {
        return Map.of(
                project,
                CliRunner.snapshot(project),
                cli.loopxHome(),
                CliRunner.snapshot(cli.loopxHome()),
                sandbox.resolve("home"),
                CliRunner.snapshot(sandbox.resolve("home")));
    }

    private void connect(String goalId) {
        ok(cli.runIn(project, "connect", "--project", ".", "--goal-id", goalId));
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
