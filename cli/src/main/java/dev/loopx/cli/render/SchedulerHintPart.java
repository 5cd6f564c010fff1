package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.codexapp.binding.AppPromptBinding;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.Cadence;
import dev.loopx.projections.query.SchedulerHint;
import java.util.List;
import java.util.Optional;

/**
 * {@code scheduler_hint_v0} (SPEC §S8) of a {@link SchedulerHint}: the cadence, the unchanged-poll
 * limits, the reset policy, the app automation's stateful backoff (mirrored as {@code codex_app}
 * for Codex profiles, each with the lane's prompt binding when there is one) and, on request, the
 * local scheduler's cold-path detail.
 */
public final class SchedulerHintPart {
    private static final List<String> LOOPS = List.of("local_scheduler", "codex_cli_tui", "claude_code_loop");

    private SchedulerHintPart() {}

    public static ObjectNode of(SchedulerHint h, Optional<AppPromptBinding> promptBinding) {
        Cadence cadence = h.cadence();
        SchedulerHint.Backoff b = h.backoff();
        ObjectNode hint = Json.object();
        hint.put("schema_version", "scheduler_hint_v0");
        hint.put("source", "quota.should-run");
        hint.put("action", cadence.action());
        hint.put("cadence_class", cadence.cadenceClass());
        hint.put("reason_code", h.reasonCode());
        hint.set("unchanged_poll", unchangedPoll(h));
        ObjectNode reset = hint.putObject("reset_policy");
        reset.put("reset_token", b.resetToken());
        reset.put("identity_signature", b.identitySignature());
        Optional<Integer> initial = h.initialAppMinutes();
        if (initial.isEmpty()) {
            reset.putNull("app_automation_initial_interval_minutes");
            reset.putNull("app_automation_initial_rrule");
        } else {
            reset.put("app_automation_initial_interval_minutes", initial.get());
            reset.put("app_automation_initial_rrule", Cadence.rrule(initial.get()));
        }
        hint.set("app_automation", appAutomation(h, promptBinding));
        if (h.codexMirror()) {
            hint.set("codex_app", appAutomation(h, promptBinding));
        }
        if (h.coldPathDetail()) {
            ObjectNode local = hint.putObject("cold_path_detail").putObject("local_scheduler");
            List<Integer> p = cadence.localProgression();
            if (p.isEmpty()) {
                local.putNull("recommended_interval_minutes");
                local.putNull("max_interval_minutes");
            } else {
                local.put("recommended_interval_minutes", p.get(0));
                local.put("max_interval_minutes", h.maxLocalMinutes().orElseThrow());
            }
            ArrayNode example = local.putArray("example_progression_minutes");
            p.forEach(example::add);
            limit(local, "unchanged_poll_limit", h);
            local.put("after_limit", "stop_tick_loop");
        }
        return hint;
    }

    private static ObjectNode appAutomation(SchedulerHint h, Optional<AppPromptBinding> promptBinding) {
        SchedulerHint.Backoff b = h.backoff();
        ObjectNode a = Json.object();
        a.put("surface", SchedulerHint.APP_SURFACE);
        ArrayNode progression = a.putArray("progression_minutes");
        h.cadence().appProgression().forEach(progression::add);
        ObjectNode s = a.putObject("stateful_backoff");
        s.put("schema_version", "app_automation_stateful_backoff_v0");
        s.put("state_key", b.stateKey());
        s.put("reset_token", b.resetToken());
        s.put("identity_signature", b.identitySignature());
        s.put("progression_index", b.progressionIndex());
        s.put("current_rrule", b.currentRrule());
        s.put("apply_needed", b.applyNeeded());
        s.put("ack_needed", b.ackNeeded());
        s.put("state_status", b.stateStatus());
        if (b.applyNeeded()) {
            a.put("recommended_rrule", b.currentRrule());
        }
        if (b.ackNeeded()) {
            ObjectNode ack = a.putObject("ack_hint");
            ack.put("schema_version", "app_automation_scheduler_ack_hint_v0");
            ack.put("no_spend", true);
            ArrayNode args = ack.putArray("cli_args");
            CommandLines.args(h.ackStep()).forEach(args::add);
        }
        if (b.applyNeeded()) {
            a.set("failure_hint", failureHint(h));
            a.set("fallback_hint", fallbackHint(h));
        }
        promptBinding.ifPresent(p -> a.set("prompt_binding", PromptBindingPart.of(p)));
        return a;
    }

    /**
     * What to run when {@code automation_update} refuses {@code recommended_rrule}: the exact
     * {@code quota scheduler-fail-current} arguments (and the same as one shell-quoted line), so
     * should-run stops asking for that change for 24 h.
     */
    private static ObjectNode failureHint(SchedulerHint h) {
        ObjectNode f = Json.object();
        f.put("schema_version", "app_automation_scheduler_failure_hint_v0");
        f.put("when", "automation_update_failed");
        f.put("no_spend", true);
        ArrayNode args = f.putArray("cli_args");
        CommandLines.args(h.failureStep()).forEach(args::add);
        f.put("command", CommandLines.of(h.failureStep()));
        return f;
    }

    /**
     * The RRULE a person (or the host, by another way than {@code automation_update}) can set on the
     * automation by hand when the update fails, then acknowledge with {@code ack_hint} as usual.
     */
    private static ObjectNode fallbackHint(SchedulerHint h) {
        String rrule = h.backoff().currentRrule();
        int minutes = h.cadence().appProgression().get(h.backoff().progressionIndex());
        ObjectNode f = Json.object();
        f.put("schema_version", "app_automation_scheduler_fallback_hint_v0");
        f.put("when", "automation_update_failed");
        f.put("apply", "by_hand");
        f.put("rrule", rrule);
        f.put("interval_minutes", minutes);
        f.put(
                "instruction",
                "Set the automation to run every " + minutes + " minutes (RRULE " + rrule
                        + ") in the Codex App, then run ack_hint.cli_args; until then run failure_hint.cli_args"
                        + " so LoopX stops asking for this change.");
        return f;
    }

    /** {@code loopx} and its arguments as one line a shell runs as printed (values quoted where needed). */
    private static ObjectNode unchangedPoll(SchedulerHint h) {
        ObjectNode u = Json.object();
        ObjectNode limits = u.putObject("limits");
        ObjectNode after = u.putObject("after_limits");
        for (String loop : LOOPS) {
            limit(limits, loop, h);
            after.put(loop, h.unchangedPollLimit().isEmpty() ? "continue" : "stop_tick_loop");
        }
        u.put("final_quota_replan_check_action", "run_quota_should_run_once_before_stop");
        return u;
    }

    private static void limit(ObjectNode node, String field, SchedulerHint h) {
        Optional<Integer> limit = h.unchangedPollLimit();
        if (limit.isEmpty()) {
            node.putNull(field);
        } else {
            node.put(field, limit.get());
        }
    }
}
