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
 * Monitors with a cadence through the real CLI (issue 21): {@code todo add --task-class
 * monitor_task} with watch settings, {@code quota monitor-poll} as a no-spend receipt, and
 * should-run's answer at the due time, after a material change and after the watch expired. Bad
 * input leaves the ledger byte-identical.
 */
class MonitorCommandsTest {
    @TempDir
    Path sandbox;

    CliRunner cli;
    Path project;
    String root;

    @BeforeEach
    void setUp() throws Exception {
        cli = new CliRunner(sandbox);
        project = Files.createDirectories(cli.workingDirectory().resolve("app"));
        root = project.resolve(".loopx").toString();
        run("connect", "--project", project.toString(), "--goal-id", "g");
        run("register-agent", "--goal-id", "g", "--agent-id", "w", "--execute");
    }

    private CliRunner.Result cli(String... args) {
        List<String> all = new ArrayList<>(List.of("--runtime-root", root));
        all.addAll(List.of(args));
        return cli.run(all.toArray(String[]::new));
    }

    private JsonNode run(String... args) {
        CliRunner.Result r = cli(args);
        assertEquals(0, r.exit(), r::toString);
        return r.json();
    }

    private String addMonitor(String... more) {
        List<String> args = new ArrayList<>(List.of(
                "todo",
                "add",
                "--goal-id",
                "g",
                "--role",
                "agent",
                "--agent-id",
                "w",
                "--task-class",
                "monitor_task",
                "--text",
                "Watch CI on main"));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new)).path("todo_id").asText();
    }

    private JsonNode ask(String now) {
        return run(
                "--now",
                now,
                "quota",
                "should-run",
                "--goal-id",
                "g",
                "--agent-id",
                "w",
                "--runtime-profile",
                "codex_cli");
    }

    private JsonNode poll(String now, String todo, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--now",
                now,
                "quota",
                "monitor-poll",
                "--goal-id",
                "g",
                "--todo-id",
                todo,
                "--agent-id",
                "w",
                "--result-digest",
                "sha256:0123abcd"));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    @Test
    void aMonitorWithSettings_isDueAtItsTime_andAPollStretchesItsCadenceWithoutSpending() {
        JsonNode added = run(
                "todo",
                "add",
                "--goal-id",
                "g",
                "--role",
                "agent",
                "--agent-id",
                "w",
                "--task-class",
                "monitor_task",
                "--text",
                "Watch CI on main",
                "--monitor-target-key",
                "ci-main",
                "--monitor-cadence-minutes",
                "20",
                "--monitor-next-due-at",
                "2026-03-01T13:00:00+01:00");
        String m = added.path("todo_id").asText();
        assertEquals("monitor_task", added.at("/todo/task_class").asText());
        assertEquals("2026-03-01T12:00:00Z", added.at("/monitor/next_due_at").asText(), "normalised to UTC");
        assertEquals(List.of("todo.added", "todo.monitor_configured"), texts(added.at("/receipt/event_types")));

        assertEquals(
                "monitor_due",
                ask("2026-03-01T12:00:00Z").path("effective_action").asText());
        JsonNode first = poll("2026-03-01T12:00:00Z", m);
        assertEquals(20, first.at("/poll/interval_minutes").asInt());
        assertEquals("2026-03-01T12:20:00Z", first.at("/poll/next_due_at").asText());
        assertFalse(first.at("/poll/spends_quota").asBoolean());
        assertEquals(List.of("monitor.polled"), texts(first.at("/receipt/event_types")));

        JsonNode quiet = ask("2026-03-01T12:19:00Z");
        assertEquals("monitor_quiet_skip", quiet.path("effective_action").asText(), quiet::toPrettyString);
        assertEquals(0, quiet.at("/quota/spent_slots").asInt(), "a poll never spends");
        assertEquals(
                "monitor_due",
                ask("2026-03-01T12:20:00Z").path("effective_action").asText());

        JsonNode second = poll("2026-03-01T12:20:00Z", m);
        assertEquals(40, second.at("/poll/interval_minutes").asInt());
        assertEquals(2, second.at("/monitor/consecutive_no_change").asInt());
        JsonNode due = ask("2026-03-01T13:00:00Z");
        assertEquals(m, due.at("/selected_todo/todo_id").asText());
        assertEquals(
                "2026-03-01T13:00:00Z", due.at("/selected_monitor/next_due_at").asText());
        assertEquals(
                "loopx quota monitor-poll --goal-id g --todo-id " + m + " --agent-id w",
                due.at("/interaction_contract/cli_channel/next_cli_actions/0").asText());
        JsonNode inputs = due.at("/interaction_contract/cli_channel/next_cli_inputs");
        assertEquals("--result-digest", inputs.at("/0/flag").asText());
        assertTrue(inputs.at("/0/required").asBoolean());
        assertEquals("--material-change", inputs.at("/1/flag").asText());
        assertTrue(inputs.at("/1/switch").asBoolean());
        assertFalse(inputs.at("/1/required").asBoolean());
        assertEquals("--summary", inputs.at("/2/flag").asText());
    }

    @Test
    void aMaterialChangeAsksForAdvancementWork_untilSomeIsAdded() {
        String m = addMonitor("--monitor-cadence-minutes", "30");
        JsonNode changed = poll("2026-03-01T12:00:00Z", m, "--material-change", "--summary", "main turned red");
        assertTrue(changed.at("/poll/material_change").asBoolean());
        JsonNode a = ask("2026-03-01T12:01:00Z");
        assertEquals("monitor_material_change", a.path("effective_action").asText(), a::toPrettyString);
        assertTrue(a.path("should_run").asBoolean());
        assertEquals(m, a.at("/selected_todo/todo_id").asText());
        run("todo", "add", "--goal-id", "g", "--role", "agent", "--agent-id", "w", "--text", "Fix the build");
        assertEquals(
                "normal_run",
                ask("2026-03-01T12:02:00Z").path("effective_action").asText());
    }

    @Test
    void anExpiredWatch_isNeverDue_andShouldRunAsksToCloseIt() {
        String m = addMonitor("--monitor-expires-at", "2026-03-02T00:00:00Z");
        assertEquals(
                "monitor_due",
                ask("2026-03-01T23:59:59Z").path("effective_action").asText());
        JsonNode a = ask("2026-03-02T00:00:00Z");
        assertEquals("monitor_expired", a.path("effective_action").asText(), a::toPrettyString);
        assertEquals(
                0,
                a.at("/goal_frontier_projection/normalized_progress/agent_monitor_due_count")
                        .asInt());
        assertEquals(
                "loopx todo complete --goal-id g --todo-id " + m + " --agent-id w",
                a.at("/interaction_contract/cli_channel/next_cli_actions/0").asText());
    }

    @Test
    void fiveUnchangedPolls_askForAReplan_whichACheckpointAnswers() {
        String m = addMonitor("--monitor-cadence-minutes", "1");
        String[] at = {
            "2026-03-01T12:00:00Z",
            "2026-03-01T12:01:00Z",
            "2026-03-01T12:03:00Z",
            "2026-03-01T12:07:00Z",
            "2026-03-01T12:15:00Z"
        };
        for (String now : at) {
            poll(now, m);
        }
        JsonNode a = ask("2026-03-01T12:16:00Z");
        assertEquals("autonomous_replan_required", a.path("effective_action").asText(), a::toPrettyString);
        JsonNode trigger = a.at("/goal_frontier_projection/autonomous_replan_obligation/triggers/0");
        assertEquals("monitor_no_change_streak", trigger.path("kind").asText());
        assertEquals(m, trigger.path("todo_id").asText());
        assertEquals(5, trigger.path("no_change_streak").asInt());
        JsonNode checkpoint = run("todo", "checkpoint", "--goal-id", "g", "--agent-id", "w", "--note", "keep watching");
        assertTrue(checkpoint.path("changed").asBoolean());
        assertEquals(
                "monitor_quiet_skip",
                ask("2026-03-01T12:17:00Z").path("effective_action").asText());
    }

    @Test
    void pollRefusals_andBadInput_leaveTheLedgerAsItWas() {
        String m = addMonitor();
        String work = run("todo", "add", "--goal-id", "g", "--role", "agent", "--agent-id", "w", "--text", "Fix it")
                .path("todo_id")
                .asText();
        Map<String, String> before = CliRunner.snapshot(project);
        CliRunner.Result notMonitor = cli(
                "quota",
                "monitor-poll",
                "--goal-id",
                "g",
                "--todo-id",
                work,
                "--agent-id",
                "w",
                "--result-digest",
                "abcdef01");
        assertEquals(1, notMonitor.exit(), notMonitor::toString);
        assertEquals("not_a_monitor", notMonitor.json().path("error_code").asText());
        CliRunner.Result noAgent =
                cli("quota", "monitor-poll", "--goal-id", "g", "--todo-id", m, "--result-digest", "abcdef01");
        assertEquals(1, noAgent.exit(), noAgent::toString);
        assertEquals("agent_id_required", noAgent.json().path("error_code").asText());
        for (String[] bad : List.of(
                new String[] {
                    "quota",
                    "monitor-poll",
                    "--goal-id",
                    "g",
                    "--todo-id",
                    m,
                    "--agent-id",
                    "w",
                    "--result-digest",
                    "ghp_notadigest"
                },
                new String[] {
                    "quota",
                    "monitor-poll",
                    "--goal-id",
                    "g",
                    "--todo-id",
                    m,
                    "--agent-id",
                    "w",
                    "--result-digest",
                    "abcdef01",
                    "--next-due-at",
                    "2026-03-01T11:00:00Z"
                },
                new String[] {
                    "todo", "add", "--goal-id", "g", "--role", "agent", "--agent-id", "w", "--text", "X", "--watch-only"
                },
                new String[] {
                    "todo",
                    "add",
                    "--goal-id",
                    "g",
                    "--role",
                    "agent",
                    "--agent-id",
                    "w",
                    "--task-class",
                    "monitor_task",
                    "--text",
                    "Y",
                    "--monitor-cadence-minutes",
                    "10081"
                },
                new String[] {
                    "todo",
                    "add",
                    "--goal-id",
                    "g",
                    "--role",
                    "agent",
                    "--agent-id",
                    "w",
                    "--task-class",
                    "monitor_task",
                    "--text",
                    "Y",
                    "--monitor-target-key",
                    "a/b"
                })) {
            CliRunner.Result r = cli(bad);
            assertEquals(2, r.exit(), r::toString);
            assertFalse(r.json().path("ok").asBoolean());
        }
        CliRunner.Result dry = cli(
                "quota",
                "monitor-poll",
                "--goal-id",
                "g",
                "--todo-id",
                m,
                "--agent-id",
                "w",
                "--result-digest",
                "abcdef01",
                "--dry-run");
        assertEquals(0, dry.exit(), dry::toString);
        assertTrue(dry.json().path("dry_run").asBoolean());
        assertEquals(before, CliRunner.snapshot(project), "nothing written");
    }

    @Test
    void theTextViewSaysWhatThePollSawAndWhenItIsDueNext() {
        String m = addMonitor("--monitor-cadence-minutes", "30");
        CliRunner.Result text = cli(
                "--format",
                "text",
                "quota",
                "monitor-poll",
                "--goal-id",
                "g",
                "--todo-id",
                m,
                "--agent-id",
                "w",
                "--result-digest",
                "abcdef01");
        assertEquals(0, text.exit(), text::toString);
        assertTrue(
                text.stdout()
                        .startsWith("polled " + m + " \"Watch CI on main\": no change, due next"
                                + " 2026-03-01T12:30:00Z (after 30 min)"),
                text.stdout());
        assertTrue(text.stdout().contains("not spent"), text.stdout());
    }

    @Test
    void theAddTextViewSaysHowTheMonitorWatches() {
        CliRunner.Result text = cli(
                "--format",
                "text",
                "todo",
                "add",
                "--goal-id",
                "g",
                "--role",
                "agent",
                "--agent-id",
                "w",
                "--task-class",
                "monitor_task",
                "--text",
                "Watch CI on main",
                "--monitor-target-key",
                "ci-main",
                "--monitor-cadence-minutes",
                "30",
                "--monitor-expires-at",
                "2026-03-02T00:00:00Z",
                "--watch-only");
        assertEquals(0, text.exit(), text::toString);
        assertTrue(
                text.stdout().contains("ci-main: every 30 min from now, ends 2026-03-02T00:00:00Z, watch-only"),
                text.stdout());
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
