package dev.loopx.cli.quota;

import dev.loopx.application.quota.AnswerShouldRun;
import dev.loopx.cli.render.QuotaDecisionAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.QuickCommand;
import dev.loopx.cli.support.RruleOption;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "should-run",
        description = {
            "The heartbeat question: may this agent run now, on what, and when should the host ask",
            "again? Answers loopx_quota_decision_v0 with scheduler_hint_v0. Never writes state and never",
            "spends; --turn-instance-id records one idempotent turn.observed receipt. Without a runtime",
            "profile it fails closed (should_run=false, repair_scheduler_execution_context)."
        },
        footer = {
            "",
            "Example:  loopx quota should-run --goal-id g --agent-id builder --runtime-profile codex_app_heartbeat"
        })
public final class ShouldRunCommand extends LoopxSubcommand implements QuickCommand {
    @Option(names = "--goal-id", required = true, paramLabel = "ID")
    String goalId;

    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "The lane asking (required on goals with registered agents).")
    String agentId;

    @Option(
            names = "--runtime-profile",
            paramLabel = "PROFILE",
            description = "codex_app_heartbeat | codex_cli | codex_app_ssh_goal | claude_code | generic_cli")
    String runtimeProfile;

    @Option(
            names = {"-A", "--codex-app"},
            description = "Same as --runtime-profile codex_app_heartbeat.")
    boolean codexApp;

    @Option(
            names = "--available-capability",
            paramLabel = "C",
            description = "A capability the host offers (repeatable).")
    List<String> capabilities = new ArrayList<>();

    @Option(names = "--include-detail", paramLabel = "scheduler|all", description = "Add cold-path scheduler detail.")
    String includeDetail;

    @Option(names = "--turn-instance-id", paramLabel = "ID", description = "Record one receipt for this host turn.")
    String turnInstanceId;

    @Option(
            names = "--codex-home",
            paramLabel = "DIR",
            description = "Codex App lanes: the Codex home of a pending upgrade"
                    + " (default $CODEX_HOME, else ~/.codex); read only when a deferred upgrade names this lane.")
    String codexHome;

    @Option(
            names = "--app-automation-current-rrule",
            paramLabel = "RRULE",
            description = "The host automation's current RRULE (equal to the target → only an ack is needed).")
    String currentRrule;

    /** The command with its values set (an MCP {@code should_run}); empty agent and turn are none. */
    public static ShouldRunCommand forLane(
            String goalId, String agentId, RuntimeProfile runtimeProfile, String turnInstanceId) {
        ShouldRunCommand c = new ShouldRunCommand();
        c.goalId = goalId;
        c.agentId = agentId.isEmpty() ? null : agentId;
        c.runtimeProfile = runtimeProfile.wire();
        c.turnInstanceId = turnInstanceId.isEmpty() ? null : turnInstanceId;
        return c;
    }

    @Override
    public Options quickOptions() {
        return ShouldRunCommandQuickOptions.OPTIONS;
    }

    @Override
    public void bind(String option, String value) {
        ShouldRunCommandQuickOptions.bind(this, option, value);
    }

    @Override
    public boolean complete() {
        return ShouldRunCommandQuickOptions.complete(this);
    }

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        // an empty --runtime-profile is no profile: the request fails closed
        Optional<RuntimeProfile> profile = !codexApp && "".equals(runtimeProfile)
                ? Optional.empty()
                : RuntimeProfiles.of(codexApp, runtimeProfile);
        if (includeDetail != null) {
            TextOptions.oneOf("--include-detail", includeDetail, "scheduler", "all");
        }
        capabilities.forEach(c -> IdOptions.requireId("--available-capability", c));
        if (turnInstanceId != null) {
            IdOptions.requireId("--turn-instance-id", turnInstanceId);
        }
        if (currentRrule != null) {
            currentRrule = RruleOption.canonical("--app-automation-current-rrule", currentRrule);
        }
        AnswerShouldRun.Request request = new AnswerShouldRun.Request(
                goalId,
                agentId == null ? "" : agentId,
                profile,
                capabilities,
                includeDetail == null ? "" : includeDetail,
                currentRrule == null ? "" : currentRrule,
                turnInstanceId == null ? "" : turnInstanceId,
                codexHome);
        var answer = AnswerShouldRun.run(context.invocation(), request);
        if (answer.isLeft()) {
            // every refusal of the heartbeat question fails closed: should_run is false
            return context.renderError(CliError.of(answer.getLeft()), doc -> doc.put("should_run", false));
        }
        return context.emit(new QuotaDecisionAnswer(answer.get()));
    }
}
