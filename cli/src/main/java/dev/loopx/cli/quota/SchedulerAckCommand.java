package dev.loopx.cli.quota;

import dev.loopx.application.Invocation;
import dev.loopx.application.goal.GoalWrite;
import dev.loopx.application.goal.GoalWrites;
import dev.loopx.application.goal.WriteOptions;
import dev.loopx.cli.render.GoalWriteHead;
import dev.loopx.cli.render.RenderedAnswer;
import dev.loopx.cli.render.SchedulerWriteAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.PreviewFirstCommand;
import dev.loopx.cli.support.RruleOption;
import dev.loopx.cli.support.TextOptions;
import dev.loopx.commands.Rejection;
import dev.loopx.commands.scheduler.SchedulerCommands.AckScheduler;
import dev.loopx.ledger.Actor;
import dev.loopx.ledger.ActorKind;
import io.vavr.control.Either;
import java.time.Instant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "scheduler-ack",
        aliases = "scheduler-ack-current",
        description = {
            "Tell LoopX the host applied a scheduler hint (run the ack_hint.cli_args of should-run).",
            "The reset token and identity signature must be the live hint's, else ok=false and nothing is",
            "appended. Persists scheduler.acked; an identical repeat changes nothing. Never spends.",
            "Preview unless --execute."
        },
        footer = {
            "",
            "Example:  loopx quota scheduler-ack-current --goal-id g --agent-id builder --applied-rrule FREQ=MINUTELY;INTERVAL=30 \\",
            "            --reset-token 0123456789abcdef --identity-signature 0123456789ab --execute"
        })
public final class SchedulerAckCommand extends PreviewFirstCommand {
    @Option(names = "--agent-id", required = true, paramLabel = "ID")
    String agentId;

    @Option(names = "--applied-rrule", required = true, paramLabel = "RRULE")
    String appliedRrule;

    @Option(names = "--reset-token", required = true, paramLabel = "HEX16")
    String resetToken;

    @Option(names = "--identity-signature", required = true, paramLabel = "HEX12")
    String identitySignature;

    @Option(names = "--surface", paramLabel = "SURFACE", description = "Host surface (default codex_app).")
    String surface = "codex_app";

    @Override
    protected String schemaVersion() {
        return "loopx_scheduler_ack_v0";
    }

    @Override
    protected void validate(CliContext context) {
        IdOptions.requireId("--agent-id", agentId);
        TextOptions.oneOf("--surface", surface, "codex_app");
        appliedRrule = RruleOption.canonical("--applied-rrule", appliedRrule);
        if (!resetToken.matches("[0-9a-f]{16}") || !identitySignature.matches("[0-9a-f]{12}")) {
            throw CliError.badInput(
                    ErrorCode.INVALID_VALUE,
                    "--reset-token is 16 hex digits and --identity-signature 12 (from should-run)");
        }
    }

    @Override
    protected Actor actor() {
        return new Actor(ActorKind.HOST, agentId);
    }

    @Override
    protected RenderedAnswer answer(GoalWriteHead head, CliContext context) {
        return new SchedulerWriteAnswer(head, command(context.now()));
    }

    private AckScheduler command(Instant now) {
        return new AckScheduler(goalId, agentId, surface, appliedRrule, resetToken, identitySignature, now);
    }

    @Override
    protected Either<Rejection, GoalWrites.Outcome> write(Invocation invocation, WriteOptions options) {
        return GoalWrites.run(invocation, options, new GoalWrite.Scheduler(command(invocation.now())));
    }
}
