package dev.loopx.cli.host;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.application.heartbeat.HeartbeatPromptAnswer;
import dev.loopx.application.host.PlanCodexAppInstall;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TextOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx host codex-app install-plan} (SPEC §S13): a preview that writes nothing. It renders
 * {@link PlanCodexAppInstall}'s answer as the exact {@code automation_update} request the Codex
 * App needs for a managed heartbeat (kind {@code heartbeat}, the current wrapper as prompt, the
 * goal's initial RRULE from its live scheduler hint, status {@code ACTIVE}) and the next steps:
 * record the install, then run the scheduler loop. Identity fails closed like
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
            "path): redacted unless --private. A registered --agent-id is required (else ok=false)."
        },
        footer = {"", "Example:  loopx host codex-app install-plan --goal-id g --agent-id builder --private"})
public final class CodexAppInstallPlanCommand extends LoopxSubcommand {
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help.")
    boolean help;

    @Option(names = "--goal-id", required = true, paramLabel = "ID")
    String goalId;

    @Option(
            names = "--agent-id",
            required = true,
            paramLabel = "ID",
            description = "The registered lane the heartbeat runs.")
    String agentId;

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
        IdOptions.requireId("--agent-id", agentId);
        HeartbeatOptions.capabilities(capabilities);
        TextOptions.cliBin(cliBin);
        var request =
                new PlanCodexAppInstall.Request(goalId, agentId, cliBin, capabilities, Optional.ofNullable(rrule));
        return switch (PlanCodexAppInstall.run(context.invocation(), request).getOrElseThrow(CliError::of)) {
            case PlanCodexAppInstall.Answer.Refused refused -> context.emit(refused.document());
            case PlanCodexAppInstall.Answer.Planned plan -> {
                ObjectNode doc = answer(plan);
                yield privateOutput ? HeartbeatOptions.emitPrivate(context, doc) : context.emit(doc);
            }
        };
    }

    private ObjectNode answer(PlanCodexAppInstall.Answer.Planned plan) {
        HeartbeatPromptAnswer.Wrapper wrapper = plan.wrapper();
        ObjectNode doc = CliContext.document(PlanCodexAppInstall.SCHEMA, true);
        doc.put("goal_id", goalId);
        doc.put("agent_id", agentId);
        doc.put("writes", false);
        doc.put("host_surface", plan.hostSurface());
        ObjectNode request = doc.putObject("automation_update");
        request.put("kind", "heartbeat");
        request.put("name", "LoopX heartbeat " + goalId + " / " + agentId);
        request.put("prompt", wrapper.text());
        request.put("rrule", plan.initialRrule());
        request.put("status", "ACTIVE");
        doc.put("prompt_sha256", wrapper.sha256());
        doc.put("wrapper_version", wrapper.version());
        doc.put("prompt_chars", wrapper.chars());
        doc.put("prompt_within_budget", wrapper.withinBudget());
        doc.put("rrule_source", plan.rruleSource());
        doc.put("private_paths_redacted", !privateOutput);
        doc.put("spends_quota", false);
        ArrayNode steps = doc.putArray("next_steps");
        ObjectNode apply = steps.addObject();
        apply.put("kind", "apply_automation_update");
        apply.put(
                "text",
                "Send automation_update to the Codex App (use --private or heartbeat-prompt --bootstrap --raw"
                        + " for the prompt with the real runtime root); the stored prompt must hash to prompt_sha256.");
        ObjectNode record = steps.addObject();
        record.put("kind", "record_install");
        record.put("text", "After the App accepted it, record the install (same --runtime-root; never spends).");
        ArrayNode args = record.putArray("cli_args");
        List<String> words =
                new ArrayList<>(List.of("heartbeat-prompt", "--goal-id", goalId, "--agent-id", agentId, "--bootstrap"));
        if (!wrapper.cliBin().equals(HeartbeatOptions.DEFAULT_CLI_BIN)) {
            words.addAll(List.of("--cli-bin", wrapper.cliBin()));
        }
        wrapper.capabilities().forEach(c -> words.addAll(List.of("--available-capability", c)));
        words.addAll(List.of("--record-install", "--host-surface", plan.hostSurface(), "--execute"));
        words.forEach(args::add);
        ObjectNode loop = steps.addObject();
        loop.put("kind", "scheduler_loop");
        loop.put(
                "text",
                "Each turn the loaded body runs quota should-run; when scheduler_hint.app_automation"
                        + ".stateful_backoff.apply_needed=true set the automation's rrule to recommended_rrule, and when"
                        + " ack_hint is present run ack_hint.cli_args. Never change the rrule otherwise.");
        return doc;
    }
}
