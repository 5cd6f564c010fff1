package dev.loopx.cli.automation;

import dev.loopx.application.automation.PlanPromptUpgrades;
import dev.loopx.cli.render.PromptPlanAnswer;
import dev.loopx.cli.render.PromptUpgradeRefusalAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx automation-prompts plan} (SPEC §S12): read-only towards the Codex stores and the
 * ledger; the only file it writes is the private plan file (0600), which holds the desired wrapper
 * bodies. The answer carries digests only.
 */
@Command(
        name = "plan",
        description = {
            "Plan managed heartbeat prompt upgrades for the Codex App automations of one Codex home",
            "(--codex-home, else $CODEX_HOME, else ~/.codex). Per automation: blocked (stores disagree, cron,",
            "deleted, ambiguous binding…), unmanaged (no unique registered goal/agent, or bound to another",
            "runtime root), current (already the managed wrapper) or adoption_required (digests, thread, desired",
            "wrapper digest). A managed wrapper gives its binding; any other prompt is bound when it names exactly",
            "one registered goal id and one of its agents. Discovery only proposes. Writes nothing but the private",
            "plan file (0600, default <runtime-root>/private/automation-prompt-plan.json: current and proposed",
            "prompts per automation) that apply executes; a device, folder, FIFO or link there is refused (exit 2).",
            "An interrupted migration shows its pending journal and the recover/rollback commands; what only the",
            "App can fix (e.g. a heartbeat TOML over a cron row) names the App-side action."
        },
        footer = {
            "",
            "Examples:",
            "  loopx automation-prompts plan",
            "  loopx automation-prompts plan --codex-home ~/.codex --automation-id my-heartbeat",
            "  loopx automation-prompts apply --plan-file <runtime-root>/private/automation-prompt-plan.json --offline --execute"
        })
public final class AutomationPromptsPlanCommand extends LoopxSubcommand {
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(
            names = "--codex-home",
            paramLabel = "DIR",
            description = "The Codex home (default $CODEX_HOME, else ~/.codex).")
    String codexHome;

    @Option(
            names = "--automation-id",
            paramLabel = "ID",
            description = "Plan only these automations (repeatable; default all).")
    List<String> automationIds = new ArrayList<>();

    @Option(names = "--plan-file", paramLabel = "FILE", description = "Where to write the private plan (0600).")
    String planFile;

    @Option(
            names = "--cli-bin",
            paramLabel = "BIN",
            description =
                    "How the host calls LoopX in wrappers adopted from custom prompts (default loopx; managed wrappers keep theirs).")
    String cliBin = "loopx";

    @Override
    protected int execute(CliContext context) throws IOException {
        automationIds.forEach(id -> IdOptions.requireId("--automation-id", id));
        TextOptions.cliBin(cliBin);
        PlanPromptUpgrades.Request request = new PlanPromptUpgrades.Request(automationIds, codexHome, planFile, cliBin);
        return PlanPromptUpgrades.run(context.invocation(), request)
                .fold(
                        problem -> context.emit(PromptUpgradeRefusalAnswer.store(problem)),
                        planned -> context.emit(new PromptPlanAnswer(planned)));
    }
}
