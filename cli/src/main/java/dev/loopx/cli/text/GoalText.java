package dev.loopx.cli.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The text forms of the goal-level writes and reads: {@code connect}, {@code register-agent},
 * {@code refresh-state}, {@code quota spend-slot|void-slot|status}, {@code reward}: what happened
 * in one line, then where it was recorded and what to run next.
 */
final class GoalText {
    private GoalText() {}

    static void connect(JsonNode d, PrintWriter out) {
        boolean dry = d.path("dry_run").asBoolean();
        out.println((dry ? "preview: would connect " : "connected ")
                + d.path("project_label").asText() + " → goal "
                + d.path("goal_id").asText() + " (runtime root "
                + d.path("runtime_root_label").asText()
                + ", git-ignored)");
        List<String> actions = new ArrayList<>();
        for (JsonNode a : d.path("actions")) {
            actions.add(a.path("action").asText().replace('_', ' ') + ": "
                    + a.path("status").asText());
        }
        new Lines(out)
                .add("steps", String.join(" · ", actions))
                .add("recorded", Receipts.line(d.path("receipt")))
                .add("next", Words.pasteable(d.path("next_step").asText()))
                .print();
    }

    static void registerAgent(JsonNode d, PrintWriter out) {
        List<String> agents = new ArrayList<>();
        for (JsonNode a : d.path("registered_agents")) {
            agents.add(a.path("agent_id").asText()
                    + (a.path("scope").asText().isEmpty()
                            ? ""
                            : " (" + a.path("scope").asText() + ")"));
        }
        boolean preview = d.has("preview") || d.path("dry_run").asBoolean();
        out.println((preview
                        ? "preview: would register "
                        : d.path("changed").asBoolean() ? "registered " : "already registered: ")
                + String.join(", ", agents) + " on goal " + d.path("goal_id").asText());
        new Lines(out)
                .add("model", model(d.path("agent_model").asText()))
                .add("recorded", Receipts.line(d.path("receipt")))
                .add("next", preview ? "repeat the command with --execute to record it" : "")
                .print();
    }

    private static String model(String model) {
        return model.equals("peer_v1")
                ? "peer_v1 (every agent is a lane: each claims its own todos, gates may block one lane)"
                : model;
    }

    static void refreshState(JsonNode d, PrintWriter out) {
        out.println("evidence recorded for goal " + d.path("goal_id").asText()
                + (d.path("accountable").asBoolean()
                        ? " · accountable: it may pay for one quota slot (loopx quota spend-slot)"
                        : " · not accountable: it cannot pay for a quota slot"));
        new Lines(out)
                .add("recorded", Receipts.line(d.path("receipt")))
                .add("quota", d.path("spends_quota").asBoolean() ? "spent a slot" : "no slot spent by this write")
                .print();
    }

    static void spend(JsonNode d, PrintWriter out) {
        boolean voided = d.path("schema_version").asText().equals("loopx_quota_void_v0");
        boolean preview = d.has("preview") || d.path("dry_run").asBoolean();
        JsonNode before = d.path("before");
        JsonNode after = d.path("after");
        out.println((preview ? "preview: would " + (voided ? "void" : "spend") : voided ? "voided" : "spent") + " "
                + Words.count(d.path("slots").asLong(1), "slot") + ": "
                + before.path("spent_slots").asText() + " → "
                + after.path("spent_slots").asText() + " of "
                + after.path("allowed_slots").asText() + " spent ("
                + after.path("state").asText() + ")");
        new Lines(out)
                .add("recorded", Receipts.line(d.path("receipt")))
                .add("next", preview ? "repeat the command with --execute to record it" : "")
                .print();
    }

    static void reward(JsonNode d, PrintWriter out) {
        out.println("reward recorded on goal " + d.path("goal_id").asText());
        new Lines(out).add("recorded", Receipts.line(d.path("receipt"))).print();
    }

    static void quotaStatus(JsonNode d, PrintWriter out) {
        JsonNode q = d.path("quota");
        out.println("quota " + q.path("state").asText() + ": "
                + q.path("spent_slots").asText() + " of "
                + q.path("allowed_slots").asText() + " slots spent in the last "
                + q.path("window_hours").asText()
                + " h (goal " + d.path("goal_id").asText() + ", "
                + d.path("lifecycle").asText() + ")");
        JsonNode p = d.at("/goal_frontier_projection/normalized_progress");
        new Lines(out)
                .add("quota", QuotaBar.of(q))
                .add(
                        "open",
                        Words.count(p.path("agent_open_count").asLong(), "agent todo") + " · "
                                + Words.count(p.path("user_open_count").asLong(), "owner todo"))
                .print();
    }
}
