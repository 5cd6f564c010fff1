package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.goal.ConfigureQuota;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.breaker.BreakerPolicy;
import dev.loopx.projections.goal.GoalView;
import dev.loopx.projections.quota.QuotaState;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code loopx configure-goal}'s answer, {@code loopx_configure_goal_v0}: the write's head,
 * {@code execute}, the quota policy, replan threshold and same-outcome limits before and after (absent when a repeated
 * operation id answered without deciding) and, for a preview, the next step.
 *
 * <p>Its text: the fields that change ({@code compute 1 → 2 · allowed slots 1440 → 2880}), the quota,
 * replan checkpoint and same-outcome limits after, where it was recorded, and for a preview how to record it.
 *
 * @param result the policies the decision saw and asked for ({@link ConfigureQuota.Result})
 */
public record ConfigureGoalAnswer(GoalWriteHead head, ConfigureQuota.Result result) implements RenderedAnswer {
    private static final String NEXT_STEP = "add --execute to apply";

    public ConfigureGoalAnswer {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(result, "result");
    }

    /** One field of the policy as the document has it: its name and value (a number or text). */
    private record Field(String name, Object value) {}

    /** Whether the before and after policies are known. */
    private boolean decided() {
        return result.before() != null;
    }

    @Override
    public ObjectNode json() {
        ObjectNode doc = head.json();
        doc.put("execute", !head.preview());
        if (decided()) {
            doc.set(
                    "before",
                    liveness(
                            breaker(
                                    policy(result.before()).put("replan_after_completed_todos", result.replanBefore()),
                                    result.breakerBefore()),
                            result.livenessBefore()));
            doc.set(
                    "after",
                    liveness(
                            breaker(
                                    policy(result.after()).put("replan_after_completed_todos", result.replanAfter()),
                                    result.breakerAfter()),
                            result.livenessAfter()));
        }
        if (head.preview()) {
            doc.put("next_step", NEXT_STEP);
        }
        return doc;
    }

    private static ObjectNode policy(GoalView.QuotaPolicy p) {
        ObjectNode node = Json.object();
        node.put("compute", p.compute());
        node.put("window_hours", p.windowHours());
        node.put("slot_minutes", p.slotMinutes());
        node.put("allowed_slots", p.allowedSlots());
        node.put("state", state(p).wire());
        return node;
    }

    /** The liveness settings (issue 36), when the result carries them. */
    private static ObjectNode liveness(ObjectNode node, ConfigureQuota.Liveness l) {
        if (l != null) {
            node.put("silent_after_intervals", l.silentAfterIntervals());
            node.put("stale_claim_hours", l.staleClaimHours());
        }
        return node;
    }

    private static ObjectNode breaker(ObjectNode node, BreakerPolicy b) {
        return node.put("same_outcome_replan_after", b.replanAfter()).put("same_outcome_gate_after", b.gateAfter());
    }

    private static QuotaState state(GoalView.QuotaPolicy p) {
        return p.paused() ? QuotaState.PAUSED : QuotaState.ACTIVE;
    }

    /** The document's fields of a policy and its replan threshold, in the document's order. */
    private static List<Field> fields(
            GoalView.QuotaPolicy p, int replanAfter, BreakerPolicy b, ConfigureQuota.Liveness l) {
        List<Field> fields = new ArrayList<>(List.of(
                new Field("compute", p.compute()),
                new Field("window_hours", p.windowHours()),
                new Field("slot_minutes", p.slotMinutes()),
                new Field("allowed_slots", p.allowedSlots()),
                new Field("state", state(p).wire()),
                new Field("replan_after_completed_todos", replanAfter),
                new Field("same_outcome_replan_after", b.replanAfter()),
                new Field("same_outcome_gate_after", b.gateAfter())));
        if (l != null) {
            fields.add(new Field("silent_after_intervals", l.silentAfterIntervals()));
            fields.add(new Field("stale_claim_hours", l.staleClaimHours()));
        }
        return fields;
    }

    void text(PrintWriter out) {
        String change = changes();
        String goal = head.goalId();
        boolean preview = head.preview();
        out.println((preview ? "preview: would configure goal " + goal : "goal " + goal + " configured")
                + (change.equals("none") ? ": no change" : ": " + change)
                + (preview ? " (nothing written)" : ""));
        GoalView.QuotaPolicy after = result.after();
        new Lines(out)
                .add(
                        "quota",
                        decided()
                                ? after.allowedSlots() + " slots of " + after.slotMinutes() + " min per "
                                        + after.windowHours() + " h ("
                                        + state(after).wire() + ")"
                                : "")
                .add(
                        "replan",
                        decided()
                                ? "checkpoint after " + Words.count(result.replanAfter(), "completed todo")
                                        + " · same outcome: replan after "
                                        + result.breakerAfter().replanAfter()
                                        + ", owner gate after "
                                        + result.breakerAfter().gateAfter()
                                : "")
                .add(
                        "lanes",
                        decided() && result.livenessAfter() != null
                                ? "silent after " + result.livenessAfter().silentAfterIntervals()
                                        + " expected intervals; a claim stale after "
                                        + result.livenessAfter().staleClaimHours() + " h"
                                : "")
                .add("recorded", head.recorded())
                .add("next", preview ? Previews.next(head.schemaVersion(), NEXT_STEP) : "")
                .print();
    }

    /**
     * {@code compute 1 → 2 · allowed slots 1440 → 2880}: only the fields that differ ({@code none}
     * when none does; empty when the policies are not known). A compute is written as its
     * {@code BigDecimal.toString()}, as in the document ({@code 1E+1} for 10).
     */
    private String changes() {
        if (!decided()) {
            return "";
        }
        List<Field> before =
                fields(result.before(), result.replanBefore(), result.breakerBefore(), result.livenessBefore());
        List<Field> after = fields(result.after(), result.replanAfter(), result.breakerAfter(), result.livenessAfter());
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < after.size(); i++) {
            Object old = before.get(i).value();
            Object now = after.get(i).value();
            if (!old.equals(now)) {
                parts.add(after.get(i).name().replace('_', ' ') + " " + old + " → " + now);
            }
        }
        return parts.isEmpty() ? "none" : String.join(" · ", parts);
    }
}
