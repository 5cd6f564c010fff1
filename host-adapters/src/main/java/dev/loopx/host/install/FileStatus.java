package dev.loopx.host.install;

/** What an install, uninstall or inspect did (or would do) to one host file. */
public enum FileStatus {
    CREATED("created"),
    UPDATED("updated"),
    UNCHANGED("unchanged"),
    WOULD_CREATE("would_create"),
    WOULD_UPDATE("would_update"),
    REMOVED("removed"),
    WOULD_REMOVE("would_remove"),
    /** The file exists without the managed marker: the user's, left alone. */
    SKIPPED_USER_FILE("skipped_user_file"),
    /** One file of an all-or-nothing pair is the user's: neither file was written. */
    BLOCKED_USER_OWNED_PI_FILE("blocked_user_owned_pi_file"),
    /**
     * Claude Code's {@code .mcp.json}: install was given no lane ({@code --goal-id}/{@code --agent-id})
     * and no {@code --mcp-unbound}, so no server was registered.
     */
    SKIPPED_NO_LANE("skipped_no_lane"),
    ABSENT("absent");

    private final String wire;

    FileStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}
