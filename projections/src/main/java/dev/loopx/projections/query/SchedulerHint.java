package dev.loopx.projections.query;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.scheduler.SchedulerView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@code scheduler_hint_v0} (SPEC §S8): how often the host should ask again, with stateful
 * backoff for the Codex App automation. Pure: built from the decision's identity, the cadence, the
 * lane's scheduler memory and {@code now}.
 *
 * <p>Backoff transitions: no acknowledged state → index 0, apply; a different reset token → back
 * to index 0 and the initial RRULE ({@code reset_required}); the same identity once the applied
 * interval has elapsed since the ack → the next index (clamped); otherwise hold. A host whose
 * current RRULE already equals the target needs only an ack. A failed (target, observed) pair
 * recorded within 24 h suppresses the apply while the host still reports that observed RRULE.
 */
public final class SchedulerHint {
    static final Duration FAILURE_EXPIRY = Duration.ofHours(24);
    public static final String APP_SURFACE = "codex_app";

    private SchedulerHint() {}

    /** What identifies a situation: any change here means a new reset token. */
    public record Identity(
            String goalId,
            String agentId,
            String effectiveAction,
            String recommendedMode,
            String interactionMode,
            String selectedTodoId) {
        ObjectNode toJson() {
            ObjectNode n = Json.object();
            n.put("goal_id", goalId);
            n.put("agent_id", agentId);
            n.put("effective_action", effectiveAction);
            n.put("recommended_mode", recommendedMode);
            n.put("interaction_mode", interactionMode);
            n.put("selected_todo_id", selectedTodoId);
            return n;
        }
    }

    public static String resetToken(Cadence cadence, Identity identity) {
        ObjectNode basis = Json.object();
        basis.put("action", cadence.action());
        basis.set("identity_snapshot", identity.toJson());
        ObjectNode profile = basis.putObject("profile_snapshot");
        profile.put("cadence_class", cadence.cadenceClass());
        ArrayNode progression = profile.putArray("progression");
        cadence.localProgression().forEach(progression::add);
        return CanonicalJson.sha256Hex(basis).substring(0, 16);
    }

    public static String identitySignature(Identity identity) {
        return CanonicalJson.sha256Hex(identity.toJson()).substring(0, 12);
    }

    /** The stateful backoff of one lane's app automation. */
    public record Backoff(
            String stateKey,
            String resetToken,
            String identitySignature,
            int progressionIndex,
            String currentRrule,
            boolean applyNeeded,
            boolean ackNeeded,
            String stateStatus) {}

    public static Backoff backoff(
            Cadence cadence, Identity identity, SchedulerView memory, String observedRrule, Instant now) {
        String token = resetToken(cadence, identity);
        String signature = identitySignature(identity);
        String key = identity.goalId() + "/" + identity.agentId() + "/" + APP_SURFACE;
        List<Integer> progression = cadence.appProgression();
        if (progression.isEmpty()) {
            return new Backoff(
                    key, token, signature, 0, "", false, false, memory.lastAck() == null ? "missing" : "same_identity");
        }
        SchedulerView.Ack ack = memory.lastAck();
        int index;
        String status;
        if (ack == null) {
            index = 0;
            status = "missing";
        } else if (!ack.resetToken().equals(token)) {
            index = 0;
            status = "reset_required";
        } else {
            status = "same_identity";
            Instant due = Instant.parse(ack.ackedAt()).plus(Duration.ofMinutes(ack.progressionMinutes()));
            index = !now.isBefore(due)
                    ? Math.min(ack.progressionIndex() + 1, progression.size() - 1)
                    : ack.progressionIndex();
            index = Math.min(index, progression.size() - 1);
        }
        String target = Cadence.rrule(progression.get(index));
        boolean changed = ack == null
                || !ack.resetToken().equals(token)
                || ack.progressionIndex() != index
                || !ack.lastAppliedRrule().equals(target);
        boolean apply = changed && !target.equals(observedRrule);
        boolean ackNeeded = changed;
        if (apply && suppressed(memory, target, observedRrule, now)) {
            return new Backoff(key, token, signature, index, target, false, false, "host_update_failure_suppressed");
        }
        return new Backoff(key, token, signature, index, target, apply, ackNeeded, status);
    }

    private static boolean suppressed(SchedulerView memory, String target, String observed, Instant now) {
        return memory.failures().stream()
                .anyMatch(f -> f.failedRrule().equals(target)
                        && f.observedRrule().equals(observed)
                        && now.isBefore(Instant.parse(f.recordedAt()).plus(FAILURE_EXPIRY)));
    }

    /** The whole hint; {@code codexProfile} mirrors the app object as {@code codex_app}. */
    public static ObjectNode toJson(
            Cadence cadence,
            String reasonCode,
            Identity identity,
            SchedulerView memory,
            String observedRrule,
            boolean codexProfile,
            boolean coldPathDetail,
            Instant now) {
        Backoff b = backoff(cadence, identity, memory, observedRrule, now);
        ObjectNode hint = Json.object();
        hint.put("schema_version", "scheduler_hint_v0");
        hint.put("source", "quota.should-run");
        hint.put("action", cadence.action());
        hint.put("cadence_class", cadence.cadenceClass());
        hint.put("reason_code", reasonCode);
        hint.set("unchanged_poll", unchangedPoll(cadence));
        ObjectNode reset = hint.putObject("reset_policy");
        reset.put("reset_token", b.resetToken());
        reset.put("identity_signature", b.identitySignature());
        List<Integer> app = cadence.appProgression();
        if (app.isEmpty()) {
            reset.putNull("app_automation_initial_interval_minutes");
            reset.putNull("app_automation_initial_rrule");
        } else {
            reset.put("app_automation_initial_interval_minutes", app.get(0));
            reset.put("app_automation_initial_rrule", Cadence.rrule(app.get(0)));
        }
        ObjectNode automation = appAutomation(cadence, identity, b);
        hint.set("app_automation", automation);
        if (codexProfile) {
            hint.set("codex_app", automation.deepCopy());
        }
        if (coldPathDetail) {
            ObjectNode local = hint.putObject("cold_path_detail").putObject("local_scheduler");
            List<Integer> p = cadence.localProgression();
            if (p.isEmpty()) {
                local.putNull("recommended_interval_minutes");
                local.putNull("max_interval_minutes");
            } else {
                local.put("recommended_interval_minutes", p.get(0));
                local.put("max_interval_minutes", cadence.holdsAtBase() ? p.get(0) : p.get(p.size() - 1));
            }
            ArrayNode example = local.putArray("example_progression_minutes");
            p.forEach(example::add);
            limit(local, "unchanged_poll_limit", cadence);
            local.put("after_limit", "stop_tick_loop");
        }
        return hint;
    }

    private static ObjectNode appAutomation(Cadence cadence, Identity identity, Backoff b) {
        ObjectNode a = Json.object();
        a.put("surface", APP_SURFACE);
        ArrayNode progression = a.putArray("progression_minutes");
        cadence.appProgression().forEach(progression::add);
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
            for (String arg : List.of(
                    "quota",
                    "scheduler-ack-current",
                    "--goal-id",
                    identity.goalId(),
                    "--agent-id",
                    identity.agentId(),
                    "--applied-rrule",
                    b.currentRrule(),
                    "--reset-token",
                    b.resetToken(),
                    "--identity-signature",
                    b.identitySignature(),
                    "--execute")) {
                args.add(arg);
            }
        }
        return a;
    }

    private static ObjectNode unchangedPoll(Cadence cadence) {
        ObjectNode u = Json.object();
        ObjectNode limits = u.putObject("limits");
        ObjectNode after = u.putObject("after_limits");
        for (String loop : List.of("local_scheduler", "codex_cli_tui", "claude_code_loop")) {
            limit(limits, loop, cadence);
            after.put(loop, cadence.unchangedLimit() < 0 ? "continue" : "stop_tick_loop");
        }
        u.put("final_quota_replan_check_action", "run_quota_should_run_once_before_stop");
        return u;
    }

    private static void limit(ObjectNode node, String field, Cadence cadence) {
        if (cadence.unchangedLimit() < 0) {
            node.putNull(field);
        } else {
            node.put(field, cadence.unchangedLimit());
        }
    }

    /** The app progression minutes at an index (for acks). */
    public static Optional<Integer> appMinutes(Cadence cadence, int index) {
        List<Integer> p = cadence.appProgression();
        return index >= 0 && index < p.size() ? Optional.of(p.get(index)) : Optional.empty();
    }
}
