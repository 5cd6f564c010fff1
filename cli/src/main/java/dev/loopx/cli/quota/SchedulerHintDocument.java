package dev.loopx.cli.quota;

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
final class SchedulerHintDocument {
    private static final List<String> LOOPS = List.of("local_scheduler", "codex_cli_tui", "claude_code_loop");

    private SchedulerHintDocument() {}

    static ObjectNode of(SchedulerHint h, Optional<AppPromptBinding> promptBinding) {
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
            h.ackCliArgs().forEach(args::add);
        }
        promptBinding.ifPresent(p -> a.set("prompt_binding", PromptBindingDocument.of(p)));
        return a;
    }

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
