package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The text forms of the read-first host commands a person also runs: {@code start-goal --guided}
 * (the plan, or the one choice it waits for), {@code bootstrap-command-pack} (is this project
 * connected, and the next step), {@code host parse} (what a chat message asks LoopX for) and
 * {@code host codex-app install-plan} (the automation request to send). None of them writes; each
 * view says so in its first line and ends with commands that paste as printed.
 */
final class HostText {
    private static final int COMMANDS = 6;

    private HostText() {}

    static void startGoal(JsonNode d, PrintWriter out) {
        String goal = Words.quoted(d.path("goal_text").asText());
        JsonNode gate = d.path("gate");
        if (!d.path("ok").asBoolean() && gate.isObject()) {
            out.println("start goal " + goal + ": "
                    + lowerFirst(gate.path("summary").asText()) + " (nothing written)");
            new Lines(out).add("choose", choices(gate.path("options"))).print();
            return;
        }
        out.println("plan to start goal " + goal + " on goal "
                + d.path("goal_id").asText() + " as " + d.path("agent_id").asText("-") + " ("
                + d.path("host_surface").asText() + "; nothing written yet)");
        List<String> todos = new ArrayList<>();
        for (JsonNode t : d.path("planned_todos")) {
            todos.add(t.path("priority").asText() + "  "
                    + Words.quoted(t.path("text").asText()));
        }
        List<String> steps = new ArrayList<>();
        List<String> commands = new ArrayList<>();
        for (JsonNode s : d.path("steps")) {
            steps.add(s.path("order").asText() + ". " + s.path("step").asText().replace('_', ' ') + ": "
                    + s.path("status").asText().replace('_', ' '));
            if (s.path("status").asText().equals("pending")) {
                for (JsonNode c : s.path("commands")) {
                    commands.add(Words.pasteable(c.path("command").asText()));
                }
            }
        }
        new Lines(out)
                .add("todos", todos)
                .add("steps", steps)
                .add("run", limited(commands))
                .print();
    }

    static void bootstrapPack(JsonNode d, PrintWriter out) {
        JsonNode c = d.path("connection");
        String where = "project " + d.path("project_label").asText();
        if (!c.path("connected").asBoolean()) {
            out.println(where + ": not connected to LoopX yet (read only, nothing written)");
        } else {
            out.println(where + ": connected · goal " + d.path("goal_id").asText("-")
                    + (d.path("agent_id").asText().isEmpty()
                            ? ""
                            : " · agent " + d.path("agent_id").asText())
                    + " (read only, nothing written)");
        }
        List<String> goals = new ArrayList<>();
        for (JsonNode g : c.path("goals")) {
            goals.add(g.path("goal_id").asText() + "  " + g.path("lifecycle").asText() + " · agents "
                    + String.join(", ", Words.texts(g.path("agent_ids"))) + " · "
                    + Words.count(g.path("open_agent_todos").asLong(), "open agent todo"));
        }
        JsonNode next = d.path("recommended_next_step");
        List<String> run = new ArrayList<>(choices(next.path("options")));
        if (run.isEmpty() && next.path("command").isTextual()) {
            run.add(Words.pasteable(next.path("command").asText()));
        }
        new Lines(out)
                .add("goals", goals)
                .add("next", next.path("summary").asText())
                .add("run", run)
                .print();
    }

    static void handoff(JsonNode d, PrintWriter out) {
        if (!d.path("matched").asBoolean()) {
            out.println("no LoopX slash command in the message: the host handles it as ordinary chat");
            return;
        }
        JsonNode a = d.path("authority");
        out.println(d.path("command").asText() + " → "
                + d.path("intent").asText().replace('_', ' ') + " ("
                + (d.path("mutation_policy").asText().equals("read_only")
                        ? "read only"
                        : a.path("project_local_write_allowed").asBoolean()
                                ? "may write to this project through "
                                        + a.path("project_local_write_route").asText()
                                : d.path("mutation_policy").asText().replace('_', ' '))
                + ")");
        JsonNode next = d.path("next_step");
        new Lines(out)
                .add("goal text", d.path("task_text").asText())
                .add("run", Words.pasteable(d.path("cli_fallback").asText()))
                .add("then", next.path("instruction").asText())
                .add("if no cli", next.path("if_cli_unavailable").asText())
                .print();
    }

    static void codexAppInstallPlan(JsonNode d, PrintWriter out) {
        if (!d.path("ok").asBoolean()) {
            CompactText.render(d, out);
            return;
        }
        JsonNode u = d.path("automation_update");
        out.println("Codex App heartbeat for " + d.path("agent_id").asText() + " on goal "
                + d.path("goal_id").asText() + ": send this automation_update (nothing written)");
        List<String> steps = new ArrayList<>();
        int n = 1;
        for (JsonNode s : d.path("next_steps")) {
            String line = n++ + ". " + s.path("text").asText();
            if (s.path("cli_args").isArray()) {
                line += "\n   " + CommandLines.of(s.path("cli_args"));
            }
            steps.add(line);
        }
        new Lines(out)
                .add(
                        "request",
                        u.path("kind").asText() + " · " + u.path("status").asText() + " · RRULE "
                                + u.path("rrule").asText() + " ("
                                + d.path("rrule_source").asText().replace('_', ' ')
                                + ")")
                .add("name", u.path("name").asText())
                .add(
                        "prompt",
                        "the managed wrapper v" + d.path("wrapper_version").asText()
                                + (d.path("prompt_within_budget").asBoolean()
                                        ? ", within its size budget"
                                        : ", OVER its size budget")
                                + (d.path("private_paths_redacted").asBoolean()
                                        ? " · runtime root redacted (--private shows it)"
                                        : ""))
                .add("steps", steps)
                .print();
    }

    static void slashCatalog(JsonNode d, PrintWriter out) {
        JsonNode commands = d.path("commands");
        out.println(Words.count(commands.size(), "slash command") + " for LoopX in your host (prefix "
                + d.path("canonical_prefix").asText() + "); an unknown "
                + d.path("canonical_prefix").asText()
                + " command answers with this list and does nothing else");
        Table table = new Table("  ", "COMMAND", "SCOPE", "WRITES", "RUNS");
        List<String> aliases = new ArrayList<>();
        for (JsonNode c : commands) {
            String policy = c.path("mutation_policy").asText();
            table.row(
                    c.path("command").asText(),
                    c.path("scope").asText(),
                    policy.equals("read_only") ? "no" : "through its guided plan",
                    Words.pasteable(c.path("cli_reference").asText()));
            for (JsonNode a : c.path("legacy_aliases")) {
                aliases.add(a.asText() + " → " + c.path("command").asText());
            }
        }
        table.print(out);
        new Lines(out)
                .add("old names", aliases.isEmpty() ? "" : String.join(" · ", aliases) + " (still answered)")
                .add(
                        "install",
                        List.of(
                                Words.pasteable("loopx slash-commands --install --surface <host>"),
                                "hosts: codex, claude-code, opencode, pi or all (loopx slash-commands --help)"))
                .print();
    }

    /** Each option as its pasteable command ({@code host_surface} or {@code agent_id} first). */
    private static List<String> choices(JsonNode options) {
        List<String> lines = new ArrayList<>();
        for (JsonNode o : options) {
            lines.add(Words.pasteable(o.at("/command/command").asText()));
        }
        return limited(lines);
    }

    private static List<String> limited(List<String> lines) {
        if (lines.size() <= COMMANDS) {
            return lines;
        }
        List<String> shown = new ArrayList<>(lines.subList(0, COMMANDS));
        shown.add("… " + (lines.size() - COMMANDS) + " more (--verbose)");
        return shown;
    }

    /** A sentence as the middle of a line: lower-case first letter, no closing full stop. */
    private static String lowerFirst(String s) {
        String t = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
        return t.isEmpty() ? t : Character.toLowerCase(t.charAt(0)) + t.substring(1);
    }
}
