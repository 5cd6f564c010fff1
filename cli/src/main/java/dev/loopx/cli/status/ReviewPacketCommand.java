package dev.loopx.cli.status;

import dev.loopx.application.status.ReadReviewPacket;
import dev.loopx.cli.render.ReviewPacketAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import dev.loopx.projections.query.ReviewPacket;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx review-packet} (SPEC §S9): {@code loopx_review_packet_v0}, a handoff packet for a
 * reviewer or the next agent that fits {@code --max-chars} (the compact JSON, whole items dropped
 * from the end of lists; {@code budget} and {@code truncated} say what happened). Read-only.
 */
@Command(
        name = "review-packet",
        description = {
            "A compact handoff for a reviewer or the next agent: kind, waiting_on, what changed since",
            "the last reward, the latest evidence and the exact next commands, within --max-chars",
            "(default 4000; whole list items are dropped, strings are never cut). Read-only."
        },
        footer = {"", "Example:  loopx review-packet --goal-id weather-app-goal --agent-id builder --max-chars 2000"})
public final class ReviewPacketCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    static final int MIN_CHARS = 200;

    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
    String goalId;

    @Option(names = "--agent-id", paramLabel = "ID", description = "The lane handing off (default: every lane).")
    String agentId;

    @Option(
            names = "--max-chars",
            paramLabel = "N",
            description = "Character budget of the JSON answer (default 4000).")
    int maxChars = 4000;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        if (maxChars < MIN_CHARS) {
            throw CliError.badInput(ErrorCode.INVALID_VALUE, "--max-chars must be at least " + MIN_CHARS);
        }
        ReviewPacket packet = ReadReviewPacket.run(
                        context.invocation(), new ReadReviewPacket.Request(goalId, agentId == null ? "" : agentId))
                .getOrElseThrow(CliError::of);
        return context.emit(new ReviewPacketAnswer(packet, maxChars));
    }
}
