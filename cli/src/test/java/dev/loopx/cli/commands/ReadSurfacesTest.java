package dev.loopx.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * The read surfaces of SPEC §S9 through the real CLI, on a small goal: two agents, a gate scoped
 * to one of them, claimed and unclaimed work, evidence, a spend, a reward and work after it.
 */
class ReadSurfacesTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    String root;
    String claimed;
    String unclaimed;
    String gate;
    String doneAfterReward;

    @BeforeEach
    void goal() throws Exception {
        cli = new CliRunner(sandbox);
        Path project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        ok(cli.run("connect", "--project", project.toString(), "--goal-id", "g1", "--objective", "Ship the importer"));
        root = project.resolve(".loopx").toString();
        ok(run("register-agent", "--goal-id", "g1", "--agent-id", "a1", "--agent-id", "a2", "--execute"));
        String first = id(run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Sketch the importer"));
        ok(run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                first,
                "--agent-id",
                "a1",
                "--evidence",
                "sketch merged"));
        ok(run(
                "reward",
                "--goal-id",
                "g1",
                "--reward",
                "positive",
                "--reason-summary",
                "good sketch",
                "--actor-kind",
                "owner"));
        claimed = id(run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Write the importer"));
        unclaimed = id(run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Write the exporter"));
        doneAfterReward = id(run("todo", "add", "--goal-id", "g1", "--role", "agent", "--text", "Fix the build"));
        ok(run(
                "todo",
                "complete",
                "--goal-id",
                "g1",
                "--todo-id",
                doneAfterReward,
                "--agent-id",
                "a2",
                "--evidence",
                "build green"));
        gate = id(run(
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
                "--blocks-agent",
                "a2"));
        ok(run("todo", "claim", "--goal-id", "g1", "--todo-id", claimed, "--agent-id", "a1"));
        ok(run(
                "refresh-state",
                "--goal-id",
                "g1",
                "--agent-id",
                "a1",
                "--delivery-outcome",
                "outcome_progress",
                "--summary",
                "importer half done"));
        ok(run("quota", "spend-slot", "--goal-id", "g1", "--agent-id", "a1", "--execute"));
    }

    private CliRunner.Result run(String... args) {
        String[] full = new String[args.length + 2];
        full[0] = "--runtime-root";
        full[1] = root;
        System.arraycopy(args, 0, full, 2, args.length);
        return cli.run(full);
    }

    private static CliRunner.Result ok(CliRunner.Result r) {
        assertEquals(0, r.exit(), r::toString);
        return r;
    }

    private static String id(CliRunner.Result r) {
        return ok(r).json().get("todo_id").asText();
    }

    private static List<String> ids(JsonNode items) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.get("todo_id").asText()));
        return out;
    }

    @Test
    void statusReportsEveryFactOfTheGoal() {
        JsonNode doc = ok(run("status", "--goal-id", "g1")).json();
        assertEquals("loopx_status_v0", doc.get("schema_version").asText());
        JsonNode g = doc.at("/goals/0");
        assertEquals("Ship the importer", g.get("objective").asText());
        assertEquals("active", g.at("/lifecycle/state").asText());
        assertEquals(1, g.at("/quota/spent_slots").asInt());
        assertEquals(1440, g.at("/quota/allowed_slots").asInt());
        assertEquals("Approve the schema", g.at("/open_user_gates/0/question").asText());
        assertEquals("a2", g.at("/open_user_gates/0/blocks_agent").asText());
        assertEquals(claimed, g.at("/next_agent_todo/lanes/0/todo/todo_id").asText(), "a1 continues its claim");
        assertEquals(unclaimed, g.at("/next_agent_todo/lanes/1/todo/todo_id").asText(), "a2 gets unclaimed work");
        assertEquals(unclaimed, g.at("/next_agent_todo/unassigned/todo_id").asText());
        assertEquals(2, g.at("/counts/done").asInt());
        assertEquals(3, g.at("/counts/open").asInt());
        assertEquals("importer half done", g.at("/last_evidence/summary").asText());
        assertTrue(g.at("/last_evidence/spent").asBoolean());
        assertEquals(List.of(gate), ids(g.at("/attention/needs_user")));
        assertEquals(List.of(claimed, unclaimed), ids(g.at("/attention/needs_agent")));
        assertFalse(g.get("terminal").asBoolean());
        assertTrue(g.get("terminal_state").isNull());
        assertEquals(1, ok(run("status")).json().get("goal_count").asInt(), "every goal without --goal-id");
    }

    @Test
    void statusNarrowsToOneLane() {
        JsonNode a1 =
                ok(run("status", "--goal-id", "g1", "--agent-id", "a1")).json().at("/goals/0");
        assertTrue(a1.get("open_user_gates").isEmpty(), "the gate blocks a2 only");
        assertEquals("gate_on_other_lane", a1.at("/attention/watching/0/why").asText());
        JsonNode a2 =
                ok(run("status", "--goal-id", "g1", "--agent-id", "a2")).json().at("/goals/0");
        assertEquals(1, a2.get("open_user_gates").size());
        assertEquals(List.of(unclaimed), ids(a2.at("/attention/needs_agent")));
        assertEquals("claimed_by_other", a2.at("/attention/watching/0/why").asText());
    }

    @Test
    void statusTextIsACompactFirstScreen() {
        String text = ok(run("--format", "text", "status", "--goal-id", "g1")).stdout();
        assertTrue(text.contains("goal g1  [active]"), text);
        assertTrue(text.contains("objective  Ship the importer"), text);
        assertTrue(text.contains("[#"), "a quota bar: " + text);
        assertTrue(text.contains("1/1440 slots · active"), text);
        assertTrue(text.contains("? Approve the schema (blocks a2)"), text);
        assertTrue(text.contains("a1 → Write the importer  (claimed by a1)"), text);
        assertTrue(text.contains("importer half done"), text);
        assertTrue(text.lines().count() < 20, text);
    }

    @Test
    void reviewPacketSaysWhatChangedSinceTheLastRewardAndWhatToRunNext() {
        var result = ok(run("review-packet", "--goal-id", "g1"));
        JsonNode p = result.json();
        assertEquals("loopx_review_packet_v0", p.get("schema_version").asText());
        assertEquals("handoff", p.get("kind").asText());
        assertEquals("agent", p.get("waiting_on").asText());
        assertEquals("positive", p.at("/since_last_reward/last_reward/reward").asText());
        assertEquals(4, p.at("/since_last_reward/events_by_type/todo.added").asInt(), p.toString());
        assertEquals(
                1, p.at("/since_last_reward/events_by_type/quota.slot_spent").asInt(), p.toString());
        assertEquals(List.of(doneAfterReward), ids(p.at("/since_last_reward/completed_todos")));
        assertEquals(
                "build green",
                p.at("/since_last_reward/completed_todos/0/evidence").asText());
        assertEquals("importer half done", p.at("/latest_evidence/summary").asText());
        List<String> commands = new ArrayList<>();
        p.get("next_commands").forEach(c -> commands.add(c.asText()));
        String decide = "loopx todo complete --goal-id g1 --todo-id " + gate;
        assertTrue(commands.contains(decide), commands::toString);
        // the owner's choice is an input named apart from the command, with its choices
        JsonNode input = null;
        for (JsonNode in : p.get("next_command_inputs")) {
            if (in.path("command").asText().equals(decide)) {
                input = in;
            }
        }
        assertTrue(input != null, p::toString);
        assertEquals("--decision-outcome", input.path("flag").asText());
        assertEquals(
                "[\"approve\",\"reject\",\"cancel\"]", input.path("choices").toString());
        assertTrue(
                commands.contains("loopx todo claim --goal-id g1 --todo-id " + unclaimed + " --agent-id a2")
                        || commands.stream().anyMatch(c -> c.contains("--agent-id a1")),
                commands::toString);
        assertTrue(p.at("/budget/within_budget").asBoolean());
        assertEquals(4000, p.at("/budget/max_chars").asInt());
        assertEquals(
                result.stdout().strip().length(), p.at("/budget/used_chars").asInt(), "used_chars is the printed size");
    }

    @Test
    void reviewPacketFitsItsBudgetByDroppingWholeItems() {
        var result = ok(run("review-packet", "--goal-id", "g1", "--agent-id", "a2", "--max-chars", "1500"));
        JsonNode p = result.json();
        assertTrue(result.stdout().strip().length() <= 1500, result::toString);
        assertTrue(p.at("/budget/within_budget").asBoolean(), p.toString());
        assertEquals(
                result.stdout().strip().length(), p.at("/budget/used_chars").asInt());
        assertTrue(p.get("truncated").size() > 0, "something was dropped: " + p);
        assertEquals(
                2, run("review-packet", "--goal-id", "g1", "--max-chars", "10").exit());
    }

    @Test
    void quotaStatusAndPlanAreReadOnlyAnswers() {
        JsonNode status = ok(run("quota", "status", "--goal-id", "g1")).json();
        assertEquals("loopx_quota_status_v0", status.get("schema_version").asText());
        assertEquals(1, status.at("/quota/spent_slots").asInt());
        assertEquals("active", status.at("/quota/state").asText());
        assertEquals(
                1,
                status.at("/goal_frontier_projection/remaining_advancement_frontier/unclaimed_advancement_count")
                        .asInt());
        assertEquals(
                1,
                status.at("/goal_frontier_projection/normalized_progress/user_open_count")
                        .asInt());
        JsonNode plan = ok(run("quota", "plan")).json();
        assertEquals("loopx_quota_plan_v0", plan.get("schema_version").asText());
        JsonNode row = plan.at("/goals/0");
        assertEquals("g1", row.get("goal_id").asText());
        assertEquals(1440, row.get("allowed_slots").asInt());
        assertTrue(row.get("would_run").asBoolean());
        assertEquals("a1", row.at("/lanes/0/agent_id").asText());
        assertEquals("normal_run", row.at("/lanes/0/effective_action").asText());
        assertEquals("operator_gate_notify", row.at("/lanes/1/effective_action").asText(), "a2 waits on its gate");
    }

    @Test
    void globalCommandsReadEveryProjectAndReportBrokenOnesByLabel() throws Exception {
        Path web = Files.createDirectories(cli.workingDirectory().resolve("web"));
        ok(cli.run("connect", "--project", web.toString(), "--goal-id", "g2"));
        Path broken = Files.createDirectories(cli.workingDirectory().resolve("broken"));
        ok(cli.run("connect", "--project", broken.toString(), "--goal-id", "g3"));
        deleteTree(broken.resolve(".loopx/ledger"));
        for (String command : List.of("global-summary", "global-gates", "global-todos", "global-risks")) {
            var result = cli.run(command);
            assertEquals(1, result.exit(), result::toString);
            JsonNode doc = result.json();
            assertEquals(
                    "loopx_" + command.replace('-', '_') + "_v0",
                    doc.get("schema_version").asText());
            assertFalse(doc.get("ok").asBoolean());
            assertEquals("status_collection_unavailable", doc.get("error_code").asText());
            assertEquals(List.of("app", "web"), labels(doc.get("projects")), command);
            assertEquals(List.of("broken"), labels(doc.get("unavailable_projects")), command);
            // every command it offers runs as printed: the label filled in, no placeholder
            assertEquals(
                    "loopx projects forget broken",
                    doc.at("/unavailable_projects/0/fix").asText());
            assertEquals("loopx projects forget broken", doc.get("hint").asText());
            String text = cli.run("--format", "text", command).stdout();
            assertTrue(
                    text.contains("unreadable: broken (")
                            && text.contains("run loopx doctor in its folder to see why, or stop listing it with"
                                    + " loopx projects forget broken"),
                    text);
            assertEquals(3, doc.get("project_count").asInt());
            assertFalse(result.stdout().contains(sandbox.toString()), "no absolute path: " + result.stdout());
            assertFalse(result.stdout().contains("runtime_root\""), result.stdout());
        }
        JsonNode summary = cli.run("global-summary").json();
        assertEquals("g1", summary.at("/projects/0/goals/0/goal_id").asText());
        assertEquals(1, summary.at("/projects/0/goals/0/open_gate_count").asInt());
        assertEquals("agent", summary.at("/projects/0/goals/0/waiting_on").asText());
        JsonNode gates = cli.run("global-gates").json();
        assertEquals(1, gates.get("gate_count").asInt());
        assertEquals(
                "Approve the schema", gates.at("/projects/0/gates/0/question").asText());
        JsonNode todos = cli.run("global-todos").json();
        assertEquals(3, todos.at("/projects/0/goals/0/open_todos").size());
        JsonNode risks = cli.run("global-risks").json();
        assertEquals(
                "matches_views",
                risks.at("/projects/0/ledger_check/head_marker").asText());
        assertEquals("skipped", risks.at("/projects/0/ledger_check/full_verify").asText());
        assertTrue(risks.at("/projects/0/risks").toString().contains("gate_waiting"), risks.toString());
    }

    @Test
    void globalCommandsAreOkWhenEveryProjectReads() {
        var result = cli.run("global-summary");
        assertEquals(0, result.exit(), result::toString);
        assertTrue(result.json().get("ok").asBoolean());
        assertNull(result.json().get("error_code"));
    }

    @Test
    void everyReadCommandLeavesEveryFileByteIdentical() throws Exception {
        Path web = Files.createDirectories(cli.workingDirectory().resolve("web"));
        ok(cli.run("connect", "--project", web.toString(), "--goal-id", "g2"));
        var before = CliRunner.snapshot(sandbox);
        List<List<String>> reads = List.of(
                List.of("status"),
                List.of("status", "--goal-id", "g1", "--agent-id", "a2"),
                List.of("--format", "text", "status"),
                List.of("review-packet", "--goal-id", "g1"),
                List.of("review-packet", "--goal-id", "g1", "--max-chars", "900"),
                List.of("quota", "status", "--goal-id", "g1"),
                List.of("quota", "plan"));
        for (List<String> args : reads) {
            List<String> full = new ArrayList<>(List.of("--runtime-root", root));
            full.addAll(args);
            ok(cli.run(full.toArray(String[]::new)));
            assertEquals(before, CliRunner.snapshot(sandbox), "after " + args);
        }
        for (String command : List.of("global-summary", "global-gates", "global-todos", "global-risks")) {
            ok(cli.run(command));
            assertEquals(before, CliRunner.snapshot(sandbox), "after " + command);
        }
    }

    private static List<String> labels(JsonNode projects) {
        List<String> out = new ArrayList<>();
        projects.forEach(p -> out.add(p.get("project_label").asText()));
        return out;
    }

    private static void deleteTree(Path dir) throws Exception {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
