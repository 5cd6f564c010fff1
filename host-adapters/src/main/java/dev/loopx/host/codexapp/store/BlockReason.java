package dev.loopx.host.codexapp.store;

/**
 * Why a cross-store read is {@code blocked}. Declaration order is reporting order: the first
 * reason found is the primary one.
 */
public enum BlockReason {
    SQLITE_ROW_MISSING("sqlite_row_missing"),
    DUPLICATE_ID("duplicate_id"),
    TOML_MISSING("toml_missing"),
    /** {@code automation.toml} is a symbolic link (or not a regular file): replacing it would change its kind. */
    TOML_NOT_REGULAR_FILE("toml_not_regular_file"),
    TOML_INVALID("toml_invalid"),
    STORES_DISAGREE_ID("stores_disagree_id"),
    /** A {@code cron} automation in either store: never converted, its thread never inferred. */
    CRON_KIND("cron_kind"),
    NOT_HEARTBEAT("not_heartbeat"),
    STORES_DISAGREE_KIND("stores_disagree_kind"),
    DELETED("deleted"),
    SQLITE_VALUE_NOT_TEXT("sqlite_value_not_text"),
    STORES_DISAGREE_PROMPT("stores_disagree_prompt"),
    STORES_DISAGREE_STATUS("stores_disagree_status"),
    STORES_DISAGREE_THREAD("stores_disagree_thread"),
    STORES_DISAGREE_RRULE("stores_disagree_rrule"),
    TOML_PROMPT_UNREWRITABLE("toml_prompt_unrewritable");

    private final String wire;

    BlockReason(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
