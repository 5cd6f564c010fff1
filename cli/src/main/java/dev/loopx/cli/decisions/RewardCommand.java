package dev.loopx.cli.decisions;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.RewardAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.DryRunCommand;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.reward.RecordReward;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "reward",
        description = {
            "Record the owner's or controller's judgement of the work. A real append needs",
            "--actor-kind owner|controller: hosts and agents can never give themselves a reward."
        },
        footer = {
            "",
            "Example:  loopx reward --goal-id g --reward positive --reason-summary \"importer shipped\" --actor-kind owner \\",
            "            --lesson-kind process --lesson-summary \"small PRs merged faster\""
        })
public final class RewardCommand extends DryRunCommand {
    @Option(names = "--reward", required = true, paramLabel = "positive|negative|mixed|neutral")
    String reward;

    @Option(names = "--reason-summary", required = true, paramLabel = "TEXT")
    String reasonSummary;

    @Option(names = "--actor-kind", paramLabel = "owner|controller")
    String actorKind;

    @Option(names = "--decision", paramLabel = "LABEL")
    String decision;

    @Option(names = "--lesson-kind", paramLabel = "K")
    String lessonKind;

    @Option(names = "--lesson-summary", paramLabel = "TEXT")
    String lessonSummary;

    @Override
    protected String schemaVersion() {
        return "loopx_reward_v0";
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new RewardAnswer(head);
    }

    @Override
    protected void validate(CliContext context) {
        TextOptions.oneOf("--reward", reward, "positive", "negative", "mixed", "neutral");
        TextOptions.requirePublic("--reason-summary", reasonSummary, true);
        if (actorKind != null) {
            TextOptions.oneOf("--actor-kind", actorKind, "owner", "controller");
        } else if (!dryRun) {
            throw CliError.badInput(
                    ErrorCode.ACTOR_KIND_REQUIRED, "a reward is appended only with --actor-kind owner|controller");
        }
        if (decision != null) {
            IdOptions.requireId("--decision", decision);
        }
        if (lessonKind != null) {
            IdOptions.requireId("--lesson-kind", lessonKind);
        }
        lessonSummary = TextOptions.requirePublic("--lesson-summary", lessonSummary, false);
        if ((lessonKind == null) != lessonSummary.isEmpty()) {
            throw CliError.badInput(ErrorCode.INVALID_ARGUMENTS, "--lesson-kind and --lesson-summary go together");
        }
    }

    private RecordReward command() {
        return new RecordReward(goalId, reward, reasonSummary, orEmpty(decision), orEmpty(lessonKind), lessonSummary);
    }

    @Override
    protected Actor actor() {
        return new Actor("controller".equals(actorKind) ? ActorKind.CONTROLLER : ActorKind.OWNER, "cli");
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(
                invocation,
                options,
                new GoalWrite.Reward(command(), ActorKind.fromWire(actorKind).orElseThrow()));
    }
}
