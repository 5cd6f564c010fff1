package dev.loopx.cli.agent;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalLifecycleAnswer;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.goal.ChangeLifecycle;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "goal-lifecycle",
        description = {
            "Stop or resume a goal. A stopped goal answers should_run=false until it is resumed.",
            "Only an owner or controller may (--actor-kind). Shows a preview unless --execute is given."
        },
        footer = {
            "",
            "Example:  loopx goal-lifecycle --goal-id g --operation stop --actor-kind owner --reason \"release freeze\" --execute"
        })
public final class GoalLifecycleCommand extends PreviewFirstCommand {
    @Option(names = "--operation", required = true, paramLabel = "stop|resume")
    String operation;

    @Option(names = "--actor-kind", required = true, paramLabel = "owner|controller")
    String actorKind;

    @Option(names = "--reason", required = true, paramLabel = "TEXT")
    String reason;

    @Override
    protected String schemaVersion() {
        return "loopx_goal_lifecycle_v0";
    }

    @Override
    protected void validate(CliContext context) {
        TextOptions.oneOf("--operation", operation, "stop", "resume");
        TextOptions.oneOf("--actor-kind", actorKind, "owner", "controller");
        TextOptions.requirePublic("--reason", reason, true);
    }

    @Override
    protected Actor actor() {
        return new Actor(actorKind.equals("owner") ? ActorKind.OWNER : ActorKind.CONTROLLER, "cli");
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new GoalLifecycleAnswer(head);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation,
                options,
                new GoalWrite.Lifecycle(
                        new ChangeLifecycle(goalId, operation.equals("stop"), reason),
                        ActorKind.fromWire(actorKind).orElseThrow()));
    }
}
