package dev.loopx.projections.query;

import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.projections.next.Flag;
import dev.loopx.projections.next.NextStep;
import dev.loopx.projections.next.Verb;
import dev.loopx.projections.scheduler.SchedulerView;
import java.nio.charset.StandardCharsets;
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
 *
 * @param reasonCode     the effective action's wire name
 * @param codexMirror    a Codex profile asked: the app object is mirrored as {@code codex_app}
 * @param coldPathDetail {@code --include-detail scheduler|all}: the local scheduler's detail is added
 * @param observedRrule  the RRULE the host said its automation runs now ({@code --app-automation-current-rrule};
 *                       empty when it did not say)
 */
public record SchedulerHint(
        Cadence cadence,
        String reasonCode,
        Identity identity,
        Backoff backoff,
        boolean codexMirror,
        boolean coldPathDetail,
        String observedRrule) {
    static final Duration FAILURE_EXPIRY = Duration.ofHours(24);
    public static final String APP_SURFACE = "codex_app";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    /** What identifies a situation: any change here means a new reset token. */
    public record Identity(
            String goalId,
            String agentId,
            String effectiveAction,
            String recommendedMode,
            String interactionMode,
            String selectedTodoId) {}

    /**
     * First 16 hex of SHA-256 over the canonical JSON {@code {action, identity_snapshot,
     * profile_snapshot{cadence_class, progression}}}.
     */
    public static String resetToken(Cadence cadence, Identity identity) {
        return CanonicalJson.sha256Hex(basisJson(cadence, identity).getBytes(StandardCharsets.UTF_8))
                .substring(0, 16);
    }

    /** First 12 hex of SHA-256 over the canonical JSON of the identity snapshot. */
    public static String identitySignature(Identity identity) {
        return CanonicalJson.sha256Hex(identityJson(identity).getBytes(StandardCharsets.UTF_8))
                .substring(0, 12);
    }

    /** The reset token's basis as {@link CanonicalJson} writes it: keys in code-point order, no white space. */
    static String basisJson(Cadence cadence, Identity identity) {
        StringBuilder out = new StringBuilder(256);
        out.append("{\"action\":");
        string(out, cadence.action());
        out.append(",\"identity_snapshot\":").append(identityJson(identity));
        out.append(",\"profile_snapshot\":{\"cadence_class\":");
        string(out, cadence.cadenceClass());
        out.append(",\"progression\":[");
        List<Integer> progression = cadence.localProgression();
        for (int i = 0; i < progression.size(); i++) {
            out.append(i == 0 ? "" : ",").append(progression.get(i).intValue());
        }
        return out.append("]}}").toString();
    }

    /** The identity snapshot as {@link CanonicalJson} writes it. */
    static String identityJson(Identity identity) {
        StringBuilder out = new StringBuilder(160);
        field(out, '{', "agent_id", identity.agentId());
        field(out, ',', "effective_action", identity.effectiveAction());
        field(out, ',', "goal_id", identity.goalId());
        field(out, ',', "interaction_mode", identity.interactionMode());
        field(out, ',', "recommended_mode", identity.recommendedMode());
        field(out, ',', "selected_todo_id", identity.selectedTodoId());
        return out.append('}').toString();
    }

    private static void field(StringBuilder out, char before, String name, String value) {
        out.append(before).append('"').append(name).append("\":");
        string(out, value);
    }

    /** A JSON string escaped as Jackson's generator escapes it: quote, backslash, and control characters. */
    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
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
    public static SchedulerHint of(
            Cadence cadence,
            String reasonCode,
            Identity identity,
            SchedulerView memory,
            String observedRrule,
            boolean codexProfile,
            boolean coldPathDetail,
            Instant now) {
        return new SchedulerHint(
                cadence,
                reasonCode,
                identity,
                backoff(cadence, identity, memory, observedRrule, now),
                codexProfile,
                coldPathDetail,
                observedRrule);
    }

    /** The app automation's first interval (what a reset starts from); empty for stop cadences. */
    public Optional<Integer> initialAppMinutes() {
        List<Integer> app = cadence.appProgression();
        return app.isEmpty() ? Optional.empty() : Optional.of(app.get(0));
    }

    /** The local loop's longest interval: the base while work is held there, else the last step. */
    public Optional<Integer> maxLocalMinutes() {
        List<Integer> p = cadence.localProgression();
        if (p.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(cadence.holdsAtBase() ? p.get(0) : p.get(p.size() - 1));
    }

    /** Unchanged polls before a local loop stops: empty for runnable work (it never stops), 0 for stop cadences. */
    public Optional<Integer> unchangedPollLimit() {
        return cadence.unchangedLimit() < 0 ? Optional.empty() : Optional.of(cadence.unchangedLimit());
    }

    /**
     * The step that tells LoopX the host could not apply the target RRULE ({@code automation_update}
     * failed): the target as the failed RRULE and, when the host said what its automation runs, that
     * as the automation's current RRULE — the same pair should-run then matches to suppress the apply
     * for 24 h. Meaningful when {@code applyNeeded}.
     */
    public NextStep failureStep() {
        NextStep step = NextStep.of(Verb.QUOTA_SCHEDULER_FAIL_CURRENT)
                .with(Flag.GOAL_ID, identity.goalId())
                .with(Flag.AGENT_ID, identity.agentId())
                .with(Flag.FAILED_RRULE, backoff.currentRrule());
        if (!observedRrule.isEmpty()) {
            step = step.with(Flag.APP_AUTOMATION_CURRENT_RRULE, observedRrule);
        }
        return step.with(Flag.EXECUTE);
    }

    /** The step that acknowledges this backoff (meaningful when {@code ackNeeded}). */
    public NextStep ackStep() {
        return NextStep.of(Verb.QUOTA_SCHEDULER_ACK_CURRENT)
                .with(Flag.GOAL_ID, identity.goalId())
                .with(Flag.AGENT_ID, identity.agentId())
                .with(Flag.APPLIED_RRULE, backoff.currentRrule())
                .with(Flag.RESET_TOKEN, backoff.resetToken())
                .with(Flag.IDENTITY_SIGNATURE, backoff.identitySignature())
                .with(Flag.EXECUTE);
    }
}
