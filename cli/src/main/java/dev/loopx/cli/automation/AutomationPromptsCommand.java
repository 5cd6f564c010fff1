package dev.loopx.cli.automation;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx automation-prompts …}: managed Codex App heartbeat prompt upgrades (SPEC §S12). */
@Command(name = "automation-prompts", synopsisSubcommandLabel = "COMMAND",
        description = {"Keep installed Codex App heartbeat automations on the current managed wrapper.",
            "plan (read-only) says per automation blocked | unmanaged | current | adoption_required and writes a",
            "private plan file; apply --plan-file F --offline --execute writes it (journal first, SQLite lock,",
            "compare-and-swap, atomic TOML replace, read-back); recover finishes an interrupted migration;",
            "rollback restores the previous prompt byte for byte; sync-installed (after an upgrade) migrates only",
            "exact managed wrappers of a snapshot. Nothing is written while the App runs."})
public final class AutomationPromptsCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help.")
    boolean help;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new AutomationPromptsCommand());
        cl.addSubcommand("plan", new AutomationPromptsPlanCommand());
        cl.addSubcommand("apply", new AutomationPromptsApplyCommand());
        cl.addSubcommand("recover", new AutomationPromptsRecoverCommand(false));
        cl.addSubcommand("rollback", new AutomationPromptsRecoverCommand(true));
        cl.addSubcommand("sync-installed", new AutomationPromptsSyncInstalledCommand());
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "automation-prompts needs a subcommand: plan, apply, recover or rollback");
    }
}
