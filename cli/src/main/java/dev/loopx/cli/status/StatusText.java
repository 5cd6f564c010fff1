package dev.loopx.cli.status;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;

/**
 * The text form of {@code loopx_status_v0}: a compact first screen per goal (objective and
 * lifecycle, a quota bar, gates with their question, the next todo per lane, counts, evidence,
 * the attention queue, terminal state). Same facts as the JSON, fewer words.
 */
final class StatusText {
    private static final int BAR = 20;

    private StatusText() {}

    static void render(JsonNode doc, PrintWriter out) {
        if (doc.path("goals").isEmpty()) {
            out.println("no goals in this runtime root; connect a project with: loopx connect --project .");
        }
        for (JsonNode g : doc.path("goals")) {
            goal(g, out);
        }
    }

    private static void goal(JsonNode g, PrintWriter out) {
        out.println("goal " + g.path("goal_id").asText() + "  ["
                + g.at("/lifecycle/state").asText() + "]"
                + (g.path("terminal").asBoolean() ? "  terminal: no follow-up" : ""));
        if (!g.path("objective").asText().isEmpty()) {
            out.println("  objective  " + g.path("objective").asText());
        }
        if (!g.at("/lifecycle/reason").asText().isEmpty()) {
            out.println("  reason     " + g.at("/lifecycle/reason").asText());
        }
        out.println("  quota      " + quotaBar(g.path("quota")));
        for (JsonNode gate : g.path("open_user_gates")) {
            String scope = gate.path("scope").asText().equals("agent")
                    ? " (blocks " + gate.path("blocks_agent").asText() + ")"
                    : gate.path("scope").asText().equals("global") ? " (blocks everyone)" : "";
            out.println("  gate       ? " + gate.path("question").asText() + scope + "  ["
                    + gate.path("todo_id").asText() + "]");
        }
        java.util.Set<String> shown = new java.util.HashSet<>();
        for (JsonNode lane : g.at("/next_agent_todo/lanes")) {
            out.println("  next       for " + lane.path("agent_id").asText() + " → " + todo(lane.path("todo")));
            shown.add(lane.at("/todo/todo_id").asText());
        }
        JsonNode unassigned = g.at("/next_agent_todo/unassigned");
        String unassignedId = unassigned.path("todo_id").asText();
        if (g.at("/next_agent_todo/lanes").isEmpty() || (!unassignedId.isEmpty() && !shown.contains(unassignedId))) {
            out.println("  next       " + (g.at("/next_agent_todo/lanes").isEmpty() ? "" : "for any agent → ")
                    + todo(unassigned));
        }
        JsonNode c = g.path("counts");
        out.println("  counts     open " + c.path("open").asLong() + " · blocked "
                + c.path("blocked").asLong()
                + " · deferred " + c.path("deferred").asLong() + " · done "
                + c.path("done").asLong()
                + (c.path("archived").asLong() > 0 ? " (" + c.path("archived").asLong() + " archived)" : "")
                + "  (owner " + c.path("user_open").asLong() + ", agent "
                + c.path("agent_open").asLong() + " open)");
        JsonNode e = g.path("last_evidence");
        out.println("  evidence   "
                + (e.isNull() || e.isMissingNode()
                        ? "(none yet)"
                        : e.path("delivery_outcome").asText() + ": "
                                + e.path("summary").asText() + "  (seq "
                                + e.path("seq").asLong()
                                + (e.path("agent_id").asText().isEmpty()
                                        ? ""
                                        : ", " + e.path("agent_id").asText()) + ", "
                                + e.path("recorded_at").asText() + ")"));
        JsonNode done = g.path("last_completion");
        if (done.isObject()) {
            String validated = done.path("validation_command").asText();
            out.println("  completed  " + done.path("text").asText()
                    + (done.path("evidence").asText().isEmpty()
                            ? ""
                            : ": " + done.path("evidence").asText())
                    + (validated.isEmpty() ? "" : "  (validated by: " + validated + ")")
                    + "  [" + done.path("todo_id").asText() + "]");
        }
        JsonNode a = g.path("attention");
        out.println("  attention  needs you " + a.path("needs_user").size() + " · needs agent "
                + a.path("needs_agent").size() + " · watching "
                + a.path("watching").size());
        for (JsonNode item : a.path("needs_user")) {
            out.println("             you: " + item.path("text").asText() + "  ["
                    + item.path("todo_id").asText() + "]");
        }
        out.println("  done?      " + doneLine(g));
    }

    /** Whether the goal is finished, in plain words (from the terminal flag and the source completeness). */
    static String doneLine(JsonNode g) {
        if (g.path("terminal").asBoolean()) {
            return "yes: every todo is done and the last completion said no follow-up";
        }
        JsonNode sources = g.at("/goal_frontier_projection/source_completeness");
        JsonNode c = g.path("counts");
        long open = c.path("open").asLong()
                + c.path("blocked").asLong()
                + c.path("deferred").asLong();
        java.util.List<String> missing = new java.util.ArrayList<>();
        if (sources.path("agent_todos").asText().equals("missing")) {
            missing.add("agent");
        }
        if (sources.path("user_todos").asText().equals("missing")) {
            missing.add("owner");
        }
        if (open > 0) {
            return "no: " + open + (open == 1 ? " todo is" : " todos are") + " still open";
        }
        if (!missing.isEmpty()) {
            return "no: the " + String.join(" and ", missing)
                    + " todo list was never declared (loopx todo declare-empty names it empty)";
        }
        return "no: nothing is open, but no completion has said \"no follow-up\" yet";
    }

    /** {@code [#####...............] 5/20 slots · active} (or the state alone when nothing is allowed). */
    static String quotaBar(JsonNode q) {
        long allowed = q.path("allowed_slots").asLong();
        long spent = q.path("spent_slots").asLong();
        String state = q.path("state").asText();
        String next = q.path("next_eligible_at").isTextual()
                ? " · next slot " + q.path("next_eligible_at").asText()
                : "";
        if (allowed <= 0) {
            return "[" + "-".repeat(BAR) + "] " + state + " (nothing allowed)";
        }
        int filled = (int) Math.min(BAR, Math.max(spent > 0 ? 1 : 0, Math.round(BAR * (double) spent / allowed)));
        return "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + spent + "/" + allowed + " slots · " + state
                + " (" + q.path("window_hours").asInt() + " h window)" + next;
    }

    private static String todo(JsonNode t) {
        if (t == null || t.isNull() || t.isMissingNode()) {
            return "(nothing runnable)";
        }
        String claim = t.path("claimed_by").asText().isEmpty()
                ? "unclaimed"
                : "claimed by " + t.path("claimed_by").asText();
        String priority =
                t.path("priority").asText().isEmpty() ? "" : t.path("priority").asText() + ", ";
        return t.path("text").asText() + "  (" + priority + claim + ") ["
                + t.path("todo_id").asText() + "]";
    }
}
