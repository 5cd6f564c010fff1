package dev.loopx.cli.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.quota.QuotaState;
import dev.loopx.projections.quota.QuotaStatus;
import java.util.Objects;

/**
 * The quota part of a spend or void answer: the slots spent of those allowed, the state that makes
 * ({@code paused} at compute 0, {@code throttled} when all are spent, else {@code active}) and
 * whether the goal should run with it.
 */
record QuotaSlots(long spent, long allowed, QuotaState state, boolean shouldRun) {
    QuotaSlots {
        Objects.requireNonNull(state, "state");
    }

    /** {@code spent} slots under the goal's quota policy, for a goal that is stopped or not. */
    static QuotaSlots of(long spent, QuotaStatus policy, boolean goalStopped) {
        QuotaState state = policy.compute().signum() == 0
                ? QuotaState.PAUSED
                : spent >= policy.allowedSlots() ? QuotaState.THROTTLED : QuotaState.ACTIVE;
        return new QuotaSlots(spent, policy.allowedSlots(), state, !goalStopped && state == QuotaState.ACTIVE);
    }

    /** {@code {spent_slots, allowed_slots, state, should_run}}. */
    ObjectNode json() {
        ObjectNode node = Json.object();
        node.put("spent_slots", spent);
        node.put("allowed_slots", allowed);
        node.put("state", state.wire());
        node.put("should_run", shouldRun);
        return node;
    }
}
