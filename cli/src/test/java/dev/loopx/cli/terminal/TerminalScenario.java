package dev.loopx.cli.terminal;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.application.composition.Composition;
import dev.loopx.cli.Cli;
import dev.loopx.cli.support.Environment;
import dev.loopx.ledger.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The fixed scenario of the terminal tests, run as a program under a pseudo-terminal
 * ({@link TerminalViewsTest}): every step is a real {@code loopx} command line run in this JVM
 * with the real environment ({@link Environment#system}: stdout and stderr are the terminal, so
 * text is the default), a fixed clock, the working directory and {@code LOOPX_HOME} the test
 * chose. Each step prints {@code $ loopx …}, what the command shows, and {@code [exit N]}.
 * {@code --format json} steps in the list show what a host reads on the same terminal.
 */
public final class TerminalScenario {
    static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final String G = "weather-app-goal";

    private TerminalScenario() {}

    public static void main(String[] args) {
        Environment env = Environment.system(Clock.fixed(NOW, ZoneOffset.UTC), Composition.serverSessions());
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        Steps s = new Steps(env, out, err);
        s.run("version");
        s.run("connect", "--project", ".", "--objective", "Keep the forecast importer green");
        s.run("register-agent", "--goal-id", G, "--agent-id", "builder", "--agent-id", "reviewer");
        s.run("register-agent", "--goal-id", G, "--agent-id", "builder", "--agent-id", "reviewer", "--execute");
        s.run("todo", "add", "--goal-id", G, "--role", "agent", "--text", "Write the parser", "--priority", "P1");
        s.run(
                "todo",
                "add",
                "--goal-id",
                G,
                "--role",
                "user",
                "--task-class",
                "user_gate",
                "--text",
                "Approve the schema",
                "--blocks-agent",
                "reviewer");
        String work = s.todoId("Write the parser");
        String gate = s.todoId("Approve the schema");
        s.run("todo", "list", "--goal-id", G);
        s.run(
                "quota",
                "should-run",
                "--goal-id",
                G,
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat");
        s.run(
                "quota",
                "should-run",
                "--goal-id",
                G,
                "--agent-id",
                "reviewer",
                "--runtime-profile",
                "codex_app_heartbeat");
        s.run("quota", "should-run", "--goal-id", G, "--agent-id", "nobody", "--runtime-profile", "claude_code");
        s.run("todo", "claim", "--goal-id", G, "--todo-id", work, "--agent-id", "builder");
        s.run("todo", "claim", "--goal-id", G, "--todo-id", work, "--agent-id", "reviewer");
        s.run(
                "todo",
                "complete",
                "--goal-id",
                G,
                "--todo-id",
                work,
                "--agent-id",
                "builder",
                "--evidence",
                "parser merged; 42 tests green",
                "--validation-command",
                "./mvnw -q test",
                "--next-agent-todo",
                "Wire the parser into the CLI");
        s.run(
                "refresh-state",
                "--goal-id",
                G,
                "--agent-id",
                "builder",
                "--delivery-outcome",
                "outcome_progress",
                "--summary",
                "parser merged");
        s.run("quota", "spend-slot", "--goal-id", G, "--agent-id", "builder");
        s.run("quota", "spend-slot", "--goal-id", G, "--agent-id", "builder", "--execute");
        s.run(
                "reward",
                "--goal-id",
                G,
                "--reward",
                "positive",
                "--reason-summary",
                "parser shipped with tests",
                "--actor-kind",
                "owner");
        s.run("configure-goal", "--goal-id", G, "--quota-compute", "2");
        s.run("quota", "status", "--goal-id", G);
        s.run("quota", "plan");
        s.run("status", "--goal-id", G);
        s.run(
                "todo",
                "complete",
                "--goal-id",
                G,
                "--todo-id",
                gate,
                "--decision-outcome",
                "approve",
                "--evidence",
                "schema approved");
        s.run(
                "quota",
                "should-run",
                "--goal-id",
                G,
                "--agent-id",
                "reviewer",
                "--runtime-profile",
                "codex_app_heartbeat",
                "--app-automation-current-rrule",
                "RRULE:INTERVAL=3;FREQ=MINUTELY");
        s.run("global-summary");
        s.run("global-gates");
        s.run("global-todos");
        s.run("global-risks");
        // backlog hygiene: finished todos out of the default reads, still in the ledger
        s.run("todo", "archive-completed", "--goal-id", G, "--dry-run");
        s.run("todo", "archive-completed", "--goal-id", G);
        s.run("todo", "archive-completed", "--goal-id", G);
        s.run("todo", "list", "--goal-id", G, "--include-archived");
        s.run("status", "--goal-id", G);
        s.run("ledger", "verify");
        s.run("ledger", "replay", "--from", "1", "--to", "3");
        s.run("ledger", "export", "events.jsonl");
        s.run("--runtime-root", "copy", "ledger", "import", "events.jsonl");
        s.run("projections", "rebuild");
        s.run("doctor");
        s.run("--verbose", "ledger", "verify");
        s.run("--format", "json", "ledger", "verify");
        // every other command a person meets on a project
        String wire = s.todoId("Wire the parser into the CLI");
        s.run("todo", "update", "--goal-id", G, "--todo-id", wire, "--agent-id", "builder", "--status", "blocked");
        s.run("todo", "update", "--goal-id", G, "--todo-id", wire, "--agent-id", "builder", "--status", "open");
        s.run(
                "todo",
                "supersede",
                "--goal-id",
                G,
                "--todo-id",
                wire,
                "--agent-id",
                "builder",
                "--reason",
                "the CLI wiring moved into the importer",
                "--next-agent-todo",
                "Call the parser from the importer");
        s.run("todo", "checkpoint", "--goal-id", G, "--agent-id", "builder", "--note", "the plan still fits the goal");
        s.run("todo", "declare-empty", "--goal-id", G, "--role", "user");
        s.run(
                "operator-gate",
                "--goal-id",
                G,
                "--decision",
                "defer",
                "--reason-summary",
                "wait for the data feed contract");
        s.run("review-packet", "--goal-id", G);
        s.run("goal-lifecycle", "--goal-id", G, "--operation", "stop", "--actor-kind", "owner", "--reason", "holiday");
        s.run(
                "goal-lifecycle",
                "--goal-id",
                G,
                "--operation",
                "stop",
                "--actor-kind",
                "owner",
                "--reason",
                "holiday",
                "--execute");
        // a stopped goal: the reason once, the owner's resume command; a Claude Code lane gets no App text
        s.run("quota", "should-run", "--goal-id", G, "--agent-id", "builder", "--runtime-profile", "claude_code");
        s.run(
                "goal-lifecycle",
                "--goal-id",
                G,
                "--operation",
                "resume",
                "--actor-kind",
                "owner",
                "--reason",
                "back",
                "--execute");
        s.run("quota", "void-slot", "--goal-id", G, "--spent-seq", "11", "--reason-summary", "spent by mistake");
        String[] ask = {
            "quota", "should-run", "--goal-id", G, "--agent-id", "builder", "--runtime-profile", "codex_app_heartbeat"
        };
        String ack = "/scheduler_hint/app_automation/ack_hint/cli_args";
        List<String> acked = new ArrayList<>();
        for (int i = 0; !s.field(ack + "/" + i, ask).isEmpty(); i++) {
            acked.add(s.field(ack + "/" + i, ask));
        }
        s.run(acked.toArray(String[]::new));
        s.run(
                "quota",
                "scheduler-fail-current",
                "--goal-id",
                G,
                "--agent-id",
                "reviewer",
                "--app-automation-current-rrule",
                "FREQ=MINUTELY;INTERVAL=3",
                "--failed-rrule",
                "FREQ=MINUTELY;INTERVAL=30");
        s.run("start-goal", "--guided", "--project", ".", "--goal-text", "Ship the forecast importer");
        s.run(
                "start-goal",
                "--guided",
                "--project",
                ".",
                "--goal-text",
                "Ship the forecast importer",
                "--host-surface",
                "claude-code",
                "--agent-id",
                "builder");
        s.run("slash-commands");
        s.run("automation-prompts", "plan");
        s.run("heartbeat-prompt", "--goal-id", G, "--agent-id", "builder", "--runtime-profile", "claude_code");
        s.run("bootstrap-command-pack", "--project", ".");
        s.run("host", "codex-app", "install-plan", "--goal-id", G, "--agent-id", "builder");
        s.run("host", "parse", "--project", ".", "--message", "/loopx status");
        // issue 21: monitors, leases, capabilities, thread bindings, the evidence log
        s.run(
                "todo",
                "add",
                "--goal-id",
                G,
                "--role",
                "agent",
                "--task-class",
                "monitor_task",
                "--text",
                "Watch the nightly import",
                "--monitor-cadence-minutes",
                "30");
        String watch = s.todoId("Watch the nightly import");
        s.run(
                "quota",
                "monitor-poll",
                "--goal-id",
                G,
                "--todo-id",
                watch,
                "--agent-id",
                "builder",
                "--result-digest",
                "sha256:" + "ab".repeat(32),
                "--summary",
                "import green");
        String importer = s.todoId("Call the parser from the importer");
        s.run(
                "task-lease",
                "acquire",
                "--goal-id",
                G,
                "--todo-id",
                importer,
                "--agent-id",
                "builder",
                "--ttl-minutes",
                "30");
        s.run("task-lease", "inspect", "--goal-id", G, "--todo-id", importer);
        s.run("task-lease", "release", "--goal-id", G, "--todo-id", importer, "--agent-id", "builder");
        s.run(
                "todo",
                "add",
                "--goal-id",
                G,
                "--role",
                "agent",
                "--text",
                "Profile the importer on the GPU box",
                "--required-capability",
                "gpu");
        s.run("bind-agent-thread", "--goal-id", G, "--thread-id", "thread-42", "--agent-id", "reviewer", "--execute");
        s.run("resolve-agent-thread", "--goal-id", G, "--thread-id", "thread-42");
        s.run("evidence-log", "--goal-id", G, "--agent-id", "builder");
        s.run("ledger", "repair");
        s.run("projections", "dump");
        // what a person mistypes
        s.run("stauts");
        s.run("todo", "ad", "--goal-id", G);
        s.run("task-lease", "--help");
        s.run("status", "--goal-id", "weather-app-gaol");
        s.run("todo", "list", "--goal-id", G, "--status", "opened");
        s.run(
                "quota",
                "should-run",
                "--goal-id",
                G,
                "--agent-id",
                "builder",
                "--runtime-profile",
                "codex_app_heartbeat",
                "--app-automation-current-rrule",
                "FREQ=MONTHLY;BYDAY=MO");
        s.run("--runtime-root", "../elsewhere", "status");
        out.flush();
        err.flush();
    }

    /** Runs steps and prints them the way a person sees them. */
    private record Steps(Environment env, PrintWriter out, PrintWriter err) {
        void run(String... args) {
            out.println("$ loopx " + String.join(" ", quoted(args)));
            out.flush();
            int exit = Cli.run(args, out, err, env);
            out.flush();
            err.flush();
            out.println("[exit " + exit + "]");
            out.println();
            out.flush();
        }

        /** One field of a command's JSON answer, read without printing anything. */
        String field(String pointer, String... args) {
            StringWriter json = new StringWriter();
            List<String> all = new ArrayList<>(List.of("--format", "json"));
            all.addAll(List.of(args));
            Cli.run(all.toArray(String[]::new), new PrintWriter(json), new PrintWriter(new StringWriter()), env);
            try {
                return Json.mapper().readTree(json.toString()).at(pointer).asText();
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
        }

        /** A todo's id by its text, read with a JSON todo list that prints nothing. */
        String todoId(String text) {
            StringWriter json = new StringWriter();
            Cli.run(
                    new String[] {"--format", "json", "todo", "list", "--goal-id", G},
                    new PrintWriter(json),
                    new PrintWriter(new StringWriter()),
                    env);
            try {
                for (JsonNode t : Json.mapper().readTree(json.toString()).path("todos")) {
                    if (t.path("text").asText().equals(text)) {
                        return t.path("todo_id").asText();
                    }
                }
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
            throw new IllegalStateException("no todo " + text);
        }

        private static List<String> quoted(String[] args) {
            List<String> words = new ArrayList<>();
            for (String a : args) {
                words.add(a.matches("[A-Za-z0-9_./:=@%+,-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
            }
            return words;
        }
    }
}
