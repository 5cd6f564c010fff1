package dev.loopx.cli.goal;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.ConfigureQuota;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.ConfigureGoalAnswer;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.NumberOptions;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.commands.Rejection;
import io.vavr.control.Either;
import java.math.BigDecimal;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "configure-goal",
        description = {
            "Set a goal's quota policy. allowed_slots = window_hours * 60 / slot_minutes * compute",
            "(defaults: compute 1.0, window 24 h, slot 1 min = 1440 slots). compute 0 pauses the goal.",
            "--replan-after-completed-todos N (1..5, default 5): should-run asks for a replan checkpoint",
            "after N completed todos. --silent-after-intervals K (default 3) and --stale-claim-hours H",
            "(default 36): when a lane counts as silent and a claim as stale (status, global-risks).",
            "--same-outcome-replan-after N (2..50, default 3) and --same-outcome-gate-after M (3..50,",
            "above N, default 6): a lane whose writebacks repeat the same non-progress evidence on one",
            "todo must replan after N and waits for the owner at M.",
            "Options left out keep their current value. Shows a preview unless --execute is given."
        },
        footer = {"", "Example:  loopx configure-goal --goal-id demo-goal --quota-compute 0.5 --execute"})
public final class ConfigureGoalCommand extends PreviewFirstCommand {
    @Option(names = "--quota-compute", paramLabel = "X", description = "Share of the window to use (>= 0; 0 pauses).")
    String compute;

    @Option(names = "--quota-window-hours", paramLabel = "H", description = "Rolling window in hours (1..8760).")
    String windowHours;

    @Option(names = "--quota-slot-minutes", paramLabel = "M", description = "Minutes per slot (1..1440).")
    String slotMinutes;

    @Option(
            names = "--replan-after-completed-todos",
            paramLabel = "N",
            description = "Completed todos before should-run asks for a replan checkpoint (1..5, default 5).")
    String replanAfter;

    @Option(
            names = "--silent-after-intervals",
            paramLabel = "K",
            description = "A lane with work waiting and nothing recorded for K of its expected intervals is silent"
                    + " (1..100, default 3).")
    String silentAfter;

    @Option(
            names = "--stale-claim-hours",
            paramLabel = "H",
            description = "A claim whose holder (with no applied RRULE) is not heard of for H hours is stale"
                    + " (1..8760, default 36).")
    String staleClaimHours;

    @Option(
            names = "--same-outcome-replan-after",
            paramLabel = "N",
            description = "Same non-progress writebacks in a row before the lane must replan (2..50, default 3).")
    String sameOutcomeReplanAfter;

    @Option(
            names = "--same-outcome-gate-after",
            paramLabel = "M",
            description =
                    "Same non-progress writebacks in a row that open an owner gate on the lane (3..50, default 6).")
    String sameOutcomeGateAfter;

    private Integer parsedSameOutcomeReplanAfter;
    private Integer parsedSameOutcomeGateAfter;
    private BigDecimal parsedCompute;
    private Integer parsedReplanAfter;
    private Integer parsedSilentAfter;
    private Integer parsedStaleClaimHours;
    private Integer parsedWindow;
    private Integer parsedSlot;
    /** The policy the decision saw (under the write lock) and the one it asked for. */
    private ConfigureQuota.Result result;

    @Override
    protected String schemaVersion() {
        return "loopx_configure_goal_v0";
    }

    @Override
    protected void validate(CliContext context) {
        parsedCompute = compute == null ? null : decimal("--quota-compute", compute);
        parsedWindow = windowHours == null ? null : integer("--quota-window-hours", windowHours, 1, 8760);
        parsedSlot = slotMinutes == null ? null : integer("--quota-slot-minutes", slotMinutes, 1, 1440);
        parsedReplanAfter = replanAfter == null ? null : integer("--replan-after-completed-todos", replanAfter, 1, 5);
        parsedSilentAfter = silentAfter == null ? null : integer("--silent-after-intervals", silentAfter, 1, 100);
        parsedStaleClaimHours =
                staleClaimHours == null ? null : integer("--stale-claim-hours", staleClaimHours, 1, 8760);
        parsedSameOutcomeReplanAfter = sameOutcomeReplanAfter == null
                ? null
                : integer("--same-outcome-replan-after", sameOutcomeReplanAfter, 2, 50);
        parsedSameOutcomeGateAfter =
                sameOutcomeGateAfter == null ? null : integer("--same-outcome-gate-after", sameOutcomeGateAfter, 3, 50);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return ConfigureQuota.run(
                        invocation,
                        options,
                        new ConfigureQuota.Request(
                                goalId,
                                parsedCompute,
                                parsedWindow,
                                parsedSlot,
                                parsedReplanAfter,
                                parsedSilentAfter,
                                parsedStaleClaimHours,
                                parsedSameOutcomeReplanAfter,
                                parsedSameOutcomeGateAfter))
                .map(r -> {
                    result = r;
                    return r.outcome();
                });
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new ConfigureGoalAnswer(head, result);
    }

    static BigDecimal decimal(String option, String text) {
        return NumberOptions.decimal(option, text, BigDecimal.valueOf(1000), 6);
    }

    static int integer(String option, String text, int min, int max) {
        return (int) NumberOptions.whole(option, text, min, max);
    }
}
