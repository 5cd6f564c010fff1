package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code goal.registered} v2: a goal now exists in this runtime root.
 *
 * @param objective what the goal is for; empty when the owner has not said yet
 * @param projectLabel a public-safe name for the project (its folder name), never a path
 */
public record GoalRegistered(String objective, String projectLabel) implements LoopxEvent {
    public GoalRegistered {
        Objects.requireNonNull(objective, "objective");
        Objects.requireNonNull(projectLabel, "projectLabel");
    }
}
