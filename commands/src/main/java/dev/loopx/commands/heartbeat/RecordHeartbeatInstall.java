package dev.loopx.commands.heartbeat;

import java.util.Objects;

/**
 * A host installed or refreshed the managed heartbeat wrapper of one lane (SPEC §S11, §S13).
 *
 * @param wrapperSha256 SHA-256 (hex) of the exact wrapper bytes; the wrapper itself is never recorded
 */
public record RecordHeartbeatInstall(
        String goalId, String agentId, String hostSurface, int wrapperVersion, String wrapperSha256) {
    public RecordHeartbeatInstall {
        Objects.requireNonNull(goalId, "goalId");
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(wrapperSha256, "wrapperSha256");
    }
}
