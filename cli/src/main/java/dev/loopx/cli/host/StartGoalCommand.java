package dev.loopx.cli.host;

import dev.loopx.application.host.PlanStartGoal;
import dev.loopx.cli.render.StartGoalPlanAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code loopx start-goal --guided} (SPEC §S10): the explicit goal-start flow
 * ({@link PlanStartGoal}) as an ordered transaction preview ({@code writes_now=false}). Todos are
 * planned there and written only by the {@code write_todos} commands it lists. Without
 * {@code --host-surface} the answer is a selection gate (ok=false, exit 1) listing the surfaces.
 */
@Command(
        name = "start-goal",
        description = {
            "Preview how a goal starts from one line of goal text: connect_if_needed, plan_todos (P0 = the",
            "goal text exactly, P1 = its verification), write_todos, refresh_state, activate_host_loop,",
            "quota_guard, scheduler_ack_when_needed - each with the exact commands. Writes nothing;",
            "the host runs the listed commands after the user confirms."
        },
        footer = {
            "",
            "Example:  loopx start-goal --guided --project . --host-surface claude-code --goal-text \"fix issue triage\""
        })
public final class StartGoalCommand extends LoopxSubcommand {
    @Mixin
    PackOptions options;

    @Option(names = "--guided", description = "Required: the guided preview is the only mode (nothing is written).")
    boolean guided;

    @Option(
            names = "--goal-text",
            required = true,
            paramLabel = "TEXT",
            description = "The goal, public-safe; preserved exactly.")
    String goalText;

    @Override
    protected int execute(CliContext context) {
        if (!guided) {
            throw new CliError(
                    ErrorCode.INVALID_ARGUMENTS,
                    "start-goal runs only as a guided preview; add --guided",
                    "loopx start-goal --guided --project . --goal-text TEXT --host-surface SURFACE");
        }
        String text = TextOptions.requirePublic("--goal-text", goalText, true);
        var query = options.query(context, text);
        return context.emit(new StartGoalPlanAnswer(PlanStartGoal.run(context.hostEnvironment(), query)));
    }
}
