package dev.loopx.cli.goal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.Receipts;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.goal.ConfigureGoal;
import dev.loopx.commands.goal.GoalDecider;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.Projector;
import dev.loopx.projections.goal.GoalView;
import java.math.BigDecimal;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "configure-goal",
        description = {
            "Set a goal's quota policy. allowed_slots = window_hours * 60 / slot_minutes * compute",
            "(defaults: compute 1.0, window 24 h, slot 1 min = 1440 slots). compute 0 pauses the goal.",
            "Options left out keep their current value. Shows a preview unless --execute is given."
        },
        footer = {"", "Example:  loopx configure-goal --goal-id demo-goal --quota-compute 0.5 --execute"})
public final class ConfigureGoalCommand extends LoopxSubcommand {
    @Option(names = "--goal-id", required = true, paramLabel = "ID")
    String goalId;

    @Option(names = "--quota-compute", paramLabel = "X", description = "Share of the window to use (>= 0; 0 pauses).")
    String compute;

    @Option(names = "--quota-window-hours", paramLabel = "H", description = "Rolling window in hours (1..8760).")
    String windowHours;

    @Option(names = "--quota-slot-minutes", paramLabel = "M", description = "Minutes per slot (1..1440).")
    String slotMinutes;

    @Option(names = "--execute", description = "Append the change (default: preview only).")
    boolean execute;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        BigDecimal parsedCompute = compute == null ? null : decimal("--quota-compute", compute);
        Integer parsedWindow = windowHours == null ? null : integer("--quota-window-hours", windowHours, 1, 8760);
        Integer parsedSlot = slotMinutes == null ? null : integer("--quota-slot-minutes", slotMinutes, 1, 1440);
        try (LoopxRuntime runtime = context.openRuntime()) {
            var goal = Projector.goal(runtime.views(), goalId);
            if (goal.isEmpty()) {
                Rejection r = new Rejection.GoalNotFound(goalId);
                throw new CliError(r.errorCode(), r.message(), r.hint());
            }
            GoalView.QuotaPolicy before = goal.get().quota();
            ConfigureGoal command = new ConfigureGoal(goalId,
                    parsedCompute != null ? parsedCompute : before.compute(),
                    parsedWindow != null ? parsedWindow : before.windowHours(),
                    parsedSlot != null ? parsedSlot : before.slotMinutes());
            GoalView.QuotaPolicy after = new GoalView.QuotaPolicy(command.compute(), command.windowHours(), command.slotMinutes());
            ObjectNode doc = CliContext.document("loopx_configure_goal_v0", true);
            doc.put("goal_id", goalId);
            doc.put("execute", execute);
            doc.set("before", policy(before));
            doc.set("after", policy(after));
            LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(context.now(), goalId,
                    new Actor(ActorKind.OWNER, "cli"), "");
            if (!execute) {
                var preview = runtime.preview(write, views -> GoalDecider.decide(command, Projector.goal(views, goalId)));
                doc.set("preview", Receipts.wouldAppend(preview.get()));
                doc.put("next_step", "add --execute to apply");
                return context.emit(doc);
            }
            var outcome = runtime.write(write, views -> GoalDecider.decide(command, Projector.goal(views, goalId)));
            if (outcome.isLeft()) {
                throw new CliError(outcome.getLeft().errorCode(), outcome.getLeft().message(), outcome.getLeft().hint());
            }
            doc.put("changed", outcome.get().changed());
            doc.set("receipt", Receipts.appended(outcome.get()));
            return context.emit(doc);
        }
    }

    private static ObjectNode policy(GoalView.QuotaPolicy p) {
        ObjectNode node = Json.object();
        node.put("compute", p.compute());
        node.put("window_hours", p.windowHours());
        node.put("slot_minutes", p.slotMinutes());
        node.put("allowed_slots", p.allowedSlots());
        node.put("state", p.paused() ? "paused" : "active");
        return node;
    }

    static BigDecimal decimal(String option, String text) {
        try {
            BigDecimal value = new BigDecimal(text.trim());
            if (value.signum() < 0 || value.compareTo(BigDecimal.valueOf(1000)) > 0 || value.scale() > 6) {
                throw CliError.badInput("invalid_value", option + " must be a number from 0 to 1000 (0 pauses the goal)");
            }
            return value;
        } catch (NumberFormatException e) {
            throw CliError.badInput("invalid_value", option + " must be a number, e.g. 0.5");
        }
    }

    static int integer(String option, String text, int min, int max) {
        try {
            int value = Integer.parseInt(text.trim());
            if (value < min || value > max) {
                throw CliError.badInput("invalid_value", option + " must be a whole number from " + min + " to " + max);
            }
            return value;
        } catch (NumberFormatException e) {
            throw CliError.badInput("invalid_value", option + " must be a whole number from " + min + " to " + max);
        }
    }
}
