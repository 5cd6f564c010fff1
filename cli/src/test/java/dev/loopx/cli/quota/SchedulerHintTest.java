package dev.loopx.cli.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.render.SchedulerHintPart;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.query.Cadence;
import dev.loopx.projections.query.RuntimeProfile;
import dev.loopx.projections.query.SchedulerHint;
import dev.loopx.projections.query.ShouldRun;
import dev.loopx.projections.scheduler.SchedulerView;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code scheduler_hint_v0} (SPEC §S8): the cadence table, the reset token and the stateful app
 * backoff, on the hint {@link SchedulerHintPart} renders.
 */
class SchedulerHintTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final SchedulerHint.Identity GATE = new SchedulerHint.Identity(
            "g1", "a", "operator_gate_notify", "operator_gate_wait", "operator_gate_wait", "q1");
    private static final String R30 = "FREQ=MINUTELY;INTERVAL=30";
    private static final String R60 = "FREQ=MINUTELY;INTERVAL=60";
    private static final SchedulerView EMPTY = SchedulerView.empty("g1", "a", "codex_app");

    // ---- the cadence table ------------------------------------------------------------------

    private static void row(Cadence c, String action, String cadenceClass, List<Integer> local, List<Integer> app) {
        assertEquals(action, c.action(), c.name());
        assertEquals(cadenceClass, c.cadenceClass(), c.name());
        assertEquals(local, c.localProgression(), c.name());
        assertEquals(app, c.appProgression(), c.name());
    }

    @Test
    void cadenceTableRows() {
        row(Cadence.GOAL_STOPPED, "stop_until_explicit_resume", "goal_stopped", List.of(), List.of());
        row(Cadence.QUOTA_PAUSED, "stop_until_explicit_resume", "quota_paused", List.of(), List.of());
        row(Cadence.TERMINAL, "stop_until_explicit_resume", "terminal_no_followup", List.of(), List.of());
        row(Cadence.ACTIVE_WORK, "run_now", "active_work", List.of(3, 6, 10), List.of(3));
        row(Cadence.HUMAN_GATE, "backoff_waiting_for_user", "human_gate", List.of(30, 60, 120), List.of(30, 60));
        row(
                Cadence.PEER_WAIT,
                "backoff_until_reassigned",
                "peer_coordination_wait",
                List.of(10, 20, 30, 60),
                List.of(10, 20, 30, 60));
        row(
                Cadence.MONITOR_WAIT,
                "backoff_until_material_transition",
                "monitor_wait",
                List.of(15, 30, 60),
                List.of(15, 30, 60));
        row(Cadence.UNCHANGED, "backoff_until_fresh_evidence", "unchanged_noop", List.of(60, 120, 240), List.of(60));
        row(Cadence.REPAIR, "repair_scheduler_execution_context", "control_plane_repair", List.of(), List.of());
        row(
                Cadence.LEDGER_DAMAGED,
                "backoff_waiting_for_user",
                "ledger_damaged",
                List.of(30, 60, 120),
                List.of(30, 60));
        assertEquals(10, Cadence.values().length);
    }

    @Test
    void localProgressionsDoubleFromBaseUpToMaxAndAppNeverExceeds60() {
        for (Cadence c : Cadence.values()) {
            List<Integer> p = c.localProgression();
            for (int i = 1; i < p.size(); i++) {
                assertTrue(p.get(i) > p.get(i - 1) && p.get(i) <= 2 * p.get(i - 1), c + " " + p);
            }
            assertTrue(c.appProgression().stream().allMatch(m -> m <= 60), c.name());
            assertEquals(c.appProgression().stream().distinct().toList(), c.appProgression(), c.name());
        }
    }

    @Test
    void activeWorkIsHeldAtItsBase() {
        assertTrue(Cadence.ACTIVE_WORK.holdsAtBase());
        ObjectNode h = hint(Cadence.ACTIVE_WORK, work(), EMPTY, "", true, true);
        assertEquals(
                3,
                h.at("/cold_path_detail/local_scheduler/recommended_interval_minutes")
                        .asInt());
        assertEquals(
                3,
                h.at("/cold_path_detail/local_scheduler/max_interval_minutes").asInt());
        // An old ack at index 0 never advances.
        SchedulerView acked = ack(
                SchedulerHint.resetToken(Cadence.ACTIVE_WORK, work()),
                SchedulerHint.identitySignature(work()),
                0,
                3,
                "FREQ=MINUTELY;INTERVAL=3",
                NOW.minus(Duration.ofHours(5)));
        SchedulerHint.Backoff b =
                SchedulerHint.backoff(Cadence.ACTIVE_WORK, work(), acked, "FREQ=MINUTELY;INTERVAL=3", NOW);
        assertEquals(0, b.progressionIndex());
        assertFalse(b.applyNeeded());
        assertFalse(b.ackNeeded());
    }

    @Test
    void rruleText() {
        assertEquals("FREQ=MINUTELY;INTERVAL=30", Cadence.rrule(30));
        assertEquals("FREQ=MINUTELY;INTERVAL=1", Cadence.rrule(0));
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, EMPTY, "", true, false);
        assertEquals(
                30,
                h.at("/reset_policy/app_automation_initial_interval_minutes").asInt());
        assertEquals(R30, h.at("/reset_policy/app_automation_initial_rrule").asText());
        ObjectNode stop = hint(Cadence.GOAL_STOPPED, GATE, EMPTY, "", true, false);
        assertTrue(stop.at("/reset_policy/app_automation_initial_rrule").isNull());
    }

    @Test
    void resetTokenAndIdentitySignature() {
        String token = SchedulerHint.resetToken(Cadence.HUMAN_GATE, GATE);
        String signature = SchedulerHint.identitySignature(GATE);
        assertTrue(token.matches("[0-9a-f]{16}"), token);
        assertTrue(signature.matches("[0-9a-f]{12}"), signature);
        // The documented basis: canonical JSON {action, identity_snapshot, profile_snapshot}.
        ObjectNode identity = Json.object()
                .put("goal_id", "g1")
                .put("agent_id", "a")
                .put("effective_action", "operator_gate_notify")
                .put("recommended_mode", "operator_gate_wait")
                .put("interaction_mode", "operator_gate_wait")
                .put("selected_todo_id", "q1");
        ObjectNode basis = Json.object().put("action", "backoff_waiting_for_user");
        basis.set("identity_snapshot", identity);
        ObjectNode profile = basis.putObject("profile_snapshot").put("cadence_class", "human_gate");
        profile.putArray("progression").add(30).add(60).add(120);
        assertEquals(CanonicalJson.sha256Hex(basis).substring(0, 16), token);
        assertEquals(CanonicalJson.sha256Hex(identity).substring(0, 12), signature);
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, EMPTY, "", true, false);
        assertEquals(token, h.at("/reset_policy/reset_token").asText());
        assertEquals(signature, h.at("/reset_policy/identity_signature").asText());
        assertEquals(token, h.at("/app_automation/stateful_backoff/reset_token").asText());
        // Same situation → same token; another selected todo → another token and signature.
        assertEquals(token, SchedulerHint.resetToken(Cadence.HUMAN_GATE, GATE));
        SchedulerHint.Identity other = new SchedulerHint.Identity(
                "g1", "a", "operator_gate_notify", "operator_gate_wait", "operator_gate_wait", "q2");
        assertNotEquals(token, SchedulerHint.resetToken(Cadence.HUMAN_GATE, other));
        assertNotEquals(signature, SchedulerHint.identitySignature(other));
    }

    @Test
    void unchangedPollLimits() {
        for (Cadence c : List.of(Cadence.HUMAN_GATE, Cadence.PEER_WAIT, Cadence.MONITOR_WAIT, Cadence.UNCHANGED)) {
            JsonNode u = hint(c, GATE, EMPTY, "", false, false).path("unchanged_poll");
            for (String loop : List.of("local_scheduler", "codex_cli_tui", "claude_code_loop")) {
                assertEquals(3, u.at("/limits/" + loop).asInt(), c + " " + loop);
                assertEquals("stop_tick_loop", u.at("/after_limits/" + loop).asText());
            }
            assertEquals(
                    "run_quota_should_run_once_before_stop",
                    u.path("final_quota_replan_check_action").asText());
        }
        JsonNode active =
                hint(Cadence.ACTIVE_WORK, work(), EMPTY, "", false, false).path("unchanged_poll");
        assertTrue(active.at("/limits/local_scheduler").isNull(), "runnable work has no unchanged limit");
        assertEquals("continue", active.at("/after_limits/local_scheduler").asText());
        for (Cadence c : List.of(Cadence.GOAL_STOPPED, Cadence.QUOTA_PAUSED, Cadence.TERMINAL, Cadence.REPAIR)) {
            JsonNode u = hint(c, GATE, EMPTY, "", false, false).path("unchanged_poll");
            assertEquals(0, u.at("/limits/local_scheduler").asInt(), c.name());
            assertEquals("stop_tick_loop", u.at("/after_limits/local_scheduler").asText(), c.name());
        }
    }

    @Test
    void coldPathDetailOnlyWithIncludeDetail() {
        assertTrue(hint(Cadence.HUMAN_GATE, GATE, EMPTY, "", true, false)
                .path("cold_path_detail")
                .isMissingNode());
        JsonNode local = hint(Cadence.HUMAN_GATE, GATE, EMPTY, "", true, true).at("/cold_path_detail/local_scheduler");
        assertEquals(30, local.path("recommended_interval_minutes").asInt());
        assertEquals(120, local.path("max_interval_minutes").asInt());
        assertEquals("[30,60,120]", local.path("example_progression_minutes").toString());
        assertEquals(3, local.path("unchanged_poll_limit").asInt());
        assertEquals("stop_tick_loop", local.path("after_limit").asText());
        // Through ShouldRun: only include-detail scheduler or all.
        var s = Histories.goal(List.of("a"), Histories.work("t1", ""));
        for (String detail : List.of("", "scheduler", "all")) {
            ObjectNode a = Decisions.render(ShouldRun.answer(
                    s,
                    SchedulerView.empty("g1", "a", "codex_app"),
                    new ShouldRun.Request(
                            "g1", "a", Optional.of(RuntimeProfile.CLAUDE_CODE), List.of(), detail, "", NOW)));
            assertEquals(
                    !detail.isEmpty(), a.at("/scheduler_hint/cold_path_detail").isObject(), detail);
        }
    }

    @Test
    void codexAppMirrorOnlyForCodexProfiles() {
        var s = Histories.goal(List.of("a"), Histories.work("t1", ""));
        for (String profile : RuntimeProfile.wireNames()) {
            ObjectNode a = Decisions.render(ShouldRun.answer(
                    s,
                    SchedulerView.empty("g1", "a", "codex_app"),
                    new ShouldRun.Request("g1", "a", RuntimeProfile.fromWire(profile), List.of(), "", "", NOW)));
            boolean codex = profile.startsWith("codex_");
            assertEquals(codex, a.at("/scheduler_hint/codex_app").isObject(), profile);
            if (codex) {
                assertEquals(a.at("/scheduler_hint/app_automation"), a.at("/scheduler_hint/codex_app"));
            }
            assertTrue(a.at("/scheduler_hint/app_automation").isObject(), profile);
        }
    }

    // ---- stateful backoff ---------------------------------------------------------------------

    private static SchedulerHint.Identity work() {
        return new SchedulerHint.Identity("g1", "a", "normal_run", "work", "work", "t1");
    }

    private static ObjectNode hint(
            Cadence c,
            SchedulerHint.Identity id,
            SchedulerView memory,
            String observed,
            boolean codex,
            boolean detail) {
        return SchedulerHintPart.of(
                SchedulerHint.of(c, id.effectiveAction(), id, memory, observed, codex, detail, NOW), Optional.empty());
    }

    private static SchedulerView ack(String token, String signature, int index, int minutes, String rrule, Instant at) {
        return new SchedulerView(
                "g1",
                "a",
                "codex_app",
                new SchedulerView.Ack(10, token, signature, index, minutes, rrule, at.toString()),
                List.of());
    }

    private static SchedulerView gateAck(int index, int minutes, String rrule, Instant at) {
        return ack(
                SchedulerHint.resetToken(Cadence.HUMAN_GATE, GATE),
                SchedulerHint.identitySignature(GATE),
                index,
                minutes,
                rrule,
                at);
    }

    private static JsonNode backoff(JsonNode hint) {
        return hint.at("/app_automation/stateful_backoff");
    }

    @Test
    void missingStateStartsAtIndexZeroAndApplies() {
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, EMPTY, "", true, false);
        JsonNode b = backoff(h);
        assertEquals(
                "app_automation_stateful_backoff_v0", b.path("schema_version").asText());
        assertEquals("g1/a/codex_app", b.path("state_key").asText());
        assertEquals("missing", b.path("state_status").asText());
        assertEquals(0, b.path("progression_index").asInt());
        assertEquals(R30, b.path("current_rrule").asText());
        assertTrue(b.path("apply_needed").asBoolean());
        assertTrue(b.path("ack_needed").asBoolean());
        assertEquals(R30, h.at("/app_automation/recommended_rrule").asText());
        JsonNode ackHint = h.at("/app_automation/ack_hint");
        assertEquals(
                "app_automation_scheduler_ack_hint_v0",
                ackHint.path("schema_version").asText());
        assertTrue(ackHint.path("no_spend").asBoolean());
        assertEquals(
                List.of(
                        "quota",
                        "scheduler-ack-current",
                        "--goal-id",
                        "g1",
                        "--agent-id",
                        "a",
                        "--applied-rrule",
                        R30,
                        "--reset-token",
                        b.path("reset_token").asText(),
                        "--identity-signature",
                        b.path("identity_signature").asText(),
                        "--execute"),
                Json.mapper().convertValue(ackHint.path("cli_args"), List.class));
        assertEquals("[30,60]", h.at("/app_automation/progression_minutes").toString());
    }

    @Test
    void tokenChangeResetsToIndexZeroAndTheInitialRrule() {
        SchedulerView old = ack("0123456789abcdef", "0123456789ab", 1, 60, R60, NOW.minus(Duration.ofHours(3)));
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, old, R60, true, false);
        JsonNode b = backoff(h);
        assertEquals("reset_required", b.path("state_status").asText());
        assertEquals(0, b.path("progression_index").asInt());
        assertEquals(R30, b.path("current_rrule").asText());
        assertEquals(
                h.at("/reset_policy/app_automation_initial_rrule").asText(),
                h.at("/app_automation/recommended_rrule").asText());
        assertTrue(b.path("apply_needed").asBoolean());
        assertTrue(b.path("ack_needed").asBoolean());
    }

    @Test
    void sameIdentityBeforeTheIntervalHolds() {
        SchedulerView memory = gateAck(0, 30, R30, NOW.minus(Duration.ofMinutes(29)));
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, memory, R30, true, false);
        JsonNode b = backoff(h);
        assertEquals("same_identity", b.path("state_status").asText());
        assertEquals(0, b.path("progression_index").asInt());
        assertFalse(b.path("apply_needed").asBoolean());
        assertFalse(b.path("ack_needed").asBoolean());
        assertTrue(h.at("/app_automation/recommended_rrule").isMissingNode());
        assertTrue(h.at("/app_automation/ack_hint").isMissingNode());
    }

    @Test
    void sameIdentityAfterTheIntervalAdvancesAndClampsAtTheEnd() {
        SchedulerView memory = gateAck(0, 30, R30, NOW.minus(Duration.ofMinutes(30)));
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, memory, R30, true, false);
        JsonNode b = backoff(h);
        assertEquals("same_identity", b.path("state_status").asText());
        assertEquals(1, b.path("progression_index").asInt());
        assertEquals(R60, b.path("current_rrule").asText());
        assertTrue(b.path("apply_needed").asBoolean());
        assertTrue(b.path("ack_needed").asBoolean());
        assertEquals(R60, h.at("/app_automation/recommended_rrule").asText());
        // At the last index the progression is clamped: nothing to apply or ack, however long it waits.
        SchedulerView last = gateAck(1, 60, R60, NOW.minus(Duration.ofHours(6)));
        JsonNode end = backoff(hint(Cadence.HUMAN_GATE, GATE, last, R60, true, false));
        assertEquals(1, end.path("progression_index").asInt());
        assertFalse(end.path("apply_needed").asBoolean());
        assertFalse(end.path("ack_needed").asBoolean());
    }

    @Test
    void observedHostRruleEqualToTheTargetNeedsOnlyAnAck() {
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, EMPTY, R30, true, false);
        JsonNode b = backoff(h);
        assertFalse(b.path("apply_needed").asBoolean());
        assertTrue(b.path("ack_needed").asBoolean());
        assertTrue(h.at("/app_automation/recommended_rrule").isMissingNode());
        assertTrue(h.at("/app_automation/ack_hint/cli_args").isArray());
    }

    @Test
    void aMatchingFailureSuppressesTheApplyFor24Hours() {
        SchedulerView.Ack a =
                gateAck(0, 30, R30, NOW.minus(Duration.ofHours(2))).lastAck();
        SchedulerView recent = new SchedulerView(
                "g1",
                "a",
                "codex_app",
                a,
                List.of(new SchedulerView.Failure(
                        11, R60, R30, NOW.minus(Duration.ofHours(1)).toString())));
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, recent, R30, true, false);
        assertEquals(
                "host_update_failure_suppressed",
                backoff(h).path("state_status").asText());
        assertFalse(backoff(h).path("apply_needed").asBoolean());
        assertTrue(h.at("/app_automation/recommended_rrule").isMissingNode());
        // Another observed RRULE is another pair: not suppressed.
        assertTrue(backoff(hint(Cadence.HUMAN_GATE, GATE, recent, "FREQ=MINUTELY;INTERVAL=5", true, false))
                .path("apply_needed")
                .asBoolean());
        // After 24 h the failure is forgotten.
        SchedulerView old = new SchedulerView(
                "g1",
                "a",
                "codex_app",
                a,
                List.of(new SchedulerView.Failure(
                        11, R60, R30, NOW.minus(Duration.ofHours(24)).toString())));
        JsonNode b = backoff(hint(Cadence.HUMAN_GATE, GATE, old, R30, true, false));
        assertEquals("same_identity", b.path("state_status").asText());
        assertTrue(b.path("apply_needed").asBoolean());
    }

    @Test
    void recommendedRruleOnlyWhenApplyNeededAndAckHintOnlyWhenAckNeeded() {
        List<SchedulerView> memories = List.of(
                EMPTY,
                gateAck(0, 30, R30, NOW.minus(Duration.ofMinutes(5))),
                gateAck(0, 30, R30, NOW.minus(Duration.ofMinutes(45))),
                gateAck(1, 60, R60, NOW),
                ack("0123456789abcdef", "0123456789ab", 0, 30, R30, NOW));
        for (SchedulerView m : memories) {
            for (String observed : List.of("", R30, R60)) {
                for (Cadence c : Cadence.values()) {
                    JsonNode app = hint(c, GATE, m, observed, true, false).path("app_automation");
                    JsonNode b = app.path("stateful_backoff");
                    assertEquals(
                            b.path("apply_needed").asBoolean(),
                            app.has("recommended_rrule"),
                            c + " " + m + " " + observed);
                    assertEquals(b.path("ack_needed").asBoolean(), app.has("ack_hint"), c + " " + m + " " + observed);
                    if (c.stops()) {
                        assertFalse(b.path("apply_needed").asBoolean());
                    }
                }
            }
        }
    }

    // ---- the fallback when automation_update fails --------------------------------------------

    @Test
    void anApplyCarriesAFailureHintWithTheObservedPair_andAFallbackRruleToSetByHand() {
        ObjectNode h = hint(Cadence.HUMAN_GATE, GATE, EMPTY, R60, true, false);
        for (String surface : List.of("/app_automation", "/codex_app")) {
            JsonNode failure = h.at(surface + "/failure_hint");
            assertEquals(
                    "app_automation_scheduler_failure_hint_v0",
                    failure.path("schema_version").asText());
            assertEquals("automation_update_failed", failure.path("when").asText());
            assertTrue(failure.path("no_spend").asBoolean());
            assertEquals(
                    List.of(
                            "quota",
                            "scheduler-fail-current",
                            "--goal-id",
                            "g1",
                            "--agent-id",
                            "a",
                            "--failed-rrule",
                            R30,
                            "--app-automation-current-rrule",
                            R60,
                            "--execute"),
                    Json.mapper().convertValue(failure.path("cli_args"), List.class));
            assertEquals(
                    "loopx quota scheduler-fail-current --goal-id g1 --agent-id a --failed-rrule 'FREQ=MINUTELY;INTERVAL=30'"
                            + " --app-automation-current-rrule 'FREQ=MINUTELY;INTERVAL=60' --execute",
                    failure.path("command").asText());
            JsonNode fallback = h.at(surface + "/fallback_hint");
            assertEquals(
                    "app_automation_scheduler_fallback_hint_v0",
                    fallback.path("schema_version").asText());
            assertEquals("by_hand", fallback.path("apply").asText());
            assertEquals(R30, fallback.path("rrule").asText());
            assertEquals(30, fallback.path("interval_minutes").asInt());
            assertTrue(fallback.path("instruction").asText().contains("every 30 minutes"), fallback::toString);
        }
    }

    @Test
    void aHostThatDidNotSayItsRrule_getsAFailureHintWithoutOne() {
        JsonNode args =
                hint(Cadence.HUMAN_GATE, GATE, EMPTY, "", true, false).at("/app_automation/failure_hint/cli_args");
        List<?> list = Json.mapper().convertValue(args, List.class);
        assertFalse(list.contains("--app-automation-current-rrule"), list::toString);
        assertEquals("--execute", list.get(list.size() - 1));
    }

    @Test
    void failureAndFallbackHints_onlyWhenAnApplyIsNeeded() {
        List<SchedulerView> memories = List.of(
                EMPTY,
                gateAck(0, 30, R30, NOW.minus(Duration.ofMinutes(5))),
                gateAck(0, 30, R30, NOW.minus(Duration.ofMinutes(45))),
                gateAck(1, 60, R60, NOW));
        for (SchedulerView m : memories) {
            for (String observed : List.of("", R30, R60)) {
                for (Cadence c : Cadence.values()) {
                    JsonNode app = hint(c, GATE, m, observed, true, false).path("app_automation");
                    boolean apply = app.at("/stateful_backoff/apply_needed").asBoolean();
                    assertEquals(apply, app.has("failure_hint"), c + " " + m + " " + observed);
                    assertEquals(apply, app.has("fallback_hint"), c + " " + m + " " + observed);
                    if (apply) {
                        assertEquals(
                                app.path("recommended_rrule").asText(),
                                app.at("/fallback_hint/rrule").asText());
                    }
                }
            }
        }
    }
}
