package dev.loopx.application.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.composition.Composition;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.LaneDecisions;
import dev.loopx.projections.query.QuotaPlan;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.List;

/**
 * Use case "which goals may run now?" ({@code quota plan}): every goal of the runtime root with
 * its quota at {@code now} and what should-run with profile {@link #PROFILE} would answer for each
 * lane. Reads only; never spends.
 */
public final class PlanQuota {
    /** The profile every lane is asked with. */
    public static final RuntimeProfile PROFILE = LaneDecisions.PROFILE;

    private PlanQuota() {}

    /** One row per goal, in the order the views list them. */
    public static List<QuotaPlan> run(Invocation invocation) {
        try (LoopxRuntime runtime = Composition.open(invocation)) {
            return GoalState.loadAll(runtime.views()).stream()
                    .map(g -> QuotaPlan.row(g, invocation.now()))
                    .toList();
        }
    }
}
