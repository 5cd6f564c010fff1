package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41 (habits from git and kubectl): {@code --goal-id} may be left out when the runtime root
 * has exactly one goal; with two the command is refused (exit 2, nothing written) and names them;
 * in an empty runtime root the option is reported missing; {@code --help} says so.
 */
class TheOnlyGoalByDefaultTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;
    String root;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        root = project.resolve(".loopx").toString();
        assertEquals(0, cli.run("connect", "--project", project.toString()).exit());
        assertEquals(
                0,
                cli.run(
                                "--runtime-root",
                                root,
                                "register-agent",
                                "--goal-id",
                                "app-goal",
                                "--agent-id",
                                "builder",
                                "--execute")
                        .exit());
    }

    @Test
    void withOneGoal_theReadsAndWritesUseIt() {
        JsonNode added = cli.run(
                        "--runtime-root",
                        root,
                        "--format",
                        "json",
                        "todo",
                        "add",
                        "--role",
                        "agent",
                        "--text",
                        "Write the parser")
                .json();
        assertTrue(added.path("ok").asBoolean(), added::toString);
        assertEquals("app-goal", added.path("goal_id").asText());
        JsonNode list = cli.run("--runtime-root", root, "--format", "json", "todo", "list")
                .json();
        assertEquals("app-goal", list.path("goal_id").asText(), list::toString);
        assertEquals(1, list.path("todos").size(), list::toString);
        JsonNode verdict = cli.runIn(
                        project,
                        "--format",
                        "json",
                        "quota",
                        "should-run",
                        "--agent-id",
                        "builder",
                        "--runtime-profile",
                        "claude_code")
                .json();
        assertEquals("app-goal", verdict.path("goal_id").asText(), verdict::toString);
        assertEquals(
                "app-goal",
                cli.run("--runtime-root", root, "--format", "json", "quota", "status")
                        .json()
                        .path("goal_id")
                        .asText());
    }

    @Test
    void withTwoGoals_aCommandWithoutOneIsRefused_namingThem_andWritesNothing() throws Exception {
        assertEquals(
                0,
                cli.run("--runtime-root", root, "connect", "--project", project.toString(), "--goal-id", "docs-goal")
                        .exit());
        Map<String, String> before = CliRunner.snapshot(Path.of(root, "ledger"));
        CliRunner.Result r = cli.run(
                "--runtime-root",
                root,
                "--format",
                "json",
                "todo",
                "add",
                "--role",
                "agent",
                "--text",
                "Write the parser");
        assertEquals(2, r.exit(), r::toString);
        JsonNode doc = r.json();
        assertEquals("invalid_arguments", doc.path("error_code").asText());
        assertTrue(doc.path("message").asText().contains("2 goals (app-goal, docs-goal)"), doc::toString);
        assertTrue(doc.path("hint").asText().contains("--goal-id app-goal"), doc::toString);
        assertEquals(before, CliRunner.snapshot(Path.of(root, "ledger")), "the ledger is byte-identical");
        CliRunner.Result named =
                cli.run("--runtime-root", root, "--format", "json", "todo", "list", "--goal-id", "docs-goal");
        assertEquals(0, named.exit(), named::toString);
    }

    @Test
    void inAnEmptyRuntimeRoot_theOptionIsMissing_andHelpSaysWhatTheDefaultIs() {
        CliRunner elsewhere = new CliRunner(sandbox.resolve("other"));
        CliRunner.Result r = elsewhere.run("--format", "json", "todo", "list");
        assertEquals(2, r.exit(), r::toString);
        assertTrue(r.json().path("message").asText().contains("--goal-id"), r::toString);
        String help = cli.run("todo", "list", "--help").stdout();
        assertTrue(help.contains("Default: the runtime root's only goal"), help);
    }
}
