package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectionsAndOpsCommandsTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;
    String root;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
        cli.run("--runtime-root", root, "configure-goal", "--goal-id", "g1", "--quota-compute", "2", "--execute");
    }

    @Test
    void deletedProjectionsAreRebuiltToIdenticalCanonicalBytes() throws Exception {
        String before = cli.run("--runtime-root", root, "projections", "dump", "--canonical")
                .stdout();
        for (String f : new String[] {"projections.db", "projections.db-wal", "projections.db-shm", "ledger.head"}) {
            Files.deleteIfExists(Path.of(root, f));
        }
        var rebuild = cli.run("--runtime-root", root, "projections", "rebuild");
        assertEquals(0, rebuild.exit(), rebuild::toString);
        assertEquals(3, rebuild.json().get("events_applied").asInt());
        assertEquals(
                before,
                cli.run("--runtime-root", root, "projections", "dump", "--canonical")
                        .stdout());
    }

    @Test
    void theRuntimeRootIsFoundUpwardFromTheWorkingDirectory() throws Exception {
        Path nested = Files.createDirectories(project.resolve("src/main"));
        var result = cli.runIn(nested, "projections", "dump");
        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.json().at("/views/goal/g1").isObject());
    }

    @Test
    void anOldFormatLedgerIsUpcastOnReadAndProjectsTheGoldenViews() throws Exception {
        Path compat = Path.of("..", "fixtures", "compat", "v0.0.1");
        Path oldRoot = Files.createDirectories(sandbox.resolve("old/.loopx/ledger"));
        try (Stream<Path> files = Files.list(compat.resolve("ledger"))) {
            for (Path f : files.toList()) {
                Files.copy(f, oldRoot.resolve(f.getFileName()));
            }
        }
        String r = oldRoot.getParent().toString();
        assertEquals(0, cli.run("--runtime-root", r, "ledger", "verify").exit());
        JsonNode dump = cli.run("--runtime-root", r, "projections", "dump").json();
        JsonNode golden = dev.loopx.ledger.json.Json.mapper()
                .readTree(compat.resolve("projections.canonical.json").toFile());
        assertEquals(golden.get("views"), dump.get("views"));
        assertEquals("", dump.at("/views/goal/legacy-app-goal/objective").asText());
        JsonNode replayed = cli.run("--runtime-root", r, "ledger", "replay", "--to", "1")
                .jsonLines()
                .get(0);
        assertEquals(1, replayed.get("type_version").asInt(), "replay shows events as stored, never rewritten");
    }

    @Test
    void doctorPassesOnAHealthyRootAndFailsClosedOnAMissingOne() {
        var healthy = cli.run("--runtime-root", root, "doctor");
        assertEquals(0, healthy.exit(), healthy::toString);
        assertTrue(healthy.json().get("ok").asBoolean());
        var missing = cli.run("--runtime-root", sandbox.resolve("nowhere").toString(), "doctor");
        assertEquals(1, missing.exit(), missing::toString);
        assertFalse(missing.json().get("ok").asBoolean());
        assertFalse(missing.stdout().contains(sandbox.toString()));
    }

    @Test
    void configureGoalPreviewsByDefaultAndWritesOnlyWithExecute() {
        var preview = cli.run("--runtime-root", root, "configure-goal", "--goal-id", "g1", "--quota-compute", "0");
        assertEquals(0, preview.exit(), preview::toString);
        assertEquals(1, preview.json().at("/preview/would_append").asInt());
        assertEquals("paused", preview.json().at("/after/state").asText());
        assertEquals(
                3, // connect wrote two events
                cli.run("--runtime-root", root, "ledger", "verify")
                        .json()
                        .get("events_checked")
                        .asInt());
        var unknown = cli.run(
                "--runtime-root", root, "configure-goal", "--goal-id", "nope", "--quota-compute", "0", "--execute");
        assertEquals(1, unknown.exit(), unknown::toString);
        assertEquals("goal_not_found", unknown.json().get("error_code").asText());
    }

    @Test
    void versionAndHelpWork() {
        var version = cli.run("version");
        assertEquals(0, version.exit());
        assertTrue(version.json().get("java_feature").asInt() >= 21);
        var help = cli.run("--help");
        assertEquals(0, help.exit());
        assertTrue(help.stdout().contains("connect"), help.stdout());
    }

    @Test
    void theDemoRunsEveryStepAndProvesTheRebuildIdentical() {
        var demo = cli.run("demo");
        assertEquals(0, demo.exit(), demo::toString);
        JsonNode doc = demo.json();
        assertTrue(doc.get("rebuild_identical").asBoolean());
        for (JsonNode step : doc.get("steps")) {
            boolean refusalShown = step.get("command").asText().contains("--agent-id reviewer")
                    && step.get("command").asText().contains("todo claim");
            assertEquals(refusalShown ? 1 : 0, step.get("exit_code").asInt(), step.toString());
        }
        assertTrue(demo.stdout().contains("quota.slot_spent") || demo.stdout().contains("loopx_quota_spend_v0"));
        assertFalse(demo.stdout().contains("/tmp/"), "no temp path leaks");
    }
}
