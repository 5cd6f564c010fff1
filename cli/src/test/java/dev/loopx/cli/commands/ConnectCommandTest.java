package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectCommandTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;

    @BeforeEach
    void setUp() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("weather app"));
    }

    @Test
    void connectCreatesTheRuntimeRootRegistersTheGoalAndIgnoresTheRoot() throws Exception {
        var result = cli.run("connect", "--project", project.toString(), "--objective", "Keep the importer green");
        assertEquals(0, result.exit(), result::toString);
        JsonNode doc = result.json();
        assertEquals("loopx_connect_v0", doc.get("schema_version").asText());
        assertTrue(doc.get("ok").asBoolean());
        assertEquals("weather-app-goal", doc.get("goal_id").asText());
        assertEquals(2, doc.at("/receipt/appended").asInt());
        assertTrue(Files.isDirectory(project.resolve(".loopx/ledger")));
        assertEquals(
                "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(project.resolve(".loopx"))));
        assertTrue(Files.readString(project.resolve(".gitignore")).contains(".loopx/\n"));
        Path index = cli.loopxHome().resolve("projects.json");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(index)));
        assertTrue(Files.readString(index).contains("weather-app-goal"));
        assertFalse(result.stdout().contains(sandbox.toString()), "no absolute path in public output");
    }

    @Test
    void connectingAgainChangesNothing() {
        cli.run("connect", "--project", project.toString());
        var before = CliRunner.snapshot(project);
        var again = cli.run("connect", "--project", project.toString());
        assertEquals(0, again.exit(), again::toString);
        assertFalse(again.json().get("changed").asBoolean());
        assertEquals(0, again.json().at("/receipt/appended").asInt());
        assertEquals(
                before.get(".loopx/ledger/19700101F.cq4"),
                CliRunner.snapshot(project).get(".loopx/ledger/19700101F.cq4"));
        var verify = cli.run("--runtime-root", project.resolve(".loopx").toString(), "ledger", "verify");
        assertEquals(2, verify.json().get("events_checked").asInt());
    }

    @Test
    void bootstrapIsAnAliasOfConnect() {
        var result = cli.run("bootstrap", "--project", project.toString(), "--goal-id", "g1");
        assertEquals(0, result.exit(), result::toString);
        assertEquals("g1", result.json().get("goal_id").asText());
    }

    @Test
    void aDryRunListsTheActionsAndWritesNothing() {
        var before = CliRunner.snapshot(sandbox);
        var result = cli.run("connect", "--project", project.toString(), "--dry-run");
        assertEquals(0, result.exit(), result::toString);
        JsonNode doc = result.json();
        assertFalse(doc.get("writes_now").asBoolean());
        for (JsonNode action : doc.get("actions")) {
            assertEquals("would_do", action.get("status").asText(), action.toString());
        }
        assertEquals(before, CliRunner.snapshot(sandbox));
    }

    @Test
    void anExistingGitignoreEntryIsNotDuplicated() throws Exception {
        Files.writeString(project.resolve(".gitignore"), "node_modules/\n/.loopx\n", StandardCharsets.UTF_8);
        cli.run("connect", "--project", project.toString());
        assertEquals("node_modules/\n/.loopx\n", Files.readString(project.resolve(".gitignore")));
    }

    @Test
    void textModeShowsTheSameFacts() {
        var result = cli.run("--format", "text", "connect", "--project", project.toString());
        assertEquals(0, result.exit(), result::toString);
        assertTrue(
                result.stdout().startsWith("connected weather-app → goal weather-app-goal (runtime root .loopx/"),
                result.stdout());
        var verbose = cli.run("--format", "text", "--verbose", "connect", "--project", project.toString());
        assertTrue(verbose.stdout().contains("details:\n  schema version: loopx_connect_v0"), verbose.stdout());
    }
}
