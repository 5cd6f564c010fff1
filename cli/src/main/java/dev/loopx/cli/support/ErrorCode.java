package dev.loopx.cli.support;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every {@code error_code} the CLI reports in a {@code loopx_error_v0} document (SPEC §S0), with
 * its wire spelling. Its exit code is decided by {@link ExitCodes#forError}, exhaustively: a new
 * code does not compile until it has one. Codes that arrive as text from a lower floor (a
 * {@code LedgerException}, a privacy violation, a refused connect) are looked up with
 * {@link #fromWire}; {@code ErrorCodeTest} checks that every code spelled in the sources is here.
 */
public enum ErrorCode {
    // exit 2: bad input, nothing written
    INVALID_ARGUMENTS("invalid_arguments"),
    INVALID_GOAL_ID("invalid_goal_id"),
    INVALID_AGENT_ID("invalid_agent_id"),
    INVALID_VALUE("invalid_value"),
    INVALID_TIME("invalid_time"),
    INVALID_FORMAT("invalid_format"),
    RUNTIME_ROOT_NOT_FOUND("runtime_root_not_found"),
    RUNTIME_ROOT_NOT_A_DIRECTORY("runtime_root_not_a_directory"),
    RUNTIME_ROOT_NOT_INITIALIZED("runtime_root_not_initialized"),
    RUNTIME_ROOT_FOREIGN("runtime_root_foreign"),
    PROJECT_NOT_FOUND("project_not_found"),
    IMPORT_FILE_UNREADABLE("import_file_unreadable"),
    IMPORT_FILE_INVALID("import_file_invalid"),
    PUBLIC_BOUNDARY_VIOLATION("public_boundary_violation"),
    UNKNOWN_OPTION("unknown_option"),
    INVALID_TODO_ID("invalid_todo_id"),
    INVALID_RESUME_WHEN("invalid_resume_when"),
    INVALID_TTL("invalid_ttl"),
    INVALID_SAME_OUTCOME_LIMITS("invalid_same_outcome_limits"),
    INVALID_TEXT("invalid_text"),
    INVALID_TASK_CLASS("invalid_task_class"),
    INVALID_ENUM("invalid_enum"),
    ACTOR_KIND_REQUIRED("actor_kind_required"),
    GATE_SCOPE_REQUIRED("gate_scope_required"),
    DECISION_OUTCOME_REQUIRED("decision_outcome_required"),
    TEXT_FILE_UNREADABLE("text_file_unreadable"),
    REPLACEMENT_SAME_AS_TODO("replacement_same_as_todo"),
    ARCHIVE_NOT_FOUND("archive_not_found"),
    PRIVATE_FILE_TARGET_REFUSED("private_file_target_refused"),
    BIND_ADDRESS_REFUSED("bind_address_refused"),
    INVALID_LEDGER_LOCATION("invalid_ledger_location"),
    LEDGER_LOCATION_HAS_PASSWORD("ledger_location_has_password"),
    LEDGER_LOCATION_CONFLICT("ledger_location_conflict"),
    // exit 1: the command ran and refused
    GOAL_NOT_FOUND("goal_not_found"),
    CONCURRENT_WRITE_CONFLICT("concurrent_write_conflict"),
    LOCK_ACQUIRE_TIMEOUT("lock_acquire_timeout"),
    LEDGER_VERIFY_FAILED("ledger_verify_failed"),
    LEDGER_REPAIR_NEEDED("ledger_repair_needed"),
    LEDGER_NOT_EMPTY("ledger_not_empty"),
    IMPORT_CHAIN_BROKEN("import_chain_broken"),
    DOCTOR_FOUND_PROBLEMS("doctor_found_problems"),
    OPERATION_ID_CONFLICT("operation_id_conflict"),
    STATUS_COLLECTION_UNAVAILABLE("status_collection_unavailable"),
    AGENT_IDENTITY_ALREADY_REGISTERED("agent_identity_already_registered"),
    AGENT_NOT_REGISTERED("agent_not_registered"),
    AGENT_ID_REQUIRED("agent_id_required"),
    TODO_NOT_FOUND("todo_not_found"),
    CLAIMED_BY_OTHER("claimed_by_other"),
    AGENT_EXCLUDED("agent_excluded"),
    LEASED_BY_OTHER("leased_by_other"),
    LEASE_NOT_HELD("lease_not_held"),
    LEASE_ALREADY_HELD("lease_already_held"),
    TODO_NOT_OPEN("todo_not_open"),
    TODO_ALREADY_COMPLETED("todo_already_completed"),
    USE_COMPLETE_FOR_DONE("use_complete_for_done"),
    SECTION_NOT_EMPTY("section_not_empty"),
    NO_ACCOUNTABLE_WRITEBACK("no_accountable_writeback"),
    WRITEBACK_ALREADY_SPENT("writeback_already_spent"),
    SCHEDULER_HINT_MISMATCH("scheduler_hint_mismatch"),
    SPEND_NOT_FOUND("spend_not_found"),
    NOT_A_MONITOR("not_a_monitor"),
    MONITOR_NOT_OPEN("monitor_not_open"),
    CLAIM_EPOCH_MISMATCH("claim_epoch_mismatch"),
    TODO_NOT_CLAIMED("todo_not_claimed"),
    RECLAIM_NOT_ALLOWED("reclaim_not_allowed"),
    AGENT_THREAD_BOUND_TO_OTHER("agent_thread_bound_to_other"),
    AGENT_THREAD_NOT_BOUND("agent_thread_not_bound"),
    EXECUTE_AND_OFFLINE_REQUIRED("execute_and_offline_required"),
    LEDGER_TAMPERED("ledger_tampered"),
    PROJECT_NOT_RECORDED("project_not_recorded"),
    PROJECT_LABEL_AMBIGUOUS("project_label_ambiguous"),
    // exit 3: the environment failed (files, locks, the JVM)
    INTERNAL_ERROR("internal_error"),
    INTERRUPTED("interrupted"),
    LEDGER_CORRUPT("ledger_corrupt"),
    LEDGER_DAMAGED("ledger_damaged"),
    LEDGER_UNVERIFIED("ledger_unverified"),
    LEDGER_REPAIR_FAILED("ledger_repair_failed"),
    LEDGER_MISSING("ledger_missing"),
    LEDGER_UNREADABLE("ledger_unreadable"),
    LEDGER_FOREIGN_FILES("ledger_foreign_files"),
    LEDGER_SYNC_FAILED("ledger_sync_failed"),
    LEDGER_TAIL_LOST("ledger_tail_lost"),
    LEDGER_WRITE_FAILED("ledger_write_failed"),
    APPEND_TOO_LARGE("append_too_large"),
    EVENT_VERSION_UNSUPPORTED("event_version_unsupported"),
    UNKNOWN_EVENT_TYPE("unknown_event_type"),
    JVM_FLAGS_MISSING("jvm_flags_missing"),
    LOCK_ACQUIRE_INTERRUPTED("lock_acquire_interrupted"),
    LOCK_RELEASE_FAILED("lock_release_failed"),
    NOT_A_REGULAR_FILE("not_a_regular_file"),
    RUNTIME_ROOT_UNREADABLE("runtime_root_unreadable"),
    RUNTIME_ROOT_UNWRITABLE("runtime_root_unwritable"),
    PROJECT_INDEX_UNREADABLE("project_index_unreadable"),
    PROJECT_INDEX_UNWRITABLE("project_index_unwritable"),
    PROJECT_INDEX_LOCK_TIMEOUT("project_index_lock_timeout"),
    PROJECTION_DIVERGED("projection_diverged"),
    PROJECTION_STORE_UNREADABLE("projection_store_unreadable"),
    HOST_FILE_WRITE_FAILED("host_file_write_failed"),
    CLI_UNAVAILABLE("cli_unavailable"),
    DASHBOARD_PORT_UNAVAILABLE("dashboard_port_unavailable"),
    LEDGER_SERVER_UNAVAILABLE("ledger_server_unavailable"),
    LEDGER_WRITE_OUTCOME_UNKNOWN("ledger_write_outcome_unknown"),
    LEDGER_SERVER_REFUSED("ledger_server_refused"),
    LEDGER_SCHEMA_UNSUPPORTED("ledger_schema_unsupported"),
    LEDGER_BACKEND_MISSING("ledger_backend_missing"),
    LEDGER_LOCATION_UNREADABLE("ledger_location_unreadable");

    private static final Map<String, ErrorCode> BY_WIRE = new HashMap<>();

    static {
        for (ErrorCode code : values()) {
            BY_WIRE.put(code.wire, code);
        }
    }

    private final String wire;

    ErrorCode(String wire) {
        this.wire = wire;
    }

    /** The contract's spelling. */
    public String wire() {
        return wire;
    }

    public static Optional<ErrorCode> fromWire(String wire) {
        return Optional.ofNullable(BY_WIRE.get(wire));
    }

    /** The code of {@code wire}; a spelling this enum does not know is a programming error. */
    public static ErrorCode of(String wire) {
        return fromWire(wire).orElseThrow(() -> new IllegalArgumentException("unknown error_code " + wire));
    }
}
