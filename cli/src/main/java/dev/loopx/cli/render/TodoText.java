package dev.loopx.cli.render;

import static dev.loopx.cli.render.Words.quoted;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/**
 * The text forms of the todo commands: {@code todo list} as one line of counts and a compact table
 * (id, who, priority, status, claim, text, gate scope); the writes as one line saying what changed
 * ({@code claimed todo_… "Write the parser" for builder}) and where it was recorded.
 */
final class TodoText {
    private TodoText() {}

    static void list(JsonNode d, PrintWriter out) {
        JsonNode todos = d.path("todos");
        long agent = 0;
        long user = 0;
        for (JsonNode t : todos) {
            if (t.path("role").asText().equals("user")) {
                user++;
            } else {
                agent++;
            }
        }
        out.println(Words.count(d.path("count").asLong(todos.size()), "todo") + " in goal "
                + d.path("goal_id").asText()
                + (todos.isEmpty() ? "" : " (" + agent + " for agents, " + user + " for the owner)"));
        Table table = new Table("  ", "ID", "FOR", "PRI", "STATUS", "CLAIMED BY", "TEXT");
        for (JsonNode t : todos) {
            table.row(
                    t.path("todo_id").asText(),
                    t.path("role").asText().equals("user") ? "owner" : "agent",
                    dash(t.path("priority").asText()),
                    t.path("status").asText(),
                    dash(t.path("claimed_by").asText()),
                    t.path("text").asText() + scope(t) + (t.path("archived_seq").asLong() > 0 ? "  (archived)" : ""));
        }
        if (!table.isEmpty()) {
            table.print(out);
        }
    }

    /** {@code  (gate: blocks reviewer)}, {@code  (gate: blocks everyone)}, {@code  (monitor)}, or nothing. */
    static String scope(JsonNode t) {
        String taskClass = t.path("task_class").asText();
        if (taskClass.equals("user_gate")) {
            String blocks = t.path("blocks_agent").asText();
            return t.path("global_gate").asBoolean()
                    ? "  (gate: blocks everyone)"
                    : blocks.isEmpty() ? "  (gate)" : "  (gate: blocks " + blocks + ")";
        }
        if (taskClass.equals("advancement_task") || taskClass.equals("user_action") || taskClass.isEmpty()) {
            return "";
        }
        return "  (" + taskClass.replace('_', ' ') + ")";
    }

    private static String dash(String value) {
        return value.isEmpty() ? "-" : value;
    }

    /** A monitor's settings in words ({@code every 30 min from now, ends 2026-…, watch-only}), or nothing. */
    private static String watch(JsonNode m) {
        if (!m.isObject()) {
            return "";
        }
        String due = m.path("next_due_at").asText();
        String ends = m.path("expires_at").asText();
        return (m.path("target_key").asText().isEmpty()
                        ? ""
                        : m.path("target_key").asText() + ": ")
                + "every " + m.path("cadence_minutes").asInt() + " min from " + (due.isEmpty() ? "now" : due)
                + (ends.isEmpty() ? "" : ", ends " + ends)
                + (m.path("watch_only").asBoolean() ? ", watch-only" : "");
    }

    /**
     * {@code todo archive-completed}: how many finished todos left the default reads (or would, for a
     * preview), the ids, the receipt, and for a preview how to write it.
     */
    static void archive(JsonNode d, PrintWriter out) {
        boolean preview = d.has("preview") || d.path("dry_run").asBoolean();
        JsonNode ids = d.path("archived_todo_ids");
        String goal = " in goal " + d.path("goal_id").asText();
        String kept = d.path("keep_latest").asLong() > 0
                ? " (the latest " + d.path("keep_latest").asLong() + " finished stay in view)"
                : "";
        String answer;
        if (ids.isEmpty()) {
            answer = (d.path("receipt").path("replayed").asBoolean()
                            ? "already archived by this operation"
                            : "nothing to archive")
                    + goal
                    + kept;
        } else {
            answer = (preview ? "preview: would archive " : "archived ")
                    + Words.count(ids.size(), "finished todo")
                    + goal
                    + kept
                    + (preview ? " (nothing written)" : "");
        }
        out.println(answer);
        java.util.List<String> listed = new java.util.ArrayList<>();
        for (JsonNode id : ids) {
            if (listed.size() == 10) {
                listed.add("… " + (ids.size() - 10) + " more (--json lists them all)");
                break;
            }
            listed.add(id.asText());
        }
        Lines lines = new Lines(out);
        lines.add("archived", listed);
        lines.add("recorded", Receipts.line(d.path("receipt")));
        lines.add(
                "next",
                preview && !ids.isEmpty()
                        ? "repeat the command without --dry-run to record it"
                        : ids.isEmpty()
                                ? ""
                                : "loopx todo list --goal-id "
                                        + d.path("goal_id").asText() + " --include-archived shows them");
        lines.print();
    }

    /** {@code todo add|claim|complete|update|supersede|checkpoint}: what changed, then the receipt. */
    static void write(JsonNode d, PrintWriter out) {
        String schema = d.path("schema_version").asText();
        if (schema.equals("loopx_todo_checkpoint_v0") || schema.equals("loopx_todo_declare_empty_v0")) {
            goalWrite(d, out);
            return;
        }
        JsonNode t = d.path("todo");
        String id = d.path("todo_id").asText(t.path("todo_id").asText());
        String what = id + " " + quoted(t.path("text").asText());
        boolean changed = d.path("changed").asBoolean(true);
        String line = switch (schema) {
            case "loopx_todo_add_v0" ->
                t.path("task_class").asText().equals("user_gate")
                        ? "added gate " + what
                                + scope(t).replace("  (gate: ", " (").replace("  (gate)", "")
                                + ": the owner decides it with loopx todo complete"
                        : "added " + what + " for " + (t.path("role").asText().equals("user") ? "the owner" : "agents")
                                + (t.path("priority").asText().isEmpty()
                                        ? ""
                                        : " (" + t.path("priority").asText() + ")");
            case "loopx_todo_claim_v0" ->
                "claimed " + what + " for " + t.path("claimed_by").asText();
            case "loopx_todo_complete_v0" -> "done: " + what;
            case "loopx_todo_supersede_v0" -> "superseded " + what;
            default -> "updated " + what + " (now " + t.path("status").asText() + ")";
        };
        out.println(changed ? line : line + " — already so, nothing new was recorded");
        Lines lines = new Lines(out);
        boolean completion = schema.equals("loopx_todo_complete_v0");
        lines.add("evidence", completion ? t.path("evidence").asText() : "");
        lines.add("validated by", completion ? t.path("validation_command").asText() : "");
        lines.add("watch", watch(d.path("monitor")));
        lines.add(
                "needs",
                t.path("required_capabilities").isEmpty()
                        ? ""
                        : String.join(", ", Words.texts(t.path("required_capabilities")))
                                + " (only a lane that declares it with --available-capability runs this todo)");
        for (JsonNode s : t.path("successor_todo_ids")) {
            lines.add("next todo", s.asText());
        }
        lines.add("recorded", Receipts.line(d.path("receipt")));
        lines.print();
    }

    /** {@code todo checkpoint} and {@code todo declare-empty}: writes about the goal's plan, not one todo. */
    private static void goalWrite(JsonNode d, PrintWriter out) {
        boolean checkpoint = d.path("schema_version").asText().equals("loopx_todo_checkpoint_v0");
        String goal = d.path("goal_id").asText();
        boolean preview = Previews.is(d);
        boolean changed = d.path("changed").asBoolean(true);
        String role = d.path("role").asText().equals("user")
                ? "owner (user)"
                : d.path("role").asText();
        String line;
        if (checkpoint) {
            String note = quoted(d.path("note").asText());
            line = preview
                    ? "preview: would record a replan checkpoint on goal " + goal + ": " + note + " (nothing written)"
                    : changed
                            ? "replan checkpoint recorded on goal " + goal + ": " + note
                                    + " — the count of completed todos toward the next checkpoint starts again"
                            : "nothing to checkpoint on goal " + goal
                                    + ": no todo was completed since the last checkpoint (nothing written)";
        } else {
            line = preview
                    ? "preview: would declare the " + role + " todo section of goal " + goal
                            + " empty on purpose (nothing written)"
                    : changed
                            ? "the " + role + " todo section of goal " + goal
                                    + " is declared empty on purpose: the terminal check counts it as complete"
                            : "the " + role + " todo section of goal " + goal + " is already declared empty";
        }
        out.println(line);
        new Lines(out)
                .add("recorded", Receipts.line(d.path("receipt")))
                .add("next", preview ? Previews.next(d) : "")
                .print();
    }
}
