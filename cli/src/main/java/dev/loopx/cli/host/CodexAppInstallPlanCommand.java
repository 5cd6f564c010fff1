package dev.loopx.cli.host;

import dev.loopx.application.host.PlanCodexAppInstall;
import dev.loopx.cli.agent.HostThreads;
import dev.loopx.cli.render.CodexAppInstallPlanAnswer;
import dev.loopx.cli.render.HeartbeatRefusalAnswer;
import dev.loopx.cli.render.HeartbeatRefusalAnswer.Refused;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.RruleOption;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx host codex-app install-plan} (SPEC §S13): a preview that writes nothing. It renders
 * {@link PlanCodexAppInstall}'s answer ({@link CodexAppInstallPlanAnswer}) as the exact
 * {@code automation_update} request the Codex App needs for a managed heartbeat (kind
 * {@code heartbeat}, the current wrapper as prompt, the goal's initial RRULE from its live
 * scheduler hint, status {@code ACTIVE}) and the next steps: record the install, then run the
 * scheduler loop. Identity fails closed like
 * {@code heartbeat-prompt --bootstrap}.
 */
@Command(
        name = "install-plan",
        description = {
            "Preview the Codex App automation_update request for a managed heartbeat (writes nothing):",
            "kind heartbeat, prompt = the managed wrapper v2, rrule = the goal's initial scheduler RRULE",
            "(or --rrule), status ACTIVE; plus the next steps (record the install with heartbeat-prompt",
            "--bootstrap --record-install --execute; each turn apply recommended_rrule only when",
            "apply_needed=true, then run ack_hint.cli_args). The prompt holds the runtime root (a local",
            "path): redacted unless --private. A registered --agent-id is required (else ok=false), or",
            "--thread-id of a thread bound to one (bind-agent-thread): the plan then targets that thread."
        },
        footer = {
            "",
            "Example:  loopx host codex-app install-plan --goal-id g --agent-id builder --private",
            "          loopx host codex-app install-plan --goal-id g --thread-id 019a7f3e-5b1c-7d2e-8f90-a1b2c3d4e5f6"
        })
public final class CodexAppInstallPlanCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
    String goalId;

    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "The registered lane the heartbeat runs (or give --thread-id of a bound thread instead).")
    String agentId;

    @Option(
            names = "--thread-id",
            paramLabel = "ID",
            description = "The Codex App thread the heartbeat runs in (target_thread_id); without --agent-id the lane"
                    + " is the agent bind-agent-thread bound it to.")
    String threadId;

    @Option(names = "--host-surface", paramLabel = "SURFACE", description = HostThreads.SURFACE_HELP)
    String hostSurface;

    @Option(names = "--cli-bin", paramLabel = "BIN", description = "How the App calls LoopX (default: loopx).")
    String cliBin = HeartbeatOptions.DEFAULT_CLI_BIN;

    @Option(
            names = "--available-capability",
            paramLabel = "C",
            description = "A capability the App offers (repeatable).")
    List<String> capabilities = new ArrayList<>();

    @Option(
            names = "--rrule",
            paramLabel = "RRULE",
            description = "Override the initial RRULE (FREQ=MINUTELY;INTERVAL=<n>).")
    String rrule;

    @Option(
            names = "--private",
            description = "Keep the real runtime root in the prompt (for the App's private store).")
    boolean privateOutput;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (agentId == null && threadId == null) {
            throw CliError.badInput(
                    ErrorCode.INVALID_ARGUMENTS,
                    "give --agent-id, or --thread-id of a thread bound with bind-agent-thread");
        }
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        if (threadId != null) {
            HostThreads.threadId(threadId);
        }
        hostSurface = HostThreads.surface(hostSurface);
        HeartbeatOptions.capabilities(capabilities);
        TextOptions.cliBin(cliBin);
        var request = new PlanCodexAppInstall.Request(
                goalId,
                agentId == null ? "" : agentId,
                cliBin,
                capabilities,
                Optional.ofNullable(rrule).map(r -> RruleOption.canonical("--rrule", r)),
                threadId == null ? "" : threadId,
                hostSurface);
        return switch (PlanCodexAppInstall.run(context.invocation(), request).getOrElseThrow(CliError::of)) {
            case PlanCodexAppInstall.Answer.Refused refused ->
                context.emit(new HeartbeatRefusalAnswer(Refused.CODEX_APP_INSTALL_PLAN, refused.refusal()));
            case PlanCodexAppInstall.Answer.Planned plan -> {
                var answer = new CodexAppInstallPlanAnswer(plan, !privateOutput);
                yield privateOutput ? HeartbeatOptions.emitPrivate(context, answer) : context.emit(answer);
            }
        };
    }
}
