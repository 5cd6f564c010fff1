package dev.loopx.ledger.event;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * {@code runtime.upgraded} v1 (SPEC §S12): {@code loopx update apply} installed a verified
 * distribution under the LoopX home and switched to it, then reconciled the installed heartbeat
 * prompts. A runtime-wide event (empty {@code goal_id}). Content-free: versions, the archive
 * digest and outcome codes only, never a path or a prompt.
 *
 * @param fromVersion      the version of the runtime that ran the upgrade
 * @param toVersion        the version the new runtime reported when it was started after install
 * @param archiveSha256    SHA-256 (hex) of the distribution archive
 * @param promptResult     how prompt reconciliation ended: {@code complete | no_codex_store |
 *                         deferred | review_required | changed_since_snapshot | failed | unavailable}
 * @param upgradeComplete  true only when the runtime was installed <em>and</em> every managed
 *                         prompt is reconciled
 */
public record RuntimeUpgraded(
        String fromVersion, String toVersion, String archiveSha256, String promptResult, boolean upgradeComplete)
        implements LoopxEvent {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    public RuntimeUpgraded {
        Objects.requireNonNull(fromVersion, "fromVersion");
        Objects.requireNonNull(toVersion, "toVersion");
        Objects.requireNonNull(promptResult, "promptResult");
        if (toVersion.isEmpty() || promptResult.isEmpty()) {
            throw new IllegalArgumentException("a runtime upgrade names the new version and the prompt result");
        }
        if (!SHA256.matcher(Objects.requireNonNull(archiveSha256, "archiveSha256"))
                .matches()) {
            throw new IllegalArgumentException("archiveSha256 is lower-case SHA-256 hex");
        }
    }
}
