package dev.loopx.cli.quota;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.query.LaneDecisions;
import dev.loopx.projections.query.QuotaPlan;
import java.util.List;
import picocli.CommandLine.Command;

/**
 * {@code loopx quota plan} ({@code loopx_quota_plan_v0}): every goal of the runtime root with its
 * quota and whether should-run ({@code generic_cli}) would run each lane now. Read-only.
 */
@Command(
        name = "plan",
        description = {
            "Every goal of the runtime root: allowed/spent slots, state, next_eligible_at, and per lane",
            "whether quota should-run (profile generic_cli) would run now. Read-only; never spends."
        },
        footer = {"", "Example:  loopx quota plan"})
public final class QuotaPlanCommand extends LoopxSubcommand {
    @Override
    protected int execute(CliContext context) {
        try (LoopxRuntime runtime = context.openRuntime()) {
            List<GoalState> goals = GoalState.loadAll(runtime.views());
            ObjectNode doc = CliContext.document("loopx_quota_plan_v0", true);
            doc.put("now", context.now().toString());
            doc.put("runtime_profile", LaneDecisions.PROFILE);
            doc.put("goal_count", goals.size());
            ArrayNode rows = doc.putArray("goals");
            goals.forEach(g -> rows.add(QuotaPlan.row(g, context.now())));
            return context.emit(doc);
        }
    }
}
