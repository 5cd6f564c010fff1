package dev.loopx.cli.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.application.quota.RecordWriteback;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RefreshStateAnswer;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.DryRunCommand;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.quota.QuotaCommands.RecordEvidence;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "refresh-state",
        description = {
            "Write a turn's evidence back (evidence.recorded). outcome_progress and",
            "primary_goal_outcome are accountable: exactly one quota spend may follow each. Never spends."
        },
        footer = {
            "",
            "Example:  loopx refresh-state --goal-id g --agent-id builder --delivery-outcome outcome_progress \\",
            "            --summary \"importer handles empty files\""
        })
public final class RefreshStateCommand extends DryRunCommand {
    @Option(names = "--agent-id", paramLabel = "ID")
    String agentId;

    @Option(
            names = "--delivery-outcome",
            paramLabel = "OUTCOME",
            description = "outcome_progress | primary_goal_outcome | surface_only | outcome_gap")
    String deliveryOutcome;

    @Option(names = "--summary", paramLabel = "TEXT")
    String summary;

    /** The same-outcome breaker's owner gate the write opened (empty: none). */
    private String gateTodoId = "";

    @Override
    protected String schemaVersion() {
        return "loopx_refresh_state_v0";
    }

    @Override
    protected void validate(CliContext context) {
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        if (deliveryOutcome != null) {
            TextOptions.oneOf(
                    "--delivery-outcome",
                    deliveryOutcome,
                    "outcome_progress",
                    "primary_goal_outcome",
                    "surface_only",
                    "outcome_gap");
        }
        summary = TextOptions.requirePublic("--summary", summary, false);
    }

    private RecordEvidence command() {
        return new RecordEvidence(goalId, orEmpty(agentId), orEmpty(deliveryOutcome), summary);
    }

    @Override
    protected Actor actor() {
        return agentId == null ? new Actor(ActorKind.HOST, "cli") : new Actor(ActorKind.AGENT, agentId);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new RefreshStateAnswer(
                head,
                deliveryOutcome != null
                        && (deliveryOutcome.equals("outcome_progress")
                                || deliveryOutcome.equals("primary_goal_outcome")),
                gateTodoId.isEmpty()
                        ? Optional.empty()
                        : Optional.of(new RefreshStateAnswer.SameOutcomeGate(gateTodoId, orEmpty(agentId))));
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return RecordWriteback.run(invocation, options, command()).map(r -> {
            gateTodoId = r.gateTodoId();
            return r.outcome();
        });
    }
}
