package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The goal-state commands end to end through the CLI (SPEC §S3–S6). */
class GoalStateCommandsTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;

    @BeforeEach
    void connect() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        assertEquals(
                0,
                cli.run("connect", "--project", project.toString(), "--goal-id", "g1")
                        .exit());
        root = project.resolve(".loopx").toString();
    }

    private CliRunner.Result run(String... args) {
        String[] full = new String[args.length + 2];
        full[0] = "--runtime-root";
        full[1] = root;
        System.arraycopy(args, 0, full, 2, args.length);
        return cli.run(full);
    }

    private long head() {
        return run("ledger", "verify").json().get("head_seq").asLong();
    }

    @Test
    void registerAgentPreviewsByDefaultAndRefusesExistingIdsWithRequireNew() {
        var preview = run("register-agent", "--goal-id", "g1", "--agent-id", "a1");
        assertEquals(0, preview.exit(), preview::toString);
        assertEquals(2, head()); // connect: goal.registered + todo.sections_declared
        assertEquals(
                0,
                run("register-agent", "--goal-id", "g1", "--agent-id", "a1", "--execute")
                        .exit());
        var again = run("register-agent", "--goal-id", "g1", "--agent-id", "a1", "--require-new", "--execute");
        assertEquals(1, again.exit(), again::toString);
        assertEquals(
                "agent_identity_already_registered",
                again.json().get("error_kind").asText());
        assertEquals(3, head());
    }

    @Test
    void identicalTodoTextIsIdempotent() {
        String id = run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Write  the importer")
                .json()
                .get("todo_id")
                .asText();
        var again = run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Write the importer ");
        assertEquals(id, again.json().get("todo_id").asText());
        assertFalse(again.json().get("changed").asBoolean());
        assertTrue(id.matches("todo_[0-9a-f]{12}"));
    }

    @Test
    void completionIsTerminalIdempotentAndCreatesItsSuccessorInTheSameAppend() {
        String id = run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Step one")
                .json()
                .get("todo_id")
                .asText();
        var done = run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                id,
                "--evidence",
                "shipped",
                "--next-agent-todo",
                "Step two");
        assertEquals(0, done.exit(), done::toString);
        assertEquals(
                done.json().at("/receipt/seq_from").asLong() + 1,
                done.json().at("/receipt/seq_to").asLong());
        var repeat = run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                id,
                "--evidence",
                "shipped",
                "--next-agent-todo",
                "Step two");
        assertFalse(repeat.json().get("changed").asBoolean());
        var other = run("todo", "complete", "--goal-id", "g1", "--todo-id", id, "--next-agent-todo", "Something else");
        assertEquals(1, other.exit());
        assertEquals("todo_already_completed", other.json().get("error_code").asText());
        assertEquals(
                2, run("todo", "list", "--goal-id", "g1").json().get("count").asInt());
    }

    @Test
    void resumeAtIsNormalisedToUtc() {
        var added = run(
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "agent",
                "--text",
                "Later",
                "--resume-when",
                "resume_at:2026-05-01T09:00:00+02:00");
        assertEquals(
                "resume_at:2026-05-01T07:00:00Z",
                added.json().at("/todo/resume_when").asText());
    }

    @Test
    void multiAgentGoalsNeedTheActingAgentAndNeverStealClaims() {
        run("register-agent", "--goal-id", "g1", "--agent-id", "a1", "--agent-id", "a2", "--execute");
        String id = run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Work")
                .json()
                .get("todo_id")
                .asText();
        assertEquals(
                0,
                run("todo", "claim", "--goal-id", "g1", "--todo-id", id, "--agent-id", "a1")
                        .exit());
        assertEquals(
                "claimed_by_other",
                run("todo", "claim", "--goal-id", "g1", "--todo-id", id, "--agent-id", "a2")
                        .json()
                        .get("error_code")
                        .asText());
        assertEquals(
                "agent_id_required",
                run("todo", "complete", "--goal-id", "g1", "--todo-id", id)
                        .json()
                        .get("error_code")
                        .asText());
        assertEquals(
                "claimed_by_other",
                run("todo", "complete", "--goal-id", "g1", "--todo-id", id, "--agent-id", "a2")
                        .json()
                        .get("error_code")
                        .asText());
        assertEquals(
                0,
                run("todo", "complete", "--goal-id", "g1", "--todo-id", id, "--agent-id", "a1")
                        .exit());
        assertEquals(
                "gate_scope_required",
                run(
                                "todo",
                                "add",
                                "--goal-id",
                                "g1",
                                "--role",
                                "user",
                                "--task-class",
                                "user_gate",
                                "--text",
                                "Approve")
                        .json()
                        .get("error_code")
                        .asText());
    }

    @Test
    void spendingNeedsAnUnspentAccountableWritebackAndIsCountedInTheWindow() {
        var refused = run("quota", "spend-slot", "--goal-id", "g1", "--execute").json();
        assertEquals("no_accountable_writeback", refused.get("error_code").asText());
        // the hint runs as given; what only the agent can say is named apart, never a <placeholder>
        String writeBack = "loopx refresh-state --goal-id g1 --delivery-outcome outcome_progress";
        assertEquals(writeBack, refused.get("hint").asText());
        assertEquals(writeBack, refused.at("/hint_inputs/0/command").asText());
        assertEquals("--summary", refused.at("/hint_inputs/0/flag").asText());
        assertEquals("what was delivered", refused.at("/hint_inputs/0/meaning").asText());
        run("refresh-state", "--goal-id", "g1", "--delivery-outcome", "surface_only", "--summary", "docs only");
        assertEquals(
                "no_accountable_writeback",
                run("quota", "spend-slot", "--goal-id", "g1", "--execute")
                        .json()
                        .get("error_code")
                        .asText());
        run("refresh-state", "--goal-id", "g1", "--delivery-outcome", "outcome_progress", "--summary", "importer done");
        var preview = run("quota", "spend-slot", "--goal-id", "g1", "--slots", "2");
        assertEquals(0, preview.json().at("/before/spent_slots").asInt());
        assertEquals(2, preview.json().at("/after/spent_slots").asInt());
        long before = head();
        assertEquals(before, head(), "a preview appends nothing");
        var spent = run("quota", "spend-slot", "--goal-id", "g1", "--slots", "2", "--execute");
        assertEquals(0, spent.exit(), spent::toString);
        assertEquals(
                spent.json().at("/before/spent_slots").asInt() + 2,
                spent.json().at("/after/spent_slots").asInt());
        assertEquals(1, spent.json().at("/receipt/appended").asInt());
        assertEquals(
                "writeback_already_spent",
                run("quota", "spend-slot", "--goal-id", "g1", "--execute")
                        .json()
                        .get("error_code")
                        .asText());
        long spentSeq = spent.json().at("/receipt/seq_from").asLong();
        var voided = run(
                "quota",
                "void-slot",
                "--goal-id",
                "g1",
                "--spent-seq",
                Long.toString(spentSeq),
                "--reason-summary",
                "mistake",
                "--execute");
        assertEquals(0, voided.json().at("/quota/spent_slots").asInt(), voided::toString);
        var tomorrow = cli.run(
                "--runtime-root", root, "--now", "2026-03-03T12:00:00Z", "quota", "spend-slot", "--goal-id", "g1");
        assertEquals(0, tomorrow.json().at("/before/spent_slots").asInt(), "spends leave the 24 h window");
    }

    @Test
    void aTinyQuotaThrottles() {
        run(
                "configure-goal",
                "--goal-id",
                "g1",
                "--quota-window-hours",
                "1",
                "--quota-slot-minutes",
                "30",
                "--execute");
        for (int i = 0; i < 2; i++) {
            run("refresh-state", "--goal-id", "g1", "--delivery-outcome", "outcome_progress", "--summary", "step " + i);
            assertEquals(
                    0,
                    run("quota", "spend-slot", "--goal-id", "g1", "--execute").exit());
        }
        run("refresh-state", "--goal-id", "g1", "--delivery-outcome", "outcome_progress", "--summary", "step 3");
        var status = run("quota", "spend-slot", "--goal-id", "g1");
        assertEquals("throttled", status.json().at("/before/state").asText(), status::toString);
        assertFalse(status.json().at("/before/should_run").asBoolean());
    }

    @Test
    void readSurfacesRedactPaths() {
        JsonNode list = run("todo", "list", "--goal-id", "g1").json();
        assertFalse(list.toString().contains(sandbox.toString()));
    }

    @Test
    void stoppingAndResumingNeedAnOwnerOrController() {
        var stopped = run(
                "goal-lifecycle",
                "--goal-id",
                "g1",
                "--operation",
                "stop",
                "--actor-kind",
                "owner",
                "--reason",
                "freeze",
                "--execute");
        assertEquals("stopped", stopped.json().get("lifecycle").asText(), stopped::toString);
        var replay = run("ledger", "replay", "--from", "2").jsonLines();
        assertEquals("owner", replay.get(0).at("/actor/kind").asText());
        var resumed = run(
                "goal-lifecycle",
                "--goal-id",
                "g1",
                "--operation",
                "resume",
                "--actor-kind",
                "controller",
                "--reason",
                "go",
                "--execute");
        assertEquals("active", resumed.json().get("lifecycle").asText());
    }
}
