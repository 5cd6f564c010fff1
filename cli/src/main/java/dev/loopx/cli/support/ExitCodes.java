package dev.loopx.cli.support;

import dev.loopx.commands.Rejection;

/**
 * The one place exit codes are decided (SPEC §S0): 0 ok; 1 the command ran and the answer is a
 * refusal or blocker; 2 bad input, nothing written; 3 environment or I/O failure.
 */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int REFUSED = 1;
    public static final int BAD_INPUT = 2;
    public static final int ENVIRONMENT = 3;

    private ExitCodes() {}

    /** The exit code of an error envelope, by its code (exhaustive; no default). */
    public static int forError(ErrorCode code) {
        return switch (code) {
            case INVALID_ARGUMENTS,
                    INVALID_GOAL_ID,
                    INVALID_AGENT_ID,
                    INVALID_VALUE,
                    INVALID_TIME,
                    INVALID_FORMAT,
                    RUNTIME_ROOT_NOT_FOUND,
                    RUNTIME_ROOT_NOT_A_DIRECTORY,
                    RUNTIME_ROOT_NOT_INITIALIZED,
                    RUNTIME_ROOT_FOREIGN,
                    PROJECT_NOT_FOUND,
                    IMPORT_FILE_UNREADABLE,
                    IMPORT_FILE_INVALID,
                    PUBLIC_BOUNDARY_VIOLATION,
                    UNKNOWN_OPTION,
                    INVALID_TODO_ID,
                    INVALID_RESUME_WHEN,
                    INVALID_TTL,
                    INVALID_SAME_OUTCOME_LIMITS,
                    INVALID_TEXT,
                    INVALID_TASK_CLASS,
                    INVALID_ENUM,
                    ACTOR_KIND_REQUIRED,
                    GATE_SCOPE_REQUIRED,
                    DECISION_OUTCOME_REQUIRED,
                    TEXT_FILE_UNREADABLE,
                    REPLACEMENT_SAME_AS_TODO,
                    ARCHIVE_NOT_FOUND,
                    PRIVATE_FILE_TARGET_REFUSED,
                    BIND_ADDRESS_REFUSED,
                    INVALID_LEDGER_LOCATION,
                    LEDGER_LOCATION_HAS_PASSWORD,
                    LEDGER_LOCATION_CONFLICT -> BAD_INPUT;
            case GOAL_NOT_FOUND,
                    CONCURRENT_WRITE_CONFLICT,
                    LOCK_ACQUIRE_TIMEOUT,
                    LEDGER_VERIFY_FAILED,
                    LEDGER_REPAIR_NEEDED,
                    LEDGER_NOT_EMPTY,
                    IMPORT_CHAIN_BROKEN,
                    DOCTOR_FOUND_PROBLEMS,
                    OPERATION_ID_CONFLICT,
                    STATUS_COLLECTION_UNAVAILABLE,
                    AGENT_IDENTITY_ALREADY_REGISTERED,
                    AGENT_NOT_REGISTERED,
                    AGENT_ID_REQUIRED,
                    TODO_NOT_FOUND,
                    CLAIMED_BY_OTHER,
                    AGENT_EXCLUDED,
                    LEASED_BY_OTHER,
                    LEASE_NOT_HELD,
                    LEASE_ALREADY_HELD,
                    TODO_NOT_OPEN,
                    TODO_ALREADY_COMPLETED,
                    USE_COMPLETE_FOR_DONE,
                    SECTION_NOT_EMPTY,
                    NO_ACCOUNTABLE_WRITEBACK,
                    WRITEBACK_ALREADY_SPENT,
                    SCHEDULER_HINT_MISMATCH,
                    SPEND_NOT_FOUND,
                    NOT_A_MONITOR,
                    MONITOR_NOT_OPEN,
                    CLAIM_EPOCH_MISMATCH,
                    TODO_NOT_CLAIMED,
                    RECLAIM_NOT_ALLOWED,
                    AGENT_THREAD_BOUND_TO_OTHER,
                    AGENT_THREAD_NOT_BOUND,
                    EXECUTE_AND_OFFLINE_REQUIRED,
                    LEDGER_TAMPERED,
                    PROJECT_NOT_RECORDED,
                    PROJECT_LABEL_AMBIGUOUS,
                    LEDGER_CORRUPT,
                    LEDGER_TAIL_LOST,
                    PROJECTION_DIVERGED -> REFUSED;
            case INTERNAL_ERROR,
                    INTERRUPTED,
                    LEDGER_DAMAGED,
                    LEDGER_UNVERIFIED,
                    LEDGER_REPAIR_FAILED,
                    LEDGER_MISSING,
                    LEDGER_UNREADABLE,
                    LEDGER_FOREIGN_FILES,
                    LEDGER_SYNC_FAILED,
                    LEDGER_WRITE_FAILED,
                    APPEND_TOO_LARGE,
                    EVENT_VERSION_UNSUPPORTED,
                    UNKNOWN_EVENT_TYPE,
                    JVM_FLAGS_MISSING,
                    LOCK_ACQUIRE_INTERRUPTED,
                    LOCK_RELEASE_FAILED,
                    NOT_A_REGULAR_FILE,
                    RUNTIME_ROOT_UNREADABLE,
                    RUNTIME_ROOT_UNWRITABLE,
                    PROJECT_INDEX_UNREADABLE,
                    PROJECT_INDEX_UNWRITABLE,
                    PROJECT_INDEX_LOCK_TIMEOUT,
                    PROJECTION_STORE_UNREADABLE,
                    HOST_FILE_WRITE_FAILED,
                    CLI_UNAVAILABLE,
                    DASHBOARD_PORT_UNAVAILABLE,
                    LEDGER_SERVER_UNAVAILABLE,
                    LEDGER_WRITE_OUTCOME_UNKNOWN,
                    LEDGER_SERVER_REFUSED,
                    LEDGER_SCHEMA_UNSUPPORTED,
                    LEDGER_BACKEND_MISSING,
                    LEDGER_LOCATION_UNREADABLE -> ENVIRONMENT;
        };
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
            case Rejection.ClaimEpochMismatch r -> REFUSED;
            case Rejection.TodoNotClaimed r -> REFUSED;
            case Rejection.ReclaimNotAllowed r -> REFUSED;
            case Rejection.ClearClaimOfOther r -> REFUSED;
            case Rejection.AgentExcluded r -> REFUSED;
            case Rejection.LeasedByOther r -> REFUSED;
            case Rejection.LeaseNotHeld r -> REFUSED;
            case Rejection.LeaseAlreadyHeld r -> REFUSED;
            case Rejection.TodoNotOpen r -> REFUSED;
            case Rejection.LeaseTtlOutOfRange r -> BAD_INPUT;
            case Rejection.SameOutcomeLimitsOutOfOrder r -> BAD_INPUT;
            case Rejection.TodoAlreadyCompleted r -> REFUSED;
            case Rejection.UseCompleteForDone r -> REFUSED;
            case Rejection.SectionNotEmpty r -> REFUSED;
            case Rejection.NoAccountableWriteback r -> REFUSED;
            case Rejection.WritebackAlreadySpent r -> REFUSED;
            case Rejection.SchedulerHintMismatch r -> REFUSED;
            case Rejection.SpendNotFound r -> REFUSED;
            case Rejection.NotAMonitor r -> REFUSED;
            case Rejection.MonitorNotOpen r -> REFUSED;
            case Rejection.AgentThreadBoundToOther r -> REFUSED;
            case Rejection.AgentThreadNotBound r -> REFUSED;
        };
    }

    /** A document with {@code ok=false} that is not an error envelope is a refusal. */
    public static int forDocument(boolean ok) {
        return ok ? OK : REFUSED;
    }
}
