package dev.loopx.projections.next;

/**
 * The named arguments a {@link NextStep} may carry. Only the CLI spells them as {@code --flags}
 * (its {@code CommandLines}); below the CLI an argument is named with one of these. Declared in the
 * order a command line names them (the goal, the lane, the todo, then what the command says), which
 * is where {@link NextStep#fill} puts a value the reader's context supplies.
 */
public enum Flag {
    PROJECT,
    CODEX_HOME,
    CLAUDE_HOME,
    OPENCODE_CONFIG_DIR,
    PI_AGENT_DIR,
    PLAN_FILE,
    AUTOMATION_ID,
    GOAL_ID,
    AGENT_ID,
    TODO_ID,
    THREAD_ID,
    HOST_SURFACE,
    TTL_MINUTES,
    ROLE,
    OBJECTIVE,
    OPERATION_ID,
    MESSAGE,
    RRULE,
    TEXT,
    STATUS,
    RESUME_WHEN,
    EVIDENCE,
    NO_FOLLOW_UP,
    NOTE,
    REASON,
    NEXT_AGENT_TODO,
    DECISION_OUTCOME,
    REQUIRED_CAPABILITY,
    AVAILABLE_CAPABILITY,
    DELIVERY_OUTCOME,
    SUMMARY,
    RUNTIME_PROFILE,
    RESULT_DIGEST,
    MATERIAL_CHANGE,
    OPERATION,
    ACTOR_KIND,
    QUOTA_COMPUTE,
    REWARD,
    REASON_SUMMARY,
    BOOTSTRAP,
    APPLIED_RRULE,
    FAILED_RRULE,
    APP_AUTOMATION_CURRENT_RRULE,
    RESET_TOKEN,
    IDENTITY_SIGNATURE,
    MOVE,
    EXECUTE
}
