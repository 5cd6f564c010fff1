package dev.loopx.cli.quota;

import dev.loopx.application.quota.PlanQuota;
import dev.loopx.cli.render.QuotaPlanAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
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
        return context.emit(new QuotaPlanAnswer(context.now(), PlanQuota.run(context.invocation())));
    }
}
