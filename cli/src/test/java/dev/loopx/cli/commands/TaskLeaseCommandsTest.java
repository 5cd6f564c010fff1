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
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21 through the real CLI: hard leases ({@code task-lease}) and capability-aware
 * runnability ({@code --required-capability}, should-run's {@code --available-capability}), with
 * their refusals, bad input (exit 2, ledger untouched), dry runs, {@code --operation-id} replays and
 * text views. The clock is {@link CliRunner#NOW} (12:00) unless {@code --now} says otherwise.
 */
class TaskLeaseCommandsTest {
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

    private CliRunner.Result lease(String action, String agent, String... more) {
        List<String> args = new ArrayList<>(List.of("task-lease", action, "--goal-id", "g1", "--todo-id", work));
        if (agent != null) {
            args.addAll(List.of("--agent-id", agent));
        }
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    private JsonNode shouldRun(String now, String agent, String... capabilities) {
        List<String> args = new ArrayList<>(List.of(
                "--now",
                now,
                "quota",
                "should-run",
                "--goal-id",
                "g1",
                "--agent-id",
                agent,
                "--runtime-profile",
                "generic_cli"));
        for (String c : capabilities) {
            args.addAll(List.of("--available-capability", c));
        }
        return ok(run(args.toArray(String[]::new)));
    }

    @Test
    void anAcquiredLease_keepsOthersOut_untilItExpires_thenTheTodoIsFree() {
        JsonNode acquired = ok(lease("acquire", "a1", "--ttl-minutes", "30"));
        assertEquals("loopx_task_lease_v0", acquired.path("schema_version").asText());
        assertEquals("live", acquired.path("lease_state").asText());
        assertEquals("a1", acquired.at("/lease/holder").asText());
        assertEquals("2026-03-01T12:30:00Z", acquired.at("/lease/expires_at").asText());
        assertEquals("a1", acquired.path("claimed_by").asText());

        JsonNode during = shouldRun("2026-03-01T12:29:59Z", "a2");
        assertEquals(
                "peer_coordination_blocked", during.path("effective_action").asText(), during::toPrettyString);
        CliRunner.Result claim = run(
                "--now",
                "2026-03-01T12:10:00Z",
                "todo",
                "claim",
                "--goal-id",
                "g1",
                "--todo-id",
                work,
                "--agent-id",
                "a2");
        assertEquals(1, claim.exit(), claim::toString);
        assertEquals("leased_by_other", claim.json().path("error_code").asText());

        JsonNode after = shouldRun("2026-03-01T12:30:00Z", "a2");
        assertEquals("normal_run", after.path("effective_action").asText(), after::toPrettyString);
        assertEquals("expired", after.at("/selected_todo/lease_state").asText());
        assertTrue(after.path("claim_required_before_work").asBoolean());
        JsonNode list = ok(run("--now", "2026-03-01T12:30:00Z", "todo", "list", "--goal-id", "g1", "--agent-id", "a2"));
        assertEquals("expired", list.at("/todos/0/lease_state").asText(), list::toPrettyString);
        JsonNode taken = ok(run(
                "--now",
                "2026-03-01T12:31:00Z",
                "todo",
                "claim",
                "--goal-id",
                "g1",
                "--todo-id",
                work,
                "--agent-id",
                "a2"));
        assertEquals("a2", taken.at("/todo/claimed_by").asText());
        JsonNode inspected = ok(lease("inspect", null));
        assertEquals("none", inspected.path("lease_state").asText(), "a claim by another agent ended the old lease");
        assertTrue(inspected.path("lease").isNull());
    }

    @Test
    void renewTransferRelease_onlyByTheHolder() {
        ok(lease("acquire", "a1", "--ttl-minutes", "10"));
        CliRunner.Result byOther = lease("renew", "a2");
        assertEquals(1, byOther.exit(), byOther::toString);
        assertEquals("lease_not_held", byOther.json().path("error_code").asText());
        JsonNode renewed = ok(run(
                "--now",
                "2026-03-01T12:05:00Z",
                "task-lease",
                "renew",
                "--goal-id",
                "g1",
                "--todo-id",
                work,
                "--agent-id",
                "a1",
                "--ttl-minutes",
                "60"));
        assertEquals("2026-03-01T13:05:00Z", renewed.at("/lease/expires_at").asText());
        JsonNode moved = ok(lease("transfer", "a1", "--to-agent-id", "a2"));
        assertEquals("a2", moved.at("/lease/holder").asText());
        assertEquals("a2", moved.path("claimed_by").asText());
        CliRunner.Result releasedByOld = lease("release", "a1");
        assertEquals("lease_not_held", releasedByOld.json().path("error_code").asText());
        JsonNode released = ok(lease("release", "a2"));
        assertEquals("none", released.path("lease_state").asText());
        assertEquals("", released.path("claimed_by").asText());
    }

    @Test
    void badInput_isExit2_andTheLedgerIsUntouched() {
        Map<String, String> before = CliRunner.snapshot(Path.of(root, "ledger"));
        for (String[] args : List.of(
                new String[] {"acquire", "a1", "--ttl-minutes", "0"},
                new String[] {"acquire", "a1", "--ttl-minutes", "1441"},
                new String[] {"acquire", "a1", "--ttl-minutes", "ten"},
                new String[] {"acquire", "no such agent!"},
                new String[] {"transfer", "a1", "--to-agent-id", "bad id!"})) {
            CliRunner.Result r = lease(args[0], args[1], java.util.Arrays.copyOfRange(args, 2, args.length));
            assertEquals(2, r.exit(), r::toString);
            assertFalse(r.json().path("error_code").asText().isEmpty(), r::toString);
        }
        CliRunner.Result noAgent = lease("acquire", null);
        assertEquals(2, noAgent.exit(), noAgent::toString);
        assertEquals(before, CliRunner.snapshot(Path.of(root, "ledger")));
    }

    @Test
    void aDryRunAppendsNothing_andAnOperationIdReplays() {
        Map<String, String> before = CliRunner.snapshot(Path.of(root, "ledger"));
        JsonNode preview = ok(lease("acquire", "a1", "--dry-run"));
        assertTrue(preview.path("dry_run").asBoolean());
        assertEquals(before, CliRunner.snapshot(Path.of(root, "ledger")));
        JsonNode first = ok(lease("acquire", "a1", "--operation-id", "lease-1"));
        JsonNode again = ok(lease("acquire", "a1", "--operation-id", "lease-1"));
        assertTrue(again.at("/receipt/replayed").asBoolean(), again::toPrettyString);
        assertEquals(first.at("/receipt/seq_from"), again.at("/receipt/seq_from"));
    }

    @Test
    void theTextView_answersFirst() {
        CliRunner.Result r = lease("acquire", "a1", "--format", "text");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(
                r.stdout()
                        .startsWith("leased " + work + " \"Write the importer\" to a1 until 2026-03-01T12:30:00Z"
                                + " (in 30 min)"),
                r::toString);
        CliRunner.Result inspect = run(
                "--format",
                "text",
                "--now",
                "2026-03-01T13:00:00Z",
                "task-lease",
                "inspect",
                "--goal-id",
                "g1",
                "--todo-id",
                work);
        assertTrue(inspect.stdout().startsWith("the lease of a1 on " + work), inspect::toString);
        // the time as recorded, and how far it is from the command's time (issue 41)
        assertTrue(
                inspect.stdout().contains("expired at 2026-03-01T12:30:00Z (30 min ago): the todo is free"),
                inspect::toString);
    }

    @Test
    void theGroupHelp_isPrinted() {
        CliRunner.Result r = run("task-lease", "--help");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.stdout().contains("acquire") && r.stdout().contains("inspect"), r::toString);
    }

    @Test
    void aRequiredCapability_blocksTheLaneThatLacksIt_withAReason_notSilence() {
        String gpu = ok(run(
                        "todo",
                        "add",
                        "--goal-id",
                        "g1",
                        "--role",
                        "agent",
                        "--text",
                        "Train the model",
                        "--required-capability",
                        "gpu"))
                .path("todo_id")
                .asText();
        ok(run("todo", "claim", "--goal-id", "g1", "--todo-id", work, "--agent-id", "a2"));
        JsonNode blocked = shouldRun("2026-03-01T12:00:00Z", "a1");
        assertEquals("capability_blocked", blocked.path("effective_action").asText(), blocked::toPrettyString);
        assertFalse(blocked.path("should_run").asBoolean());
        assertEquals(gpu, blocked.at("/capability_blocked/todo_id").asText());
        assertEquals(
                "gpu", blocked.at("/capability_blocked/missing_capabilities/0").asText());
        assertEquals("NOTIFY", blocked.at("/heartbeat_recommendation/notify").asText());
        assertEquals(
                1,
                blocked.at(
                                "/goal_frontier_projection/remaining_advancement_frontier/capability_blocked_advancement_count")
                        .asInt());
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
        assertTrue(text.stdout().contains("needs gpu, which this lane did not declare"), text::toString);
        JsonNode capable = shouldRun("2026-03-01T12:00:00Z", "a1", "gpu");
        assertEquals("normal_run", capable.path("effective_action").asText());
        assertEquals(gpu, capable.at("/selected_todo/todo_id").asText());
        CliRunner.Result userTodo = run(
                "todo",
                "add",
                "--goal-id",
                "g1",
                "--role",
                "user",
                "--task-class",
                "user_action",
                "--text",
                "Read it",
                "--required-capability",
                "gpu");
        assertEquals(2, userTodo.exit(), userTodo::toString);
    }
}
