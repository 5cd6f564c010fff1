package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Backlog hygiene (issue 21) end to end through the CLI: {@code todo archive-completed} hides
 * finished todos from the default reads without changing any decision, {@code todo add
 * --unblocks-todo-id} unblocks its target on completion, {@code todo complete
 * --validation-command} is recorded with the evidence and shown where the evidence is.
 */
class BacklogHygieneTest {
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
        assertEquals(
                0,
                run("register-agent", "--goal-id", "g1", "--agent-id", "builder", "--execute")
                        .exit());
    }

    private CliRunner.Result run(String... args) {
        List<String> full = new ArrayList<>(List.of("--runtime-root", root));
        full.addAll(List.of(args));
        return cli.run(full.toArray(String[]::new));
    }

    private String add(String text, String... more) {
        List<String> args =
                new ArrayList<>(List.of("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", text));
        args.addAll(List.of(more));
        CliRunner.Result r = run(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r::toString);
        return r.json().path("todo_id").asText();
    }

    private ObjectNode shouldRun() {
        CliRunner.Result r = run(
                "quota", "should-run", "--goal-id", "g1", "--agent-id", "builder", "--runtime-profile", "claude_code");
        assertEquals(0, r.exit(), r::toString);
        return (ObjectNode) r.json();
    }

    private List<String> listed(String... more) {
        List<String> args = new ArrayList<>(List.of("todo", "list", "--goal-id", "g1"));
        args.addAll(List.of(more));
        List<String> ids = new ArrayList<>();
        run(args.toArray(String[]::new))
                .json()
                .path("todos")
                .forEach(t -> ids.add(t.path("todo_id").asText()));
        return ids;
    }

    private String dump() {
        return run("projections", "dump", "--canonical").stdout();
    }

    @Test
    void archiveCompleted_hidesFinishedTodos_keepsThemReadable_andChangesNoDecision() throws Exception {
        String done = add("Write the importer");
        String replaced = add("Write the parser");
        String open = add("Write the docs");
        assertEquals(
                0,
                run(
                                "todo",
                                "complete",
                                "--goal-id",
                                "g1",
                                "--todo-id",
                                done,
                                "--agent-id",
                                "builder",
                                "--evidence",
                                "importer merged")
                        .exit());
        assertEquals(
                0,
                run(
                                "todo",
                                "supersede",
                                "--goal-id",
                                "g1",
                                "--todo-id",
                                replaced,
                                "--agent-id",
                                "builder",
                                "--reason",
                                "folded into the importer",
                                "--next-agent-todo",
                                "Ship the importer")
                        .exit());
        String waiting = add("Write the release notes", "--resume-when", "todo_done:" + done);
        ObjectNode before = shouldRun();
        List<String> runnable = new ArrayList<>();
        before.path("runnable_candidates")
                .forEach(t -> runnable.add(t.path("todo_id").asText()));
        assertTrue(runnable.contains(waiting), "todo_done:<done> holds: " + before.toPrettyString());
        String dumpBefore = dump();

        CliRunner.Result preview = run("todo", "archive-completed", "--goal-id", "g1", "--dry-run");
        assertEquals(0, preview.exit(), preview::toString);
        assertEquals(dumpBefore, dump(), "a preview writes nothing");
        assertEquals(List.of(done, replaced), texts(preview.json().path("archived_todo_ids")));
        assertTrue(preview.json().path("dry_run").asBoolean());

        CliRunner.Result archived = run("todo", "archive-completed", "--goal-id", "g1");
        assertEquals(0, archived.exit(), archived::toString);
        assertTrue(archived.json().path("changed").asBoolean());
        assertEquals(List.of("todo.archived"), texts(archived.json().at("/receipt/event_types")));
        assertEquals(List.of(done, replaced), texts(archived.json().path("archived_todo_ids")));
        assertEquals(2, archived.json().path("archived_count").asInt());

        ObjectNode after = shouldRun();
        assertEquals(before, after, "archiving changes no decision");
        assertFalse(listed().contains(done));
        assertFalse(listed().contains(replaced));
        assertTrue(listed().contains(open));
        List<String> all = listed("--include-archived");
        assertTrue(all.containsAll(List.of(done, replaced, open)), all::toString);
        JsonNode list =
                run("todo", "list", "--goal-id", "g1", "--include-archived").json();
        for (JsonNode t : list.path("todos")) {
            boolean expected = t.path("todo_id").asText().equals(done)
                    || t.path("todo_id").asText().equals(replaced);
            assertEquals(expected, t.path("archived_seq").asLong() > 0, t::toString);
        }
        JsonNode counts = run("status", "--goal-id", "g1").json().at("/goals/0/counts");
        assertEquals(2, counts.path("archived").asInt(), counts::toString);
        assertEquals(2, counts.path("done").asInt());
        assertEquals(5, counts.path("todos").asInt());
        assertTrue(run("--format", "text", "status", "--goal-id", "g1").stdout().contains("done 2 (2 archived)"));

        CliRunner.Result again = run("todo", "archive-completed", "--goal-id", "g1");
        assertEquals(0, again.exit(), again::toString);
        assertFalse(again.json().path("changed").asBoolean());
        assertEquals(0, again.json().path("archived_count").asInt());

        String incremental = dump();
        for (String f : new String[] {"projections.db", "projections.db-wal", "projections.db-shm", "ledger.head"}) {
            Files.deleteIfExists(Path.of(root, f));
        }
        assertEquals(0, run("projections", "rebuild").exit());
        assertEquals(incremental, dump(), "a rebuild gives the incremental store byte for byte");
        assertEquals(0, run("ledger", "verify").exit());
    }

    @Test
    void archiveCompleted_keepLatest_leavesTheMostRecentlyFinishedInView_andTheTextViewSaysSo() {
        String first = add("Write the importer");
        String second = add("Write the parser");
        for (String id : List.of(first, second)) {
            run("todo", "complete", "--goal-id", "g1", "--todo-id", id, "--agent-id", "builder", "--no-follow-up");
        }
        String text = run("--format", "text", "todo", "archive-completed", "--goal-id", "g1", "--keep-latest", "1")
                .stdout();
        assertTrue(text.startsWith("archived 1 finished todo in goal g1 (the latest 1 finished stay in view)"), text);
        assertTrue(text.contains(first), text);
        assertTrue(text.contains("--include-archived"), text);
        assertEquals(List.of(second), listed("--status", "done"));
        String preview = run("--format", "text", "todo", "archive-completed", "--goal-id", "g1", "--dry-run")
                .stdout();
        assertTrue(preview.startsWith("preview: would archive 1 finished todo in goal g1 (nothing written)"), preview);
        assertTrue(preview.contains("repeat the command without --dry-run"), preview);
    }

    @Test
    void archiveCompleted_withAnOperationId_replaysTheOriginalReceipt() {
        String id = add("Write the importer");
        run("todo", "complete", "--goal-id", "g1", "--todo-id", id, "--agent-id", "builder", "--no-follow-up");
        CliRunner.Result first = run("todo", "archive-completed", "--goal-id", "g1", "--operation-id", "tidy-1");
        assertEquals(0, first.exit(), first::toString);
        String dumpAfter = dump();
        CliRunner.Result again = run("todo", "archive-completed", "--goal-id", "g1", "--operation-id", "tidy-1");
        assertEquals(0, again.exit(), again::toString);
        assertTrue(again.json().at("/receipt/replayed").asBoolean(), again::toString);
        assertEquals(first.json().at("/receipt/event_ids"), again.json().at("/receipt/event_ids"));
        assertEquals(List.of(id), texts(again.json().path("archived_todo_ids")));
        assertEquals(dumpAfter, dump(), "a replay appends nothing");
        CliRunner.Result conflict =
                run("todo", "archive-completed", "--goal-id", "g1", "--operation-id", "tidy-1", "--keep-latest", "3");
        assertEquals("operation_id_conflict", conflict.json().path("error_code").asText(), conflict::toString);
    }

    @Test
    void badInput_isExitTwo_andTheRuntimeRootStaysByteIdentical() {
        String id = add("Write the importer");
        String[][] bad = {
            {"todo", "archive-completed", "--goal-id", "g1", "--keep-latest", "-1"},
            {"todo", "archive-completed", "--goal-id", "g1", "--keep-latest", "many"},
            {"todo", "archive-completed", "--goal-id", "g1", "--agent-id", "bad id"},
            {"todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Next", "--unblocks-todo-id", "nope"},
            {"todo", "complete", "--goal-id", "g1", "--todo-id", id, "--validation-command", "/home/alice/bin/check"},
            {"todo", "complete", "--goal-id", "g1", "--todo-id", id, "--validation-command", "   "},
            {"todo", "list", "--goal-id", "g1", "--include-archived=maybe"}
        };
        for (String[] args : bad) {
            var before = CliRunner.snapshot(sandbox);
            CliRunner.Result r = run(args);
            assertEquals(2, r.exit(), () -> List.of(args) + " → " + r);
            assertFalse(r.json().path("error_code").asText().isEmpty(), r::toString);
            assertEquals(before, CliRunner.snapshot(sandbox), "nothing written: " + List.of(args));
        }
    }

    @Test
    void unblocksTodoId_aBlockedTodoIsRunnableOnceTheGateNamingItIsApproved() {
        String work = add("Write the importer");
        assertEquals(
                0,
                run(
                                "todo",
                                "update",
                                "--goal-id",
                                "g1",
                                "--todo-id",
                                work,
                                "--agent-id",
                                "builder",
                                "--status",
                                "blocked")
                        .exit());
        CliRunner.Result missing = run(
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "user",
                "--task-class",
                "user_gate",
                "--text",
                "Approve the schema",
                "--unblocks-todo-id",
                "todo_0123456789ab");
        assertEquals(1, missing.exit(), missing::toString);
        assertEquals("todo_not_found", missing.json().path("error_code").asText());
        CliRunner.Result gate = run(
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "user",
                "--task-class",
                "user_gate",
                "--text",
                "Approve the schema",
                "--unblocks-todo-id",
                work);
        assertEquals(0, gate.exit(), gate::toString);
        assertEquals(work, gate.json().at("/todo/unblocks_todo_id").asText());
        assertEquals(
                "operator_gate_notify", shouldRun().path("effective_action").asText());

        CliRunner.Result approved = run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                gate.json().path("todo_id").asText(),
                "--decision-outcome",
                "approve",
                "--evidence",
                "schema approved");
        assertEquals(0, approved.exit(), approved::toString);
        assertEquals(
                List.of("todo.completed", "todo.updated"), texts(approved.json().at("/receipt/event_types")));
        ObjectNode now = shouldRun();
        assertEquals("normal_run", now.path("effective_action").asText(), now::toPrettyString);
        assertEquals(work, now.at("/selected_todo/todo_id").asText());
    }

    @Test
    void validationCommand_isRecordedWithTheEvidence_andShownInTheListStatusAndTextViews() {
        String id = add("Write the importer");
        CliRunner.Result done = run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                id,
                "--agent-id",
                "builder",
                "--evidence",
                "42 tests green",
                "--validation-command",
                "./mvnw -q test",
                "--no-follow-up");
        assertEquals(0, done.exit(), done::toString);
        assertEquals(
                "./mvnw -q test", done.json().at("/todo/validation_command").asText());
        JsonNode listedTodo = run("todo", "list", "--goal-id", "g1").json().at("/todos/0");
        assertEquals("./mvnw -q test", listedTodo.path("validation_command").asText());
        JsonNode last = run("status", "--goal-id", "g1").json().at("/goals/0/last_completion");
        assertEquals(id, last.path("todo_id").asText());
        assertEquals("42 tests green", last.path("evidence").asText());
        assertEquals("./mvnw -q test", last.path("validation_command").asText());
        assertTrue(run("--format", "text", "status", "--goal-id", "g1")
                .stdout()
                .contains("completed  Write the importer: 42 tests green  (validated by: ./mvnw -q test)"));
        String text = run(
                        "--format",
                        "text",
                        "todo",
                        "complete",
                        "--goal-id",
                        "g1",
                        "--todo-id",
                        id,
                        "--agent-id",
                        "builder",
                        "--no-follow-up")
                .stdout();
        assertTrue(text.contains("validated by") && text.contains("./mvnw -q test"), text);
        assertTrue(run("--format", "text", "--verbose", "todo", "list", "--goal-id", "g1")
                .stdout()
                .contains("./mvnw -q test"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
