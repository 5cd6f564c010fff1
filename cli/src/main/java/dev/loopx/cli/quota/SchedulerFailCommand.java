package dev.loopx.cli.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.SchedulerWriteAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.cli.support.RruleOption;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.scheduler.SchedulerCommands.FailScheduler;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "scheduler-fail-current",
        description = {
            "Tell LoopX the host could not apply --failed-rrule while its automation stayed at",
            "--app-automation-current-rrule (omit it when the host cannot read its RRULE). Up to 4 distinct",
            "(target, observed) pairs are remembered for",
            "24 h; while one matches, should-run answers apply_needed=false with",
            "state_status=host_update_failure_suppressed. An ack of that RRULE clears it. Never spends."
        },
        footer = {
            "",
            "Example:  loopx quota scheduler-fail-current --goal-id g --agent-id builder --failed-rrule 'FREQ=MINUTELY;INTERVAL=60' \\",
            "            --app-automation-current-rrule 'FREQ=MINUTELY;INTERVAL=30' --execute",
            "",
            "should-run's scheduler_hint.app_automation.failure_hint carries these arguments ready to run."
        })
public final class SchedulerFailCommand extends PreviewFirstCommand {
    @Option(names = "--agent-id", required = true, paramLabel = "ID")
    String agentId;

    @Option(names = "--failed-rrule", required = true, paramLabel = "RRULE")
    String failedRrule;

    @Option(
            names = "--app-automation-current-rrule",
            paramLabel = "RRULE",
            description = "The RRULE the automation still runs (omit when the host cannot read it: the pair is then"
                    + " matched against should-run calls that do not pass one either).")
    String currentRrule;

    @Override
    protected String schemaVersion() {
        return "loopx_scheduler_fail_v0";
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireId("--agent-id", agentId);
        failedRrule = RruleOption.canonical("--failed-rrule", failedRrule);
        currentRrule =
                currentRrule == null ? "" : RruleOption.canonical("--app-automation-current-rrule", currentRrule);
    }

    @Override
    protected Actor actor() {
        return new Actor(ActorKind.HOST, agentId);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new SchedulerWriteAnswer(head, command());
    }

    private FailScheduler command() {
        return new FailScheduler(goalId, agentId, "codex_app", failedRrule, currentRrule);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Scheduler(command()));
    }
}
