package dev.loopx.cli.host;

import dev.loopx.application.host.BuildCommandPack;
import dev.loopx.cli.render.CommandPackAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code loopx bootstrap-command-pack} (SPEC §S10): what {@code /loopx} runs first
 * ({@link BuildCommandPack}). Strictly read-only: it creates no runtime root, no projection store,
 * no registry entry (the answer's {@code safety_contract} says so) and names the one command the
 * host should call next.
 */
@Command(
        name = "bootstrap-command-pack",
        description = {
            "Read-first command pack for /loopx: is the project connected, which goal and agent,",
            "and the exact next command (recommended_next_step.kind: status_and_loop_activation,",
            "confirm_before_bootstrap_mutation, goal_plan_write_and_activate, select_agent_identity,",
            "goal_selection_required). Writes nothing at all, not even the runtime root."
        },
        footer = {
            "",
            "Examples:  loopx bootstrap-command-pack --project . --host-surface claude-code",
            "           loopx bootstrap-command-pack --project . --goal-text \"fix issue triage\""
        })
public final class BootstrapCommandPackCommand extends LoopxSubcommand {
    @Mixin
    PackOptions options;

    @Option(
            names = "--goal-text",
            paramLabel = "TEXT",
            description = "Goal text the user typed after /loopx (public-safe; preserved exactly).")
    String goalText;

    @Override
    protected int execute(CliContext context) {
        String text = TextOptions.requirePublic("--goal-text", goalText, false);
        var query = options.query(context, text);
        return context.emit(new CommandPackAnswer(BuildCommandPack.run(context.hostEnvironment(), query)));
    }
}
