package dev.loopx.cli.automation;

import dev.loopx.application.Invocation;
import dev.loopx.application.automation.ApplyPromptUpgrades;
import dev.loopx.application.automation.MigrationFailpoint;
import dev.loopx.application.automation.MigrationHooks;
import dev.loopx.cli.render.PromptApplyAnswer;
import dev.loopx.cli.render.PromptUpgradeRefusalAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.LoopxSubcommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx automation-prompts apply --plan-file F --offline --execute} (SPEC §S12). Without
 * both flags it refuses (exit 1) and writes nothing. While the Codex App runs it writes nothing to
 * the stores and answers {@code deferred} with the App-side {@code automation_update} requests.
 */
@Command(
        name = "apply",
        description = {
            "Write a reviewed plan to the Codex App stores, one automation at a time. Needs --offline (the",
            "App is quit) and --execute; without both: exit 1, nothing written. While a Codex/ChatGPT App process",
            "runs: every adoption is deferred (ok=false); the complete App-side automation_update requests go to",
            "the private report <runtime-root>/private/automation-update-requests.json (0600).",
            "Per automation: both stores re-read (any change since the plan but the App scheduler's next_run_at/",
            "updated_at/last_run_at → preview_stale), a private journal per Codex home (before/after images, 0600)",
            "written first, then SQLite writer lock, compare-and-swap row",
            "update, atomic TOML replace, read-back of both, commit. Results: updated | current | preview_stale |",
            "failed | deferred | skipped; every outcome is a prompt_migration.* ledger event (content-free)."
        },
        footer = {
            "",
            "Examples:",
            "  loopx automation-prompts apply --plan-file <runtime-root>/private/automation-prompt-plan.json --offline --execute",
            "  loopx automation-prompts recover --automation-id my-heartbeat --offline --execute"
        })
public final class AutomationPromptsApplyCommand extends LoopxSubcommand {
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(
            names = "--plan-file",
            required = true,
            paramLabel = "FILE",
            description = "The private plan written by plan.")
    String planFile;

    @Option(names = "--codex-home", paramLabel = "DIR", description = "Must name the plan's Codex home when given.")
    String codexHome;

    @Option(names = "--offline", description = "Confirm the Codex App is quit (it is checked as well).")
    boolean offline;

    @Option(names = "--execute", description = "Write (there is no dry run: plan is the preview).")
    boolean execute;

    @Override
    protected int execute(CliContext context) {
        Invocation invocation = context.invocation();
        MigrationHooks hooks = MigrationFailpoint.hooks(invocation, line -> {
            context.err().println(line);
            context.err().flush();
        });
        ApplyPromptUpgrades.Request request =
                new ApplyPromptUpgrades.Request(planFile, codexHome, offline, execute, hooks);
        return ApplyPromptUpgrades.run(invocation, request)
                .fold(
                        refused -> context.emit(
                                PromptUpgradeRefusalAnswer.offline(
                                        "apply writes the Codex App stores only with --offline (App quit) and --execute; nothing was written",
                                        "quit the Codex App, then: loopx automation-prompts apply --plan-file <plan_file> --offline --execute")),
                        applied -> context.emit(new PromptApplyAnswer(applied)));
    }
}
