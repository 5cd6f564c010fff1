package dev.loopx.projections.next;

/**
 * The commands LoopX may hand to an agent or a person as a next step. Only the CLI spells them
 * (its {@code CommandLines}); below the CLI a next step names its verb with one of these and never
 * with text, so a renamed command breaks the build where it is handed out instead of the host that
 * pastes it.
 */
public enum Verb {
    CONNECT,
    REGISTER_AGENT,
    CONFIGURE_GOAL,
    GOAL_LIFECYCLE,
    TODO_LIST,
    TODO_ADD,
    TODO_CLAIM,
    TODO_RECLAIM,
    TODO_COMPLETE,
    TODO_UPDATE,
    TODO_CHECKPOINT,
    TODO_SUPERSEDE,
    TODO_DECLARE_EMPTY,
    REFRESH_STATE,
    REWARD,
    HEARTBEAT_PROMPT,
    QUOTA_SHOULD_RUN,
    QUOTA_SPEND_SLOT,
    QUOTA_MONITOR_POLL,
    QUOTA_SCHEDULER_ACK_CURRENT,
    QUOTA_SCHEDULER_FAIL_CURRENT,
    TASK_LEASE_INSPECT,
    TASK_LEASE_RENEW,
    BIND_AGENT_THREAD,
    LEDGER_REPLAY,
    LEDGER_VERIFY,
    LEDGER_REPAIR,
    PROJECTIONS_REBUILD
}
