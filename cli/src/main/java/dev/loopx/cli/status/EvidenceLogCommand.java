package dev.loopx.cli.status;

import dev.loopx.application.status.ReadEvidenceLog;
import dev.loopx.cli.render.EvidenceLogAnswer;
import dev.loopx.cli.support.CliContext;
import dev.loopx.cli.support.CliError;
import dev.loopx.cli.support.ErrorCode;
import dev.loopx.cli.support.IdOptions;
import dev.loopx.cli.support.LoopxSubcommand;
import dev.loopx.cli.support.TheOnlyGoalByDefault;
import dev.loopx.projections.evidence.EvidenceFold;
import dev.loopx.projections.evidence.EvidenceLog;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code loopx evidence-log}: {@code loopx_evidence_log_v0}, the lane's own recent writebacks and
 * spends plus the goal's rewards and operator gate runs, newest first, within {@code --max-bytes}
 * (whole items). The read an agent does before replanning. Read-only.
 */
@Command(
        name = "evidence-log",
        description = {
            "Show this lane's recent writebacks and spends and the goal's rewards and gate decisions, newest first.",
            "Whole items fit a byte budget (--max-bytes; --thin gives one short line per item); the newest "
                    + EvidenceFold.KEPT + " items of",
            "each lane are kept. The read an agent does before replanning. Read-only."
        },
        footer = {"", "Example:  loopx evidence-log --goal-id weather-app-goal --agent-id builder --thin"})
public final class EvidenceLogCommand extends LoopxSubcommand implements TheOnlyGoalByDefault {
    static final int DEFAULT_BYTES = 4096;
    static final int MIN_BYTES = 256;
    static final int MAX_BYTES = 65_536;

    @Option(names = "--goal-id", paramLabel = "ID", description = "The goal. " + TheOnlyGoalByDefault.HELP)
    String goalId;

    @Option(
            names = "--agent-id",
            paramLabel = "ID",
            description = "The lane (required on a goal with registered agents; omit on a goal without agents).")
    String agentId;

    @Option(
            names = "--max-bytes",
            paramLabel = "N",
            description = "Byte budget of the items (UTF-8 JSON; default " + DEFAULT_BYTES + ", " + MIN_BYTES + "–"
                    + MAX_BYTES + ").")
    int maxBytes = DEFAULT_BYTES;

    @Option(names = "--thin", description = "One short line per item (field lines) instead of objects (field items).")
    boolean thin;

    @Override
    protected int execute(CliContext context) {
        IdOptions.requireGoalId(goalId);
        if (agentId != null) {
            IdOptions.requireId("--agent-id", agentId);
        }
        if (maxBytes < MIN_BYTES || maxBytes > MAX_BYTES) {
            throw CliError.badInput(
                    ErrorCode.INVALID_VALUE, "--max-bytes must be from " + MIN_BYTES + " to " + MAX_BYTES);
        }
        String lane = agentId == null ? "" : agentId;
        List<EvidenceLog.Item> items = ReadEvidenceLog.run(
                        context.invocation(), new ReadEvidenceLog.Request(goalId, lane))
                .getOrElseThrow(CliError::of);
        return context.emit(EvidenceLogAnswer.fit(goalId, lane, items, maxBytes, thin));
    }
}
