package dev.loopx.cli.status;

import dev.loopx.application.status.ReadStatus;
import dev.loopx.cli.render.StatusAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.QuickCommand;
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
        return context.emit(answer(context, goalId, agentId));
    }

    /**
     * {@code loopx status} as a function, shared by the command and the dashboard: the id checks
     * (exit 2), one {@link ReadStatus} call, its record. {@code goalId} null is every goal,
     * {@code agentId} null no lane.
     *
     * @throws CliError for bad input or a refusal, as the command reports it
     */
    public static StatusAnswer answer(CliContext context, String goalId, String agentId) {
        if (goalId != null) {
            IdOptions.requireGoalId(goalId);
        }
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        String agent = agentId == null ? "" : agentId;
        ReadStatus.Report report = ReadStatus.run(
                        context.invocation(), new ReadStatus.Request(goalId == null ? "" : goalId, agent))
                .getOrElseThrow(CliError::of);
        return new StatusAnswer(agent, context.now(), report.entries(), report.ledgerDamage());
    }
}
