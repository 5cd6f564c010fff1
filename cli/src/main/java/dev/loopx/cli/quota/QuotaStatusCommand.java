package dev.loopx.cli.quota;

import dev.loopx.application.quota.ReadQuota;
import dev.loopx.cli.render.QuotaStatusAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code loopx quota status}: one goal's quota and frontier counters ({@code loopx_quota_status_v0}). Read-only. */
@Command(
        name = "status",
        description = {
            "One goal's quota (allowed, spent in the rolling window, state, next eligible time) and its",
            "frontier counters (goal_frontier_projection_v0). Read-only; never spends."
        },
        footer = {"", "Example:  loopx quota status --goal-id weather-app-goal"})
public final class QuotaStatusCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
    String goalId;

    @Option(names = "--agent-id", paramLabel = "ID", description = "Count claims from this lane's point of view.")
    String agentId;

    @Override
    protected int execute(CliContext context) {
        return context.emit(answer(context, goalId, agentId));
    }

    /**
     * {@code loopx quota status} as a function, shared by the command and the dashboard: the id
     * checks (exit 2), one {@link ReadQuota} call, its record. {@code agentId} null is no lane.
     *
     * @throws CliError for bad input or a refusal, as the command reports it
     */
    public static QuotaStatusAnswer answer(CliContext context, String goalId, String agentId) {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        String agent = agentId == null ? "" : agentId;
        ReadQuota.Answer answer = ReadQuota.run(context.invocation(), new ReadQuota.Request(goalId, agent))
                .getOrElseThrow(CliError::of);
        return new QuotaStatusAnswer(goalId, agent, answer);
    }
}
