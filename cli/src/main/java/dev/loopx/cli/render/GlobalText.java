package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/**
 * The text forms of the cross-project reads ({@code global-summary|gates|todos|risks},
 * {@code quota plan}): a count line, then one compact row per goal, gate, todo or risk, grouped
 * by project; projects that could not be read are named last.
 */
final class GlobalText {
    private GlobalText() {}

    static void summary(JsonNode d, PrintWriter out) {
        out.println(Words.count(d.path("goal_count").asLong(), "goal") + " in "
                + Words.count(d.path("project_count").asLong(), "project"));
        Table t = new Table("  ", "PROJECT", "GOAL", "STATE", "QUOTA", "OPEN (agent/owner)", "GATES", "WAITING ON");
        for (JsonNode p : d.path("projects")) {
            for (JsonNode g : p.path("goals")) {
                t.row(
                        p.path("project_label").asText(),
                        g.path("goal_id").asText(),
                        g.path("lifecycle").asText() + (g.path("terminal").asBoolean() ? " (done)" : ""),
                        g.path("quota_state").asText(),
                        g.path("agent_open").asText() + "/"
                                + g.path("user_open").asText(),
                        g.path("open_gate_count").asText(),
                        waitingOn(g.path("waiting_on").asText()));
            }
        }
        print(t, d, out);
    }

    static String waitingOn(String w) {
        return switch (w) {
            case "user" -> "you";
            case "agent" -> "an agent";
            case "nothing", "" -> "nobody";
            default -> w;
        };
    }

    static void gates(JsonNode d, PrintWriter out) {
        long n = d.path("gate_count").asLong();
        out.println(
                n == 0
                        ? "no open gates: nothing waits for your decision"
                        : Words.count(n, "open gate") + " waiting for your decision");
        Table t = new Table("  ", "PROJECT", "GOAL", "GATE", "BLOCKS", "QUESTION");
        for (JsonNode p : d.path("projects")) {
            for (JsonNode g : p.path("gates")) {
                String scope = g.path("scope").asText();
                t.row(
                        p.path("project_label").asText(),
                        g.path("goal_id").asText(),
                        g.path("todo_id").asText(),
                        scope.equals("global")
                                ? "everyone"
                                : scope.equals("agent") ? g.path("blocks_agent").asText() : scope,
                        g.path("question").asText());
            }
        }
        print(t, d, out);
    }

    static void todos(JsonNode d, PrintWriter out) {
        out.println(Words.count(d.path("open_todo_count").asLong(), "open todo") + " in "
                + Words.count(d.path("project_count").asLong(), "project"));
        Table t = new Table("  ", "PROJECT", "GOAL", "ID", "FOR", "PRI", "CLAIMED BY", "TEXT");
        for (JsonNode p : d.path("projects")) {
            for (JsonNode g : p.path("goals")) {
                for (JsonNode todo : g.path("open_todos")) {
                    t.row(
                            p.path("project_label").asText(),
                            g.path("goal_id").asText(),
                            todo.path("todo_id").asText(),
                            todo.path("role").asText().equals("user") ? "owner" : "agent",
                            dashed(todo.path("priority").asText()),
                            dashed(todo.path("claimed_by").asText()),
                            todo.path("text").asText() + TodoText.scope(todo));
                }
            }
        }
        print(t, d, out);
    }

    static void risks(JsonNode d, PrintWriter out) {
        long n = d.path("risk_count").asLong();
        out.println(n == 0 ? "no risks found" : Words.count(n, "risk") + " found");
        Table t = new Table("  ", "PROJECT", "GOAL", "RISK", "DETAIL");
        for (JsonNode p : d.path("projects")) {
            for (JsonNode r : p.path("risks")) {
                t.row(
                        p.path("project_label").asText(),
                        r.path("goal_id").asText(),
                        r.path("kind").asText().replace('_', ' '),
                        r.path("detail").asText());
            }
        }
        print(t, d, out);
    }

    static void quotaPlan(JsonNode d, PrintWriter out) {
        long running = 0;
        for (JsonNode g : d.path("goals")) {
            running += g.path("would_run").asBoolean() ? 1 : 0;
        }
        out.println(running + " of " + Words.count(d.path("goal_count").asLong(), "goal") + " would run now");
        Table t = new Table("  ", "GOAL", "SLOTS", "LANE", "ANSWER");
        for (JsonNode g : d.path("goals")) {
            String slots = g.path("spent_slots").asText() + "/"
                    + g.path("allowed_slots").asText();
            if (g.path("lanes").isEmpty()) {
                t.row(
                        g.path("goal_id").asText(),
                        slots,
                        "-",
                        g.path("would_run").asBoolean() ? "run" : "wait");
            }
            for (JsonNode l : g.path("lanes")) {
                t.row(
                        g.path("goal_id").asText(),
                        slots,
                        l.path("agent_id").asText(),
                        (l.path("should_run").asBoolean() ? "run: " : "wait: ")
                                + l.path("effective_action").asText().replace('_', ' '));
            }
        }
        if (!t.isEmpty()) {
            t.print(out);
        }
    }

    private static String dashed(String v) {
        return v.isEmpty() ? "-" : v;
    }

    private static void print(Table t, JsonNode d, PrintWriter out) {
        if (!t.isEmpty()) {
            t.print(out);
        }
        for (JsonNode u : d.path("unavailable_projects")) {
            out.println("  unreadable: " + u.path("project_label").asText() + " ("
                    + u.path("error_code").asText()
                    + (u.path("hint").asText().isEmpty()
                            ? ""
                            : "; " + Words.pasteable(u.path("hint").asText())) + ")");
        }
    }
}
