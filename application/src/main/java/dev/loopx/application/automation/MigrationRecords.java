package dev.loopx.application.automation;

import dev.loopx.application.Invocation;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.migration.PromptMigrationDecider;
import dev.loopx.commands.operation.Intent;
import dev.loopx.commands.operation.Receipt;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.host.codexapp.migration.MigrationOutcome;
import dev.loopx.host.codexapp.store.CodexHome;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.GoalState;
import io.vavr.control.Either;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@link MigrationOutcome.Recorder} of the prompt-upgrade use cases: appends each outcome, as
 * soon as the migrator knows it, as {@code prompt_migration.<kind>} on the outcome's goal (owner
 * actor, content-free: ids, digests, route, reason and the Codex home's identity digest), and
 * keeps what the ledger answered in order. Not thread-safe: one migration at a time.
 */
final class MigrationRecords implements MigrationOutcome.Recorder {
    private final Invocation invocation;
    private final LoopxRuntime runtime;
    private final String homeSha256;
    private final List<RecordedMigration> recorded = new ArrayList<>();

    MigrationRecords(Invocation invocation, LoopxRuntime runtime, CodexHome home) {
        this.invocation = invocation;
        this.runtime = runtime;
        this.homeSha256 = home.identitySha256();
    }

    @Override
    public void record(MigrationOutcome o) {
        PromptMigrationDecider.RecordPromptMigration command = new PromptMigrationDecider.RecordPromptMigration(
                o.goalId(),
                o.kind(),
                o.agentId(),
                o.automationId(),
                o.oldPromptSha256(),
                o.newPromptSha256(),
                o.targetThreadId(),
                o.cliRoute(),
                o.reason(),
                homeSha256);
        var args = Json.object()
                .put("automation_id", o.automationId())
                .put("outcome", o.kind())
                .put("reason", o.reason());
        LoopxRuntime.WriteContext write = new LoopxRuntime.WriteContext(
                invocation.now(), o.goalId(), new Actor(ActorKind.OWNER, "cli"), "", Intent.of(o.cliRoute(), args));
        Either<Rejection, Receipt> receipt = runtime.write(
                write, views -> PromptMigrationDecider.decide(command, GoalState.load(views, o.goalId())));
        String eventType = "prompt_migration." + o.kind();
        recorded.add(receipt.fold(
                refused -> new RecordedMigration(
                        eventType, o.automationId(), o.goalId(), Optional.of(refused.errorCode()), -1),
                written -> new RecordedMigration(
                        eventType,
                        o.automationId(),
                        o.goalId(),
                        Optional.empty(),
                        written.seqs().isEmpty() ? -1 : written.seqs().get(0))));
    }

    /** Everything recorded so far, in order. */
    List<RecordedMigration> recorded() {
        return List.copyOf(recorded);
    }
}
