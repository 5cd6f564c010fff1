package dev.loopx.cli.automation;

import dev.loopx.cli.support.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code loopx automation-prompts …}: managed Codex App heartbeat prompt upgrades (SPEC §S12). */
@Command(
        name = "automation-prompts",
        synopsisSubcommandLabel = "COMMAND",
        description = {
            "Keep installed Codex App heartbeat automations on the current managed wrapper.",
            "plan (read-only) says per automation blocked | unmanaged | current | adoption_required and writes a",
            "private plan file; apply --plan-file F --offline --execute writes it (journal first, SQLite lock,",
            "compare-and-swap, atomic TOML replace, read-back); recover finishes an interrupted migration;",
            "rollback restores the previous prompt byte for byte; sync-installed (after an upgrade) migrates only",
            "exact managed wrappers of a snapshot. Nothing is written while the App runs."
        })
public final class AutomationPromptsCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    /** The command and its subcommands, each built only when the arguments name it. */
    public static CommandTree tree() {
        return CommandTree.of(
                AutomationPromptsCommand::new,
                AutomationPromptsCommand::subcommand,
                "plan",
                "apply",
                "recover",
                "rollback",
                "sync-installed");
    }

    private static Object subcommand(String name) {
        return switch (name) {
            case "plan" -> new AutomationPromptsPlanCommand();
            case "apply" -> new AutomationPromptsApplyCommand();
            case "recover" -> new AutomationPromptsRecoverCommand(false);
            case "rollback" -> new AutomationPromptsRecoverCommand(true);
            case "sync-installed" -> new AutomationPromptsSyncInstalledCommand();
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "automation-prompts needs a subcommand: plan, apply, recover or rollback");
    }
}
