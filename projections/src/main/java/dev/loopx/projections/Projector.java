package dev.loopx.projections;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.event.GoalConfigured;
import dev.loopx.ledger.event.GoalRegistered;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.goal.GoalView;
import java.util.Optional;

/**
 * The fold from events to views: a pure function of the views so far and the next event (its
 * envelope gives time and order). Applying the events of a ledger one by one, in any batch
 * split, gives the same views as a full rebuild. Stateless; thread-safe.
 */
public final class Projector {
    /** Bump when a fold changes: stores built by another version are rebuilt from the ledger. */
    public static final int SCHEMA_VERSION = 1;
    public static final String GOAL_VIEW = "goal";

    public void apply(Decoded decoded, Views views) {
        String goalId = decoded.goalId();
        switch (decoded.event()) {
            case GoalRegistered registered -> {
                if (goal(views, goalId).isEmpty()) {
                    putGoal(views, new GoalView(goalId, registered.objective(), registered.projectLabel(),
                            decoded.seq(), decoded.envelope().recordedAt(), GoalView.QuotaPolicy.DEFAULT, decoded.seq()));
                }
            }
            case GoalConfigured configured -> goal(views, goalId).ifPresent(goal -> putGoal(views, new GoalView(
                    goal.goalId(), goal.objective(), goal.projectLabel(), goal.registeredSeq(), goal.registeredAt(),
                    new GoalView.QuotaPolicy(configured.quotaCompute(), configured.quotaWindowHours(),
                            configured.quotaSlotMinutes()),
                    decoded.seq())));
        }
    }

    public static Optional<GoalView> goal(Views views, String goalId) {
        return views.get(GOAL_VIEW, goalId).map(Projector::toGoal);
    }

    static GoalView toGoal(JsonNode node) {
        try {
            return Json.MAPPER.treeToValue(node, GoalView.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored goal view does not decode; rebuild projections", e);
        }
    }

    private static void putGoal(Views views, GoalView goal) {
        views.put(GOAL_VIEW, goal.goalId(), Json.MAPPER.valueToTree(goal));
    }
}
