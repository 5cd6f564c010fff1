package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to the goal-state commands: a structured answer, the right exit code, byte-identical files. */
class GoalStateBadInputTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    String todo;

    @BeforeEach
    void goalWithATodo() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
        todo = cli.run(
                        "--runtime-root",
                        root,
                        "todo",
                        "add",
                        "--goal-id",
                        "g1",
                        "--role",
                        "agent",
                        "--text",
                        "Write the importer")
                .json()
                .get("todo_id")
                .asText();
    }

    private JsonNode refused(int exit, String errorCode, String... args) {
        String[] full = new String[args.length + 2];
        full[0] = "--runtime-root";
        full[1] = root;
        System.arraycopy(args, 0, full, 2, args.length);
        Map<String, String> before = CliRunner.snapshot(sandbox);
        var result = cli.run(full);
        assertEquals(exit, result.exit(), result::toString);
        JsonNode doc = result.json();
        assertFalse(doc.get("ok").asBoolean());
        assertEquals(errorCode, doc.get("error_code").asText(), result::toString);
        assertEquals(before, CliRunner.snapshot(sandbox), "the ledger and every other file must be byte-identical");
        return doc;
    }

    /** A repeat reads its receipt back from the ledger (ADR 0005); neither a replay nor a conflict changes a byte. */
    @Test
    void aReusedOperationIdReplaysOrConflictsWithoutChangingAByte() {
        String[] add = {
            "--runtime-root",
            root,
            "todo",
            "add",
            "--goal-id",
            "g1",
            "--role",
            "agent",
            "--text",
            "Write the exporter",
            "--operation-id",
            "op-export"
        };
        JsonNode first = cli.run(add).json();
        assertFalse(first.at("/receipt/replayed").asBoolean(), first::toString);
        Map<String, String> before = CliRunner.snapshot(sandbox);
        JsonNode again = cli.run(add).json();
        assertTrue(again.at("/receipt/replayed").asBoolean(), again::toString);
        assertEquals(first.get("receipt").get("event_ids"), again.get("receipt").get("event_ids"));
        assertEquals(first.at("/receipt/seq_from"), again.at("/receipt/seq_from"));
        assertEquals(before, CliRunner.snapshot(sandbox), "a replay appends and rewrites nothing");
        refused(
                1,
                "operation_id_conflict",
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "Write the parser",
                "--operation-id",
                "op-export");
    }

    @Test
    void anUnknownGoalIsARefusalThatPointsAtConnect() {
        JsonNode doc =
                refused(1, "goal_not_found", "todo", "add", "--goal-id", "nope", "--role", "agent", "--text", "x");
        assertTrue(doc.get("hint").asText().startsWith("loopx connect"), doc.toString());
    }

    @Test
    void anUnknownOrMalformedTodoIdIsRefused() {
        refused(1, "todo_not_found", "todo", "complete", "--goal-id", "g1", "--todo-id", "todo_000000000000");
        refused(2, "invalid_todo_id", "todo", "complete", "--goal-id", "g1", "--todo-id", "../todo");
    }

    @Test
    void aMalformedResumeConditionIsBadInput() {
        refused(
                2,
                "invalid_resume_when",
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "later",
                "--resume-when",
                "tomorrow");
        refused(
                2,
                "invalid_resume_when",
                "todo",
                "update",
                "--goal-id",
                "g1",
                "--todo-id",
                todo,
                "--resume-when",
                "resume_at:2026-05-01T09:00:00");
    }

    @Test
    void anUnknownPriorityTaskClassOrRoleIsBadInput() {
        refused(
                2,
                "invalid_enum",
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "x",
                "--priority",
                "P9");
        refused(2, "invalid_enum", "todo", "add", "--goal-id", "g1", "--role", "robot", "--text", "x");
        refused(2, "invalid_task_class", "todo", "add", "--goal-id", "g1", "--role", "user", "--text", "decide");
        refused(
                2,
                "invalid_enum",
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "user",
                "--text",
                "decide",
                "--task-class",
                "advancement_task");
    }

    @Test
    void emptyOrOversizedTextIsBadInput() {
        refused(2, "invalid_value", "todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "   ");
        refused(
                2,
                "invalid_value",
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "x".repeat(100 * 1024));
    }

    @Test
    void aTextFileThatIsNotUtf8IsBadInput() throws Exception {
        Path file = Files.write(cli.workingDirectory().resolve("latin1.txt"), new byte[] {'c', 'a', 'f', (byte) 0xE9});
        refused(2, "invalid_text", "todo", "add", "--goal-id", "g1", "--role", "agent", "--text-file", file.toString());
    }

    @Test
    void flagsForTheOtherRoleAreBadInput() {
        refused(
                2,
                "invalid_arguments",
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "x",
                "--global-gate");
        refused(
                2,
                "invalid_arguments",
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "user",
                "--task-class",
                "user_gate",
                "--text",
                "x",
                "--claimed-by",
                "a1");
    }

    @Test
    void aCredentialOrTranscriptIsRejectedWithoutEchoingIt() {
        String secret = "ghp_FAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE1234";
        JsonNode doc = refused(
                2,
                "public_boundary_violation",
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "use token " + secret);
        assertFalse(doc.toString().contains("FAKEFAKE"), doc.toString());
        refused(
                2,
                "public_boundary_violation",
                "refresh-state",
                "--goal-id",
                "g1",
                "--summary",
                "User: please fix it\nAssistant: sure, here is the diff\nUser: thanks");
    }

    @Test
    void unknownDecisionWordsAreBadInput() {
        refused(2, "invalid_enum", "operator-gate", "--goal-id", "g1", "--decision", "maybe", "--reason-summary", "r");
        refused(
                2,
                "invalid_enum",
                "reward",
                "--goal-id",
                "g1",
                "--reward",
                "great",
                "--reason-summary",
                "r",
                "--actor-kind",
                "owner");
        refused(2, "actor_kind_required", "reward", "--goal-id", "g1", "--reward", "positive", "--reason-summary", "r");
        refused(
                2,
                "invalid_enum",
                "goal-lifecycle",
                "--goal-id",
                "g1",
                "--operation",
                "pause",
                "--actor-kind",
                "owner",
                "--reason",
                "r",
                "--execute");
        refused(
                2,
                "invalid_enum",
                "goal-lifecycle",
                "--goal-id",
                "g1",
                "--operation",
                "stop",
                "--actor-kind",
                "agent",
                "--reason",
                "r",
                "--execute");
    }
}
