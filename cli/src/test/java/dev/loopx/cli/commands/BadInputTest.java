package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every bad input gets a structured {@code loopx_error_v0} answer with the right exit code and
 * leaves every existing file byte-identical.
 */
class BadInputTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;
    Path root;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx");
    }

    private JsonNode assertRefusedUnchanged(int exit, String errorCode, String... args) {
        Map<String, String> before = CliRunner.snapshot(sandbox);
        var result = cli.run(args);
        assertEquals(exit, result.exit(), result::toString);
        JsonNode doc = result.json();
        assertEquals("loopx_error_v0", doc.get("schema_version").asText(), result::toString);
        assertFalse(doc.get("ok").asBoolean());
        assertEquals(errorCode, doc.get("error_code").asText(), result::toString);
        assertTrue(doc.hasNonNull("message") && doc.hasNonNull("hint"));
        assertFalse(result.stdout().contains(sandbox.toString()), "paths are redacted: " + result.stdout());
        assertEquals(before, CliRunner.snapshot(sandbox), "files must be byte-identical");
        return doc;
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "", "a/b", "g\u0001", "-starts-with-dash", "..", "has space"})
    void malformedGoalIdsAreBadInput(String goalId) {
        assertRefusedUnchanged(
                2,
                "invalid_goal_id",
                "--runtime-root",
                root.toString(),
                "configure-goal",
                "--goal-id=" + goalId,
                "--quota-compute",
                "0.5",
                "--execute");
    }

    @Test
    void aTwoHundredCharacterGoalIdIsBadInput() {
        String id = "g".repeat(200);
        JsonNode doc = assertRefusedUnchanged(
                2, "invalid_goal_id", "connect", "--project", project.toString(), "--goal-id", id);
        assertFalse(doc.get("message").asText().contains(id), "the bad value is not echoed");
    }

    @Test
    void malformedIdsAreRefusedByEveryCommandThatTakesOne() {
        assertRefusedUnchanged(
                2, "invalid_goal_id", "--runtime-root", root.toString(), "ledger", "replay", "--goal-id", "../etc");
        assertRefusedUnchanged(
                2,
                "invalid_goal_id",
                "--runtime-root",
                root.toString(),
                "debug",
                "append-load",
                "--goal-id",
                "a\tb",
                "--count",
                "1");
    }

    @Test
    void unknownFlagsAndSubcommandsAreBadInput() {
        assertRefusedUnchanged(
                2,
                "invalid_arguments",
                "--runtime-root",
                root.toString(),
                "configure-goal",
                "--goal-id",
                "g1",
                "--frobnicate");
        assertRefusedUnchanged(2, "invalid_arguments", "--runtime-root", root.toString(), "ledger", "explode");
        assertRefusedUnchanged(2, "invalid_arguments", "no-such-command");
        assertRefusedUnchanged(2, "invalid_arguments", "--runtime-root", root.toString(), "ledger");
    }

    @Test
    void badValuesAreBadInput() {
        assertRefusedUnchanged(
                2,
                "invalid_value",
                "--runtime-root",
                root.toString(),
                "configure-goal",
                "--goal-id",
                "g1",
                "--quota-compute",
                "-1",
                "--execute");
        assertRefusedUnchanged(
                2,
                "invalid_value",
                "--runtime-root",
                root.toString(),
                "configure-goal",
                "--goal-id",
                "g1",
                "--quota-window-hours",
                "zero",
                "--execute");
        assertRefusedUnchanged(
                2,
                "invalid_time",
                "--now",
                "tomorrow",
                "--runtime-root",
                root.toString(),
                "configure-goal",
                "--goal-id",
                "g1",
                "--quota-compute",
                "2",
                "--execute");
        assertRefusedUnchanged(2, "invalid_format", "--format", "yaml", "version");
    }

    @Test
    void updateApplyWithoutAReadableArchiveOrWithAMalformedDigestIsBadInput() throws Exception {
        assertRefusedUnchanged(
                2,
                "archive_not_found",
                "--runtime-root",
                root.toString(),
                "update",
                "apply",
                "--archive",
                sandbox.resolve("missing.tar.gz").toString());
        assertRefusedUnchanged(
                2,
                "archive_not_found",
                "--runtime-root",
                root.toString(),
                "update",
                "apply",
                "--archive",
                project.toString());
        Path file = Files.writeString(sandbox.resolve("dist.tar.gz"), "not an archive");
        assertRefusedUnchanged(
                2,
                "invalid_value",
                "--runtime-root",
                root.toString(),
                "update",
                "apply",
                "--archive",
                file.toString(),
                "--sha256",
                "abc");
        assertRefusedUnchanged(2, "invalid_arguments", "--runtime-root", root.toString(), "update");
    }

    @Test
    void anUnknownSyncPolicyIsBadInput() {
        Map<String, String> before = CliRunner.snapshot(sandbox);
        var result = cli.withVariable("LOOPX_LEDGER_SYNC", "sometimes")
                .run(
                        "--runtime-root",
                        root.toString(),
                        "configure-goal",
                        "--goal-id",
                        "g1",
                        "--quota-compute",
                        "2",
                        "--execute");
        assertEquals(2, result.exit(), result::toString);
        assertEquals("invalid_value", result.json().get("error_code").asText());
        assertEquals(before, CliRunner.snapshot(sandbox));
    }

    @Test
    void aMissingProjectOrAPathInTheObjectiveIsBadInput() {
        assertRefusedUnchanged(
                2,
                "project_not_found",
                "connect",
                "--project",
                project.resolve("nope").toString());
        assertRefusedUnchanged(
                2,
                "public_boundary_violation",
                "connect",
                "--project",
                project.toString(),
                "--objective",
                "read /home/alice/secrets.txt");
    }

    @Test
    void aMissingRuntimeRootIsBadInput() {
        assertRefusedUnchanged(
                2,
                "runtime_root_not_found",
                "--runtime-root",
                sandbox.resolve("nowhere").toString(),
                "ledger",
                "verify");
    }

    @Test
    void aFileAsRuntimeRootIsBadInput() throws Exception {
        Path file = Files.writeString(sandbox.resolve("a-file"), "not a folder");
        assertRefusedUnchanged(
                2, "runtime_root_not_a_directory", "--runtime-root", file.toString(), "ledger", "verify");
        assertRefusedUnchanged(
                2,
                "runtime_root_not_a_directory",
                "connect",
                "--project",
                project.toString(),
                "--runtime-root",
                file.toString());
    }

    @Test
    void aForeignFolderIsNeverTakenOverAsRuntimeRoot() throws Exception {
        Path foreign = Files.createDirectories(sandbox.resolve("photos"));
        Files.writeString(foreign.resolve("holiday.jpg"), "jpeg bytes");
        assertRefusedUnchanged(
                2, "runtime_root_not_initialized", "--runtime-root", foreign.toString(), "projections", "dump");
        assertRefusedUnchanged(
                2,
                "runtime_root_foreign",
                "connect",
                "--project",
                project.toString(),
                "--runtime-root",
                foreign.toString());
    }

    @Test
    void aLedgerFolderWithAForeignFileIsRefused() throws Exception {
        Files.writeString(root.resolve("ledger/notes.txt"), "someone's notes");
        assertRefusedUnchanged(3, "ledger_foreign_files", "--runtime-root", root.toString(), "ledger", "verify");
    }

    @Test
    void aGarbageQueueFileIsRefusedAndLeftAsItIs() throws Exception {
        Path other = Files.createDirectories(cli.workingDirectory().resolve("garbage"));
        assertEquals(
                0,
                cli.run("connect", "--project", other.toString(), "--goal-id", "g2")
                        .exit());
        Path queue = other.resolve(".loopx/ledger/19700101F.cq4");
        byte[] garbage = new byte[1 << 16];
        new Random(7).nextBytes(garbage);
        Files.write(queue, garbage);
        Files.deleteIfExists(other.resolve(".loopx/projections.db"));
        Files.deleteIfExists(other.resolve(".loopx/ledger.head"));
        Map<String, String> before = CliRunner.snapshot(sandbox);
        var result = cli.run("--runtime-root", other.resolve(".loopx").toString(), "ledger", "verify");
        assertTrue(result.exit() == 1 || result.exit() == 3, result::toString);
        assertFalse(result.json().get("ok").asBoolean());
        assertEquals(
                before.get("work/garbage/.loopx/ledger/19700101F.cq4"),
                CliRunner.snapshot(sandbox).get("work/garbage/.loopx/ledger/19700101F.cq4"),
                "the damaged file is evidence: never rewritten");
    }
}
