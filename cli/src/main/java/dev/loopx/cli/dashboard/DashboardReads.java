package dev.loopx.cli.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.nio.file.Path;

/**
 * The reads the dashboard shows, each answered exactly as the CLI answers it with
 * {@code --format json}: the command's record as JSON, paths redacted, or its
 * {@code loopx_error_v0}, with the exit code the command would end with. The values are the query's
 * as given ({@code null}: not given) and are checked as the command checks its options. Reads are
 * serialised: each opens and closes the runtime, as separate CLI processes would. The dashboard
 * knows only this interface, never a command ({@link UseCaseReads} implements it).
 */
interface DashboardReads {
    /** One answer: the exit code and the document ({@code ledger replay}: its events, see {@link #ledgerReplay}). */
    record Answer(int exit, JsonNode document) {}

    /** {@code loopx status [--goal-id G] [--agent-id A]}. */
    Answer status(Path runtimeRoot, String goalId, String agentId);

    /** {@code loopx todo list --goal-id G [--agent-id A] [--status S]}. */
    Answer todoList(Path runtimeRoot, String goalId, String agentId, String status);

    /** {@code loopx quota status --goal-id G [--agent-id A]}. */
    Answer quotaStatus(Path runtimeRoot, String goalId, String agentId);

    /** {@code loopx quota should-run --include-detail all --goal-id G [--agent-id A] [--runtime-profile P]}. */
    Answer shouldRun(Path runtimeRoot, String goalId, String agentId, String runtimeProfile);

    /** {@code loopx ledger verify}. */
    Answer ledgerVerify(Path runtimeRoot);

    /**
     * {@code loopx ledger replay [--goal-id G] [--from N] [--to N]}: an {@link ArrayNode} of the
     * events (exit 0); otherwise the events read before the failure followed by its
     * {@code loopx_error_v0}, as the command's output lines.
     */
    Answer ledgerReplay(Path runtimeRoot, String goalId, String from, String to);

    /** {@code loopx global-summary | global-gates | global-todos | global-risks} over the LoopX home. */
    Answer global(String name);
}
