package dev.loopx.cli.render;

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
                .add("next", preview ? Previews.next(d) : "")
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
        if (voided) {
            JsonNode q = d.path("quota");
            long seq = d.at("/preview/payloads/0/spent_seq").asLong(0);
            out.println((preview
                            ? "preview: would void the spend" + (seq > 0 ? " at seq " + seq : "") + " (nothing written)"
                            : d.path("changed").asBoolean(true)
                                    ? "voided the spend: its slot is free again"
                                    : "that spend is already voided: nothing new recorded")
                    + " · now " + q.path("spent_slots").asText() + " of "
                    + q.path("allowed_slots").asText()
                    + " slots spent (" + q.path("state").asText() + ")");
            new Lines(out)
                    .add("recorded", Receipts.line(d.path("receipt")))
                    .add("next", preview ? Previews.next(d) : "")
                    .print();
            return;
        }
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
                .add("next", preview ? Previews.next(d) : "")
                .print();
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

    static void operatorGate(JsonNode d, PrintWriter out) {
        String decision =
                d.path("decision").asText(d.at("/preview/payloads/0/decision").asText());
        String gate = d.path("gate").asText(d.at("/preview/payloads/0/gate").asText());
        String what = decision + (gate.isEmpty() ? "" : " on gate " + gate) + " for goal "
                + d.path("goal_id").asText();
        boolean preview = Previews.is(d);
        out.println(
                preview
                        ? "preview: would record the operator's decision " + what + " (nothing written)"
                        : d.path("changed").asBoolean(true)
                                ? "operator decision recorded: " + what
                                : "that decision is already recorded: " + what + " — nothing new");
        JsonNode c = d.path("resume_contract");
        new Lines(out)
                .add(
                        "resume",
                        c.isObject()
                                ? (c.path("reread_state_before_acting").asBoolean()
                                                ? "agents reread state before acting"
                                                : "")
                                        + (c.path("approval_is_write_grant").asBoolean()
                                                ? " · the approval grants writes"
                                                : " · an approval never grants write access by itself")
                                : "")
                .add("recorded", Receipts.line(d.path("receipt")))
                .add(
                        "next",
                        preview
                                ? Previews.next(d)
                                : Words.pasteable(c.path("next_cli_action").asText()))
                .print();
    }

    static void goalLifecycle(JsonNode d, PrintWriter out) {
        String goal = d.path("goal_id").asText();
        String lifecycle = d.path("lifecycle").asText();
        if (Previews.is(d)) {
            boolean stops = Words.texts(d.at("/preview/event_types")).contains("goal.stopped");
            out.println("preview: would " + (stops ? "stop" : "resume") + " goal " + goal + " (now " + lifecycle
                    + "; nothing written)");
            new Lines(out).add("next", Previews.next(d)).print();
            return;
        }
        boolean stopped = lifecycle.equals("stopped") || lifecycle.equals("paused");
        out.println((d.path("changed").asBoolean(true) ? "goal " + goal + " " : "goal " + goal + " is already ")
                + lifecycle
                + (stopped
                        ? ": should-run answers should_run=false for every lane until it is resumed"
                        : ": its lanes run again as should-run says")
                + (d.path("changed").asBoolean(true) ? "" : " — nothing new recorded"));
        new Lines(out)
                .add("recorded", Receipts.line(d.path("receipt")))
                .add(
                        "next",
                        stopped
                                ? Words.pasteable("loopx goal-lifecycle --goal-id " + goal
                                        + " --operation resume --actor-kind owner --reason <why> --execute")
                                : "")
                .print();
    }

    static void configureGoal(JsonNode d, PrintWriter out) {
        String change = CompactText.changes(d.path("before"), d.path("after"));
        String goal = d.path("goal_id").asText();
        boolean preview = Previews.is(d);
        out.println((preview ? "preview: would configure goal " + goal : "goal " + goal + " configured")
                + (change.equals("none") ? ": no change" : ": " + change)
                + (preview ? " (nothing written)" : ""));
        JsonNode after = d.path("after");
        new Lines(out)
                .add(
                        "quota",
                        after.isObject()
                                ? after.path("allowed_slots").asText() + " slots of "
                                        + after.path("slot_minutes").asText()
                                        + " min per "
                                        + after.path("window_hours").asText() + " h ("
                                        + after.path("state").asText() + ")"
                                : "")
                .add(
                        "replan",
                        after.has("replan_after_completed_todos")
                                ? "checkpoint after "
                                        + Words.count(
                                                after.path("replan_after_completed_todos")
                                                        .asLong(),
                                                "completed todo")
                                : "")
                .add("recorded", Receipts.line(d.path("receipt")))
                .add("next", preview ? Previews.next(d) : "")
                .print();
    }

    static void scheduler(JsonNode d, PrintWriter out) {
        boolean ack = d.path("schema_version").asText().equals("loopx_scheduler_ack_v0");
        JsonNode p = d.at("/preview/payloads/0");
        String lane = p.path("agent_id").asText();
        String goal = d.path("goal_id").asText();
        if (Previews.is(d)) {
            out.println(
                    ack
                            ? "preview: would record that the host applied RRULE "
                                    + p.path("applied_rrule").asText() + " for " + lane + " on goal " + goal
                                    + " (nothing written)"
                            : "preview: would record that the host could not apply "
                                    + p.path("failed_rrule").asText()
                                    + " (its automation stays at "
                                    + p.path("observed_rrule").asText() + ") for " + lane
                                    + " on goal " + goal + " (nothing written)");
            new Lines(out)
                    .add("quota", "never spends a slot")
                    .add("next", Previews.next(d))
                    .print();
            return;
        }
        boolean changed = d.path("changed").asBoolean(true);
        out.println(
                ack
                        ? (changed
                                ? "scheduler ack recorded on goal " + goal
                                        + ": should-run answers apply_needed=false until the" + " situation changes"
                                : "that scheduler hint is already acknowledged: nothing new recorded")
                        : (changed
                                ? "recorded on goal " + goal
                                        + " that the host could not apply the hint: should-run keeps the"
                                        + " automation's current RRULE"
                                : "that failure is already recorded: nothing new"));
        new Lines(out).add("recorded", Receipts.line(d.path("receipt"))).print();
    }

    static void reviewPacket(JsonNode d, PrintWriter out) {
        out.println("handoff for goal " + d.path("goal_id").asText() + ": waiting on "
                + d.path("waiting_on").asText() + " · " + d.path("lifecycle").asText() + " · quota "
                + d.path("quota_state").asText()
                + (d.path("objective").asText().isEmpty()
                        ? ""
                        : " — " + d.path("objective").asText()));
        List<String> lanes = new ArrayList<>();
        int width = 0;
        for (JsonNode l : d.path("lanes")) {
            width = Math.max(width, l.path("agent_id").asText().length());
        }
        for (JsonNode l : d.path("lanes")) {
            String id = l.path("agent_id").asText();
            lanes.add(id + " ".repeat(width - id.length() + 2)
                    + l.path("effective_action").asText().replace('_', ' ') + ": "
                    + l.path("reason").asText());
        }
        List<String> gates = new ArrayList<>();
        for (JsonNode g : d.path("open_user_gates")) {
            gates.add(g.path("todo_id").asText() + " "
                    + Words.quoted(g.path("question").asText())
                    + (g.path("blocks_agent").asText().isEmpty()
                            ? " (blocks every lane)"
                            : " (blocks " + g.path("blocks_agent").asText() + ")"));
        }
        JsonNode since = d.path("since_last_reward");
        JsonNode e = d.path("latest_evidence");
        List<String> next = new ArrayList<>();
        for (JsonNode c : d.path("next_commands")) {
            next.add(Words.pasteable(c.asText()));
        }
        if (next.size() > 5) {
            int more = next.size() - 5;
            next = new ArrayList<>(next.subList(0, 5));
            next.add("… " + more + " more (--verbose)");
        }
        new Lines(out)
                .add("lanes", lanes)
                .add("gates", gates)
                .add(
                        "since",
                        (since.path("last_reward").isNull()
                                                || since.path("last_reward").isMissingNode()
                                        ? "the start"
                                        : "the last reward (seq "
                                                + since.path("after_seq").asText() + ")")
                                + ": " + Words.count(since.path("events").asLong(), "event") + " · "
                                + since.path("completed_todos").size() + " todos completed · "
                                + since.path("added_todos").size() + " added")
                .add(
                        "evidence",
                        e.isObject()
                                ? "seq " + e.path("seq").asText() + " "
                                        + e.path("agent_id").asText() + " "
                                        + e.path("delivery_outcome").asText() + ": "
                                        + e.path("summary").asText()
                                : "")
                .add("next", next)
                .print();
    }
}
