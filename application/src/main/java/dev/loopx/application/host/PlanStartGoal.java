package dev.loopx.application.host;

import dev.loopx.host.pack.GoalStart;
import dev.loopx.host.pack.StartGoalPlan;

/**
 * Use case "how would this goal start" ({@code start-goal --guided}, SPEC §S10): the ordered
 * transaction from one line of goal text, as a preview. Todos are planned here and written only by
 * the {@code write_todos} commands it lists; without a host surface the answer is a selection
 * gate. Writes nothing.
 */
public final class PlanStartGoal {
    private PlanStartGoal() {}

    public static GoalStart run(HostEnvironment environment, PackQuery query) {
        return StartGoalPlan.of(query.request(environment), query.snapshot(environment));
    }
}
