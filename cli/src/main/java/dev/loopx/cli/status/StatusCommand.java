package dev.loopx.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.QuickCommand;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.projections.GoalState;
import dev.loopx.projections.heartbeat.HeartbeatFold;
import dev.loopx.projections.query.GoalStatus;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx status} (SPEC §S9): the first screen a person reads, as {@code loopx_status_v0}
 * with one entry per goal in {@code goals[]} (every goal of the runtime root without
 * {@code --goal-id}). Read-only: never appends, never takes the write lock.
 */
@Command(
        name = "status",
        description = {
            "The first screen: objective, lifecycle, quota, open user gates (their question), the next",
            "agent todo per lane, counts, last evidence, the attention queue, terminal state and each lane's last heartbeat install. Read-only.",
            "Without --goal-id every goal of the runtime root; --agent-id narrows to one lane."
        },
        footer = {"", "Example:  loopx status --goal-id weather-app-goal"})
public final class StatusCommand extends LoopxSubcommand implements QuickCommand {
    @Option(names = "--goal-id", paramLabel = "ID")
    String goalId;

    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "Show one lane: its gates, its next todo, its queue.")
    String agentId;

    @Override
    public Options quickOptions() {
        return StatusCommandQuickOptions.OPTIONS;
    }

    @Override
    public void bind(String option, String value) {
        StatusCommandQuickOptions.bind(this, option, value);
    }

    @Override
    public boolean complete() {
        return StatusCommandQuickOptions.complete(this);
    }

    @Override
    protected int execute(CliContext context) {
        if (goalId != null) {
            IdOptions.requireGoalId(goalId);
        }
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        String agent = agentId == null ? "" : agentId;
        try (LoopxRuntime runtime = context.openRuntime()) {
            var views = runtime.views();
            List<GoalState> goals = goalId == null
                    ? GoalState.loadAll(views)
                    : List.of(GoalState.load(views, goalId)
                            .orElseThrow(() -> CliError.of(new Rejection.GoalNotFound(goalId))));
            ObjectNode doc = CliContext.document("loopx_status_v0", true);
            doc.put("agent_id", agent);
            doc.put("now", context.now().toString());
            doc.put("goal_count", goals.size());
            ArrayNode array = doc.putArray("goals");
            for (GoalState g : goals) {
                ObjectNode entry = GoalStatus.of(g, agent, context.now());
                ArrayNode installs = entry.putArray("heartbeat_installs");
                HeartbeatFold.forGoal(views, g.goal().goalId()).stream()
                        .filter(i -> agent.isEmpty() || i.agentId().equals(agent))
                        .forEach(i ->
                                installs.add(dev.loopx.ledger.json.Json.mapper().valueToTree(i)));
                array.add(entry);
            }
            return context.emit(doc, StatusText::render);
        }
    }
}
