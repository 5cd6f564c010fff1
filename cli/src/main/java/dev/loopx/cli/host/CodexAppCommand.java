package dev.loopx.cli.host;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx host codex-app …}: the Codex App adapter (SPEC §S13). */
@Command(name = "codex-app", synopsisSubcommandLabel = "COMMAND",
        description = {"The Codex App adapter: a heartbeat automation stores the managed wrapper",
            "(heartbeat-prompt --bootstrap) through the App's automation_update; its scheduler applies",
            "recommended_rrule only when apply_needed=true, then runs ack_hint.cli_args."})
public final class CodexAppCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new CodexAppCommand());
        cl.addSubcommand("install-plan", new CodexAppInstallPlanCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "codex-app needs a subcommand: install-plan");
    }
}
