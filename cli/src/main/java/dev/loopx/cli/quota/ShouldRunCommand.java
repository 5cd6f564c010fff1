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
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import dev.loopx.projections.query.RuntimeProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
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
public final class ShouldRunCommand extends LoopxSubcommand implements QuickCommand, TheOnlyGoalByDefault {
    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
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

    /**
     * The heartbeat question as typed values: the options as given, each string null when the
     * option was not (an empty {@code runtimeProfile} is no profile: the answer fails closed).
     */
    public record Question(
            String goalId,
            String agentId,
            String runtimeProfile,
            boolean codexApp,
            List<String> capabilities,
            String includeDetail,
            String turnInstanceId,
            String codexHome,
            String currentRrule,
            boolean asTheLane) {
        public Question {
            Objects.requireNonNull(goalId, "goalId");
            capabilities = List.copyOf(capabilities);
        }

        /** A lane's question as an MCP {@code should_run} asks it; an empty agent or turn is none. */
        public static Question ofLane(String goalId, String agentId, RuntimeProfile profile, String turnInstanceId) {
            return new Question(
                    goalId,
                    agentId.isEmpty() ? null : agentId,
                    profile.wire(),
                    false,
                    List.of(),
                    null,
                    turnInstanceId.isEmpty() ? null : turnInstanceId,
                    null,
                    null,
                    true);
        }
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
        return context.emit(answer(
                context,
                new Question(
                        goalId,
                        agentId,
                        runtimeProfile,
                        codexApp,
                        capabilities,
                        includeDetail,
                        turnInstanceId,
                        codexHome,
                        currentRrule,
                        true)));
    }

    /**
     * The one heartbeat answer the command, the MCP {@code should_run} tool and the dashboard
     * share: the option checks (exit 2), one {@link AnswerShouldRun} call, its record. Every
     * refusal of the question fails closed: its error carries {@code should_run=false}.
     *
     * @throws CliError for bad input or a refusal, as {@code loopx quota should-run} reports it
     */
    public static QuotaDecisionAnswer answer(CliContext context, Question question) {
        IdOptions.requireGoalId(question.goalId());
        String agentId = question.agentId();
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        // an empty --runtime-profile is no profile: the request fails closed
        Optional<RuntimeProfile> profile = !question.codexApp() && "".equals(question.runtimeProfile())
                ? Optional.empty()
                : RuntimeProfiles.of(question.codexApp(), question.runtimeProfile());
        String includeDetail = question.includeDetail();
        if (includeDetail != null) {
            TextOptions.oneOf("--include-detail", includeDetail, "scheduler", "all");
        }
        question.capabilities().forEach(c -> IdOptions.requireId("--available-capability", c));
        String turnInstanceId = question.turnInstanceId();
        if (turnInstanceId != null) {
            IdOptions.requireId("--turn-instance-id", turnInstanceId);
        }
        String currentRrule = question.currentRrule() == null
                ? null
                : RruleOption.canonical("--app-automation-current-rrule", question.currentRrule());
        AnswerShouldRun.Request request = new AnswerShouldRun.Request(
                question.goalId(),
                agentId == null ? "" : agentId,
                profile,
                question.capabilities(),
                includeDetail == null ? "" : includeDetail,
                currentRrule == null ? "" : currentRrule,
                turnInstanceId == null ? "" : turnInstanceId,
                question.codexHome(),
                question.asTheLane());
        return new QuotaDecisionAnswer(AnswerShouldRun.run(context.invocation(), request)
                .getOrElseThrow(rejection -> CliError.of(rejection).withFlag("should_run", false)));
    }
}
