package dev.loopx.cli.automation;

import dev.loopx.application.automation.SyncInstalledPrompts;
import dev.loopx.cli.render.PromptUpgradeRefusalAnswer;
import dev.loopx.cli.render.SyncInstalledAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx automation-prompts sync-installed --plan-file F [--execute]} (SPEC §S12): after an
 * upgrade, automatically migrates only the exact managed wrappers of a snapshot (a plan file made
 * before the upgrade) that are bound to this runtime root and this CLI binary. Custom prompts are
 * {@code review_required}; a wrapper with another CLI binary (a canary) or another runtime root is
 * never retargeted; an automation that changed since the snapshot is
 * {@code changed_since_snapshot}; while the App runs every migration is {@code deferred} with its
 * App-side request. Without --execute it is a preview and writes nothing.
 */
@Command(
        name = "sync-installed",
        description = {
            "After a LoopX upgrade: bring the installed managed heartbeat wrappers of a snapshot (a plan file",
            "written before the upgrade) to this runtime's current wrapper. Migrates only exact managed wrappers bound",
            "to this runtime root and --cli-bin (default loopx); custom prompts → review_required (use plan/apply);",
            "another cli bin (canary) or runtime root → skipped, never retargeted; changed since the snapshot →",
            "changed_since_snapshot (the App scheduler's own next_run_at/updated_at/last_run_at do not count);",
            "already current (e.g. adopted through the App) → current, and a pending upgrade of it is resolved;",
            "App running → deferred with the automation_update request. --automation-id narrows the snapshot.",
            "Preview unless --execute; the Codex home is the snapshot's."
        },
        footer = {
            "",
            "Examples:",
            "  loopx automation-prompts sync-installed --plan-file <snapshot.json> --execute",
            "  loopx automation-prompts sync-installed --plan-file ./private-before.json --automation-id TASK_ID --execute"
        })
public final class AutomationPromptsSyncInstalledCommand extends LoopxSubcommand {
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(
            names = "--plan-file",
            required = true,
            paramLabel = "FILE",
            description = "The snapshot (a plan file from before the upgrade).")
    String planFile;

    @Option(
            names = "--cli-bin",
            paramLabel = "BIN",
            description = "The CLI binary wrappers must already use (default loopx).")
    String cliBin = "loopx";

    @Option(
            names = "--automation-id",
            paramLabel = "ID",
            description = "Only these automations of the snapshot (repeatable; default all of them).")
    List<String> automationIds = new ArrayList<>();

    @Option(names = "--execute", description = "Write (default: preview only).")
    boolean execute;

    @Override
    protected int execute(CliContext context) {
        TextOptions.cliBin(cliBin);
        automationIds.forEach(id -> IdOptions.requireId("--automation-id", id));
        SyncInstalledPrompts.Request request =
                new SyncInstalledPrompts.Request(planFile, cliBin, execute, automationIds);
        return SyncInstalledPrompts.run(context.invocation(), request)
                .fold(
                        problem -> context.emit(PromptUpgradeRefusalAnswer.store(problem)),
                        synced -> context.emit(new SyncInstalledAnswer(synced)));
    }
}
