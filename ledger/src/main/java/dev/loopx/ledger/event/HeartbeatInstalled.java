package dev.loopx.ledger.event;

import java.util.Objects;

/**
 * {@code heartbeat.installed} v1: a host installed or refreshed the managed heartbeat wrapper for
 * one lane (SPEC §S11, §S13). Content-free on purpose: the wrapper holds a local runtime path, so
 * only its digest is recorded, never the text or any path. Never spends.
 *
 * @param agentId the registered lane the wrapper is bound to (never empty)
 * @param hostSurface where it was installed, e.g. {@code codex_app}
 * @param wrapperVersion the managed wrapper layout version (1, 2…)
 * @param wrapperSha256 SHA-256 (hex) of the exact wrapper bytes the host stored
 */
public record HeartbeatInstalled(String agentId, String hostSurface, int wrapperVersion, String wrapperSha256)
        implements LoopxEvent {
    public HeartbeatInstalled {
        Objects.requireNonNull(agentId, "agentId");
        Objects.requireNonNull(hostSurface, "hostSurface");
        Objects.requireNonNull(wrapperSha256, "wrapperSha256");
        if (wrapperVersion < 1) {
            throw new IllegalArgumentException("wrapperVersion must be at least 1");
        }
    }
}
