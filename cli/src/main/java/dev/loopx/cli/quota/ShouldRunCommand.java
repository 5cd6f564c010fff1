package dev.loopx.cli.quota;

import dev.loopx.application.quota.AnswerShouldRun;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.QuickCommand;
import dev.loopx.cli.support.TextOptions;
import java.util.ArrayList;
import java.util.List;
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
    private static final String APP_PROFILE = AnswerShouldRun.APP_PROFILE;
    private static final Options OPTIONS = Options.of(
                    "--goal-id",
                    "--agent-id",
                    "--runtime-profile",
                    "--include-detail",
                    "--turn-instance-id",
                    "--codex-home",
                    "--app-automation-current-rrule")
            .required("--goal-id")
            .lists("--available-capability")
            .flags("--codex-app")
            .alias("-A", "--codex-app");

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

    @Override
    public Options quickOptions() {
        return OPTIONS;
    }

    @Override
    public void bind(String option, String value) {
        switch (option) {
            case "--goal-id" -> goalId = value;
            case "--agent-id" -> agentId = value;
            case "--runtime-profile" -> runtimeProfile = value;
            case "--codex-app" -> codexApp = true;
            case "--available-capability" -> capabilities.add(value);
            case "--include-detail" -> includeDetail = value;
            case "--turn-instance-id" -> turnInstanceId = value;
            case "--codex-home" -> codexHome = value;
            case "--app-automation-current-rrule" -> currentRrule = value;
            default -> throw new IllegalArgumentException(option);
        }
    }

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        String profile = codexApp ? APP_PROFILE : runtimeProfile == null ? "" : runtimeProfile;
        if (codexApp && runtimeProfile != null && !runtimeProfile.equals(APP_PROFILE)) {
            throw CliError.badInput("invalid_arguments", "--codex-app contradicts --runtime-profile " + runtimeProfile);
        }
        if (!profile.isEmpty()) {
            TextOptions.oneOf("--runtime-profile", profile, AnswerShouldRun.PROFILES.toArray(String[]::new));
        }
        if (includeDetail != null) {
            TextOptions.oneOf("--include-detail", includeDetail, "scheduler", "all");
        }
        capabilities.forEach(c -> IdOptions.requireId("--available-capability", c));
        if (turnInstanceId != null) {
            IdOptions.requireId("--turn-instance-id", turnInstanceId);
        }
        if (currentRrule != null && !AnswerShouldRun.isMinutelyRrule(currentRrule)) {
            throw CliError.badInput(
                    "invalid_value", "--app-automation-current-rrule must look like FREQ=MINUTELY;INTERVAL=<n>");
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
        return context.emit(ShouldRunDocument.of(
                AnswerShouldRun.run(context.invocation(), request).getOrElseThrow(CliError::of)));
    }
}
