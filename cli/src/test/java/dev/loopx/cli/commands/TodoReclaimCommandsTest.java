package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.cli.testing.CliRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 36 items 3 and 8 through the real CLI: {@code todo reclaim} (preview first, owner or
 * controller only), the fencing of the superseded holder ({@code claim_epoch_mismatch}, nothing
 * written), its should-run notice, and {@code todo update --clear-claim} on another agent's claim.
 */
class TodoReclaimCommandsTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    String work;

    @BeforeEach
    void goal() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        ok(cli.run("connect", "--project", project.toString(), "--goal-id", "g1", "--objective", "Ship it"));
        root = project.resolve(".loopx").toString();
        ok(run("register-agent", "--goal-id", "g1", "--agent-id", "a1", "--agent-id", "a2", "--execute"));
        work = ok(run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Write the importer"))
                .path("todo_id")
                .asText();
        ok(run("todo", "claim", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a1"));
    }

    private CliRunner.Result run(String... args) {
        List<String> all = new ArrayList<>(List.of("--runtime-root", root));
        all.addAll(List.of(args));
        return cli.run(all.toArray(String[]::new));
    }

    private static JsonNode ok(CliRunner.Result r) {
        assertEquals(0, r.exit(), r::toString);
        return r.json();
    }

    private long head() {
        return ok(run("ledger", "verify")).path("head_seq").asLong();
    }

    private CliRunner.Result reclaim(String... more) {
        List<String> args = new ArrayList<>(List.of(
                "todo", "reclaim", "--goal-id", "g1", "--todo-id", work, "--reason", "lane silent for two days"));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    private JsonNode shouldRun(String agent) {
        return ok(
                run("quota", "should-run", "--goal-id", "g1", "--agent-id", agent, "--runtime-profile", "generic_cli"));
    }

    @Test
    void aReclaim_previewsFirst_thenFreesTheTodo_andFencesTheFormerHolder() {
        JsonNode preview = ok(reclaim());
        assertTrue(preview.path("dry_run").asBoolean(), preview::toPrettyString);
        assertEquals("todo.reclaimed", preview.at("/preview/event_types/0").asText(), preview::toPrettyString);
        assertEquals("a1", preview.at("/todo/claimed_by").asText(), "a preview writes nothing");

        JsonNode done = ok(reclaim("--execute"));
        assertEquals("loopx_todo_reclaim_v0", done.path("schema_version").asText());
        assertTrue(done.path("changed").asBoolean());
        assertEquals("", done.at("/todo/claimed_by").asText());
        assertEquals(2, done.at("/todo/claim_epoch").asLong());
        assertEquals("a1", done.at("/todo/reclaims/0/agent_id").asText());
        assertEquals(1, done.at("/todo/reclaims/0/epoch").asLong());

        long before = head();
        CliRunner.Result complete = run(
                "todo", "complete", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a1", "--evidence", "shipped");
        assertEquals(1, complete.exit(), complete::toString);
        assertEquals("claim_epoch_mismatch", complete.json().path("error_code").asText());
        CliRunner.Result update =
                run("todo", "update", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a1", "--status", "blocked");
        assertEquals(1, update.exit(), update::toString);
        assertEquals("claim_epoch_mismatch", update.json().path("error_code").asText());
        assertEquals(before, head(), "a fenced write appends nothing");

        JsonNode told = shouldRun("a1");
        assertEquals(work, told.at("/claims_taken_back/0/todo_id").asText(), told::toPrettyString);
        assertEquals(
                "lane silent for two days",
                told.at("/claims_taken_back/0/reason").asText());
        assertEquals(2, told.at("/claims_taken_back/0/claim_epoch").asLong());
        CliRunner.Result text = run(
                "--format",
                "text",
                "quota",
                "should-run",
                "--goal-id",
                "g1",
                "--agent-id",
                "a1",
                "--runtime-profile",
                "generic_cli");
        assertTrue(text.stdout().contains("taken back"), text::toString);
        assertTrue(shouldRun("a2").path("claims_taken_back").isMissingNode(), "only the former holder is told");

        // another agent may now claim and complete it; the former holder stays fenced
        ok(run("todo", "claim", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a2"));
        CliRunner.Result late = run(
                "todo", "complete", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a1", "--evidence", "shipped");
        assertEquals("claim_epoch_mismatch", late.json().path("error_code").asText(), late::toString);
        ok(run("todo", "complete", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a2", "--evidence", "done"));
    }

    @Test
    void theTextView_saysWhoseClaimIsTakenBack_andHowToRecordIt() {
        CliRunner.Result preview =
                run("--format", "text", "todo", "reclaim", "--goal-id", "g1", "--todo-id", work, "--reason", "stale");
        assertEquals(0, preview.exit(), preview::toString);
        assertTrue(preview.stdout().startsWith("preview: would take the claim of a1 on " + work), preview::toString);
        assertTrue(preview.stdout().contains("--execute"), preview::toString);
        CliRunner.Result done = run(
                "--format",
                "text",
                "todo",
                "reclaim",
                "--goal-id",
                "g1",
                "--todo-id",
                work,
                "--reason",
                "stale",
                "--execute");
        assertTrue(done.stdout().startsWith("took the claim of a1 on " + work), done::toString);
        assertTrue(done.stdout().contains("claim epoch 2"), done::toString);
        assertTrue(done.stdout().contains("claim_epoch_mismatch"), done::toString);
    }

    @Test
    void theFormerHolder_thatClaimsAgain_isNoLongerFenced() {
        ok(reclaim("--execute"));
        JsonNode claimed = ok(run("todo", "claim", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a1"));
        assertEquals(2, claimed.at("/todo/claim_epoch").asLong());
        assertEquals(0, claimed.at("/todo/reclaims").size());
        assertTrue(shouldRun("a1").path("claims_taken_back").isMissingNode());
        ok(run("todo", "complete", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a1", "--evidence", "done"));
    }

    @Test
    void aReclaim_isRefused_onAnUnclaimedTodo_andBadInputWritesNothing() {
        ok(reclaim("--execute"));
        long before = head();
        CliRunner.Result again = reclaim("--execute");
        assertEquals(1, again.exit(), again::toString);
        assertEquals("todo_not_claimed", again.json().path("error_code").asText());
        CliRunner.Result agent = reclaim("--actor-kind", "agent", "--execute");
        assertEquals(2, agent.exit(), agent::toString);
        CliRunner.Result noReason = run("todo", "reclaim", "--goal-id", "g1", "--todo-id", work, "--execute");
        assertEquals(2, noReason.exit(), noReason::toString);
        assertEquals(before, head());
    }

    @Test
    void clearClaim_onAnotherAgentsClaim_isRefused_withTheReclaimHint_butItsOwnIsCleared() {
        long before = head();
        CliRunner.Result other =
                run("todo", "update", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a2", "--clear-claim");
        assertEquals(1, other.exit(), other::toString);
        assertEquals("claimed_by_other", other.json().path("error_code").asText());
        assertTrue(other.stdout().contains("todo reclaim"), other::toString);
        assertEquals(before, head());

        JsonNode own =
                ok(run("todo", "update", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a1", "--clear-claim"));
        assertEquals("", own.at("/todo/claimed_by").asText());
        assertFalse(own.at("/todo/reclaims").size() > 0, "clearing one's own claim fences nobody");
    }
}
