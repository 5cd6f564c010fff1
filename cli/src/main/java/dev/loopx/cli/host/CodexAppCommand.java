package dev.loopx.cli.host;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx host codex-app …}: the Codex App adapter (SPEC §S13). */
@Command(
        name = "codex-app",
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "The Codex App adapter: a heartbeat automation stores the managed wrapper",
            "(heartbeat-prompt --bootstrap) through the App's automation_update; its scheduler applies",
            "recommended_rrule only when apply_needed=true, then runs ack_hint.cli_args."
        })
public final class CodexAppCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(CodexAppCommand::new, CodexAppCommand::subcommand, "install-plan");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "install-plan" -> new CodexAppInstallPlanCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "codex-app needs a subcommand: install-plan");
    }
}
