package dev.loopx.cli.support;

import dev.loopx.commands.Rejection;
import java.util.Set;

/**
 * The one place exit codes are decided (SPEC §S0): 0 ok; 1 the command ran and the answer is a
 * refusal or blocker; 2 bad input, nothing written; 3 environment or I/O failure.
 */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int REFUSED = 1;
    public static final int BAD_INPUT = 2;
    public static final int ENVIRONMENT = 3;

    private static final Set<String> BAD_INPUT_CODES = Set.of(
            "invalid_arguments",
            "invalid_goal_id",
            "invalid_agent_id",
            "invalid_value",
            "invalid_time",
            "invalid_format",
            "runtime_root_not_found",
            "runtime_root_not_a_directory",
            "runtime_root_not_initialized",
            "runtime_root_foreign",
            "project_not_found",
            "import_file_unreadable",
            "import_file_invalid",
            "public_boundary_violation",
            "unknown_option",
            "invalid_todo_id",
            "invalid_resume_when",
            "invalid_text",
            "invalid_task_class",
            "invalid_enum",
            "actor_kind_required",
            "gate_scope_required",
            "decision_outcome_required",
            "text_file_unreadable",
            "replacement_same_as_todo",
            "archive_not_found");

    private static final Set<String> REFUSAL_CODES = Set.of(
            "goal_not_found",
            "concurrent_write_conflict",
            "lock_acquire_timeout",
            "ledger_verify_failed",
            "ledger_not_empty",
            "import_chain_broken",
            "doctor_found_problems",
            "operation_id_conflict",
            "status_collection_unavailable");

    private ExitCodes() {}

    public static int forError(String errorCode) {
        if (BAD_INPUT_CODES.contains(errorCode)) {
            return BAD_INPUT;
        }
        if (REFUSAL_CODES.contains(errorCode)) {
            return REFUSED;
        }
        return ENVIRONMENT;
    }

    /**
     * A decider's refusal: exit 1, or 2 when the refusal is about the input itself. By type and
     * exhaustive: a new {@link Rejection} does not compile until it is given its exit code here.
     */
    public static int forRejection(Rejection rejection) {
        return switch (rejection) {
            case Rejection.TaskClassRequired r -> BAD_INPUT;
            case Rejection.TaskClassNotForRole r -> BAD_INPUT;
            case Rejection.NotForThisTodo r -> BAD_INPUT;
            case Rejection.GateScopeRequired r -> BAD_INPUT;
            case Rejection.ReplacementIsTheSameTodo r -> BAD_INPUT;
            case Rejection.DecisionOutcomeRequired r -> BAD_INPUT;
            case Rejection.GoalNotFound r -> REFUSED;
            case Rejection.ConcurrentWriteConflict r -> REFUSED;
            case Rejection.OperationIdConflict r -> REFUSED;
            case Rejection.AgentIdentityAlreadyRegistered r -> REFUSED;
            case Rejection.AgentNotRegistered r -> REFUSED;
            case Rejection.AgentIdRequired r -> REFUSED;
            case Rejection.TodoNotFound r -> REFUSED;
            case Rejection.ClaimedByOther r -> REFUSED;
            case Rejection.AgentExcluded r -> REFUSED;
            case Rejection.TodoAlreadyCompleted r -> REFUSED;
            case Rejection.UseCompleteForDone r -> REFUSED;
            case Rejection.SectionNotEmpty r -> REFUSED;
            case Rejection.NoAccountableWriteback r -> REFUSED;
            case Rejection.WritebackAlreadySpent r -> REFUSED;
            case Rejection.SchedulerHintMismatch r -> REFUSED;
            case Rejection.SpendNotFound r -> REFUSED;
        };
    }

    /** A document with {@code ok=false} that is not an error envelope is a refusal. */
    public static int forDocument(boolean ok) {
        return ok ? OK : REFUSED;
    }
}
