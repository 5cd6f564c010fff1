package dev.loopx.cli.text;

import static dev.loopx.cli.text.Words.quoted;
import static dev.loopx.cli.text.Words.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The text form of {@code loopx_quota_decision_v0}: one line that answers the heartbeat question
 * ({@code run now → claim todo_… "Write the parser"}, {@code wait 30 min: gate "…" blocks this lane
 * (owner must decide)}, {@code stop: goal done (validated, no follow-up)}), then why, the commands
 * to run next, the quota, the work counts and the next wake with the RRULE to apply when the host
 * keeps one. The JSON carries everything else ({@code --verbose} shows it).
 */
final class ShouldRunText {
    private ShouldRunText() {}

    static void render(JsonNode d, PrintWriter out) {
        out.println(answer(d));
        Lines lines = new Lines(out);
        lines.add("why", d.path("reason").asText());
        String agent = text(d, "/agent_identity/agent_id");
        lines.add(
                "lane",
                (agent.isEmpty() ? "(no agent id)" : agent) + " on goal "
                        + d.path("goal_id").asText() + (profile(d).isEmpty() ? "" : " · " + profile(d)));
        List<String> next = new ArrayList<>();
        for (JsonNode c : d.at("/interaction_contract/cli_channel/next_cli_actions")) {
            next.add(Words.pasteable(oneOf(c.asText())));
        }
        if (d.at("/automation_prompt_upgrade/required").asBoolean()) {
            next.add(0, Words.pasteable(oneOf(text(d, "/automation_prompt_upgrade/command"))));
        }
        lines.add("next", next);
        lines.add("quota", QuotaBar.of(d.path("quota")));
        lines.add("work", work(d));
        for (JsonNode item : d.at("/interaction_contract/user_channel/items")) {
            lines.add(
                    "reminder",
                    "you: " + item.path("text").asText() + "  ["
                            + item.path("todo_id").asText() + "]");
        }
        JsonNode selected = d.path("selected_todo");
        if (selected.has("lease_state")) {
            lines.add(
                    "lease",
                    selected.path("lease_state").asText() + " · held by "
                            + selected.at("/lease/holder").asText() + " until "
                            + selected.at("/lease/expires_at").asText());
        }
        lines.add("wake", wake(d));
        lines.print();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** The first line: what the lane does now, in words a person can act on. */
    static String answer(JsonNode d) {
        String action = d.path("effective_action").asText();
        JsonNode todo = d.path("selected_todo");
        String wait = waitPrefix(d);
        return switch (action) {
            case "normal_run" ->
                todo.isObject()
                        ? "run now → " + (d.path("claim_required_before_work").asBoolean() ? "claim " : "continue ")
                                + todo.path("todo_id").asText() + " "
                                + quoted(todo.path("text").asText())
                        : "run now";
            case "monitor_due" ->
                "run now → check the monitor "
                        + (todo.isObject()
                                ? todo.path("todo_id").asText() + " "
                                        + quoted(todo.path("text").asText())
                                : "that is due");
            case "monitor_material_change" ->
                "run now → plan: the monitor "
                        + (todo.isObject() ? todo.path("todo_id").asText() + " " : "")
                        + "saw a material change; add the advancement work it calls for";
            case "monitor_expired" ->
                "run now → close the monitor "
                        + (todo.isObject() ? todo.path("todo_id").asText() + " " : "") + "(its watch expired "
                        + text(d, "/selected_monitor/expires_at") + ")";
            case "successor_replan_required" -> "run now → replan: a deferred successor is ready";
            case "autonomous_replan_required" -> "run now → replan: the plan must be revisited before more work";
            case "initial_plan_required" -> "run now → plan: the goal has no agent work yet; add the first todos";
            case "operator_gate_notify" -> wait + ": " + gate(d) + " blocks this lane (owner must decide)";
            case "throttled_skip" ->
                wait + ": quota slot not due yet"
                        + (text(d, "/quota/next_eligible_at").isEmpty()
                                ? ""
                                : " (next slot " + text(d, "/quota/next_eligible_at") + ")");
            case "peer_coordination_blocked" -> wait + ": all open work is claimed by other agents";
            case "capability_blocked" ->
                wait + ": " + todo.path("todo_id").asText() + " "
                        + quoted(todo.path("text").asText())
                        + " needs " + String.join(", ", strings(d.at("/capability_blocked/missing_capabilities")))
                        + ", which this lane did not declare";
            case "monitor_quiet_skip" -> wait + ": only monitors remain and none is due";
            case "quota_skip" -> wait + ": nothing to do for this lane";
            case "quota_paused" -> "wait: the quota is paused (compute 0); the owner must set a quota";
            case "terminal_no_followup" -> "stop: goal done (validated, no follow-up)";
            case "goal_stopped" ->
                "stop: the goal is " + d.path("state").asText() + " ("
                        + d.path("reason").asText() + ")";
            case "repair_scheduler_execution_context" ->
                "stop: the heartbeat did not say where it runs; add --runtime-profile (see next)";
            case "automation_prompt_upgrade_required" ->
                "stop: this heartbeat names no registered agent; install one for a registered agent (see next)";
            default ->
                (d.path("should_run").asBoolean() ? "run now: " : "wait: ")
                        + d.path("reason").asText();
        };
    }

    private static String gate(JsonNode d) {
        JsonNode gates = d.at("/user_todo_summary/open_gates");
        return gates.isEmpty()
                ? "an owner gate"
                : "gate " + quoted(gates.get(0).path("question").asText());
    }

    /** {@code wait 30 min} when the hint names the next wake, else {@code wait}. */
    private static String waitPrefix(JsonNode d) {
        int minutes = wakeMinutes(d);
        return minutes > 0 ? "wait " + minutes(minutes) : "wait";
    }

    static String minutes(int minutes) {
        if (minutes >= 60 && minutes % 60 == 0) {
            return Words.count(minutes / 60, "hour");
        }
        return minutes + " min";
    }

    /** The next wake in minutes: the RRULE to apply, else the local loop's interval, else the first step. */
    static int wakeMinutes(JsonNode d) {
        JsonNode h = d.path("scheduler_hint");
        String rrule = text(h, "/app_automation/recommended_rrule");
        if (rrule.startsWith("FREQ=MINUTELY;INTERVAL=")) {
            return Integer.parseInt(rrule.substring("FREQ=MINUTELY;INTERVAL=".length()));
        }
        JsonNode local = h.at("/local_scheduler/recommended_interval_minutes");
        if (local.isNumber()) {
            return local.asInt();
        }
        return h.at("/reset_policy/app_automation_initial_interval_minutes").asInt(0);
    }

    private static String wake(JsonNode d) {
        JsonNode h = d.path("scheduler_hint");
        if (h.isMissingNode()) {
            return "";
        }
        String rrule = text(h, "/app_automation/recommended_rrule");
        int minutes = wakeMinutes(d);
        String when = minutes > 0 ? "ask again in " + minutes(minutes) : "ask again on the next heartbeat";
        if (!rrule.isEmpty()
                && h.at("/app_automation/stateful_backoff/apply_needed").asBoolean()) {
            String wake = when + " · apply RRULE " + rrule + " to the automation, then acknowledge it:\n"
                    + CommandLines.of(h.at("/app_automation/ack_hint/cli_args"));
            JsonNode failure = h.at("/app_automation/failure_hint/cli_args");
            return failure.isArray()
                    ? wake + "\nif the App refuses the change, set it by hand or report it:\n"
                            + CommandLines.of(failure)
                    : wake;
        }
        if (!rrule.isEmpty()) {
            return when + " · the automation already runs " + rrule;
        }
        return when;
    }

    private static String work(JsonNode d) {
        JsonNode a = d.path("agent_todo_summary");
        JsonNode u = d.path("user_todo_summary");
        return Words.count(a.path("runnable_count").asLong(), "runnable todo") + " · "
                + a.path("claimed_by_me_count").asLong() + " claimed by this lane · "
                + a.path("claimed_by_others_count").asLong() + " by others · "
                + Words.count(u.path("open_count").asLong(), "owner todo") + " open ("
                + Words.count(u.path("blocking_gate_count").asLong(), "gate") + " blocking)";
    }

    private static String profile(JsonNode d) {
        return d.path("runtime_profile").asText();
    }

    /** {@code <one of: a, b>} in a hint becomes the first of them (the others are listed in the answer). */
    private static String oneOf(String command) {
        return command.replaceAll("<one of: ([^,>]+)[^>]*>", "$1");
    }
}
