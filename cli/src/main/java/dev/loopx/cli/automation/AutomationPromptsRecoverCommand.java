package dev.loopx.cli.automation;

import dev.loopx.application.automation.RecoverPromptUpgrade;
import dev.loopx.cli.render.PromptRecoverAnswer;
import dev.loopx.cli.render.PromptUpgradeRefusalAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code automation-prompts recover} and {@code rollback} (SPEC §S12): both work from the
 * automation's private migration journal, with the Codex home it recorded. recover moves both
 * stores to the recorded after image (finishing an interrupted apply); rollback moves them to the
 * before image (byte-identical TOML and row) and refuses with {@code changed_since_migration} when
 * either store holds anything else. Both are idempotent.
 */
@Command(
        description = {
            "Finish (recover) or undo (rollback) one automation's prompt migration from its private journal.",
            "The journal is <runtime-root>/private/automation-migrations/<home-key>/<id>.json, one per Codex home;",
            "--codex-home",
            "names the home (default: the only home with a journal for the id; refused as ambiguous_codex_home when",
            "several have one). recover: both stores end at the managed wrapper",
            "(idempotent). rollback: both stores get the recorded previous prompt back byte for byte; refused with",
            "changed_since_migration when a store changed after the migration. Needs --offline and --execute (else",
            "exit 1, nothing written); refused while the Codex App runs. Records prompt_migration.recovered|rolled_back."
        },
        footer = {
            "",
            "Examples:",
            "  loopx automation-prompts recover --automation-id my-heartbeat --offline --execute",
            "  loopx automation-prompts rollback --automation-id my-heartbeat --offline --execute",
            "  loopx automation-prompts recover --automation-id my-heartbeat --codex-home ~/.codex --offline --execute"
        })
public final class AutomationPromptsRecoverCommand extends LoopxSubcommand {
    private final boolean rollback;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(
            names = "--automation-id",
            required = true,
            paramLabel = "ID",
            description = "The automation whose journal to use.")
    String automationId;

    @Option(
            names = "--codex-home",
            paramLabel = "DIR",
            description = "The Codex home whose journal to use (default: the only one with a journal for the id).")
    String codexHome;

    @Option(names = "--offline", description = "Confirm the Codex App is quit (it is checked as well).")
    boolean offline;

    @Option(names = "--execute", description = "Write.")
    boolean execute;

    AutomationPromptsRecoverCommand(boolean rollback) {
        this.rollback = rollback;
    }

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireId("--automation-id", automationId);
        String route = rollback ? "rollback" : "recover";
        RecoverPromptUpgrade.Request request =
                new RecoverPromptUpgrade.Request(automationId, codexHome, rollback, offline, execute);
        return RecoverPromptUpgrade.run(context.invocation(), request)
                .fold(
                        refused -> context.emit(PromptUpgradeRefusalAnswer.offline(
                                route + " writes the Codex App stores only with"
                                        + " --offline (App quit) and --execute; nothing was written",
                                "loopx automation-prompts " + route + " --automation-id " + automationId
                                        + (codexHome == null ? "" : " --codex-home DIR") + " --offline --execute")),
                        recovered -> context.emit(new PromptRecoverAnswer(recovered, route, automationId)));
    }
}
