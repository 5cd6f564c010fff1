package dev.loopx.host.codexapp.store;

import java.util.Objects;
import java.util.Optional;

/**
 * One heartbeat automation on which the SQLite row and the TOML mirror agree: same id,
 * {@code kind = heartbeat}, not deleted, equal {@code prompt}, {@code status},
 * {@code target_thread_id} and {@code rrule}. Carries the exact images it was read from.
 */
public record AutomationPair(
        String automationId,
        String prompt,
        String status,
        Optional<String> targetThreadId,
        Optional<String> rrule,
        AutomationImage image) {
    public AutomationPair {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(targetThreadId, "targetThreadId");
        Objects.requireNonNull(rrule, "rrule");
        Objects.requireNonNull(image, "image");
    }

    /** {@code prompt_sha256}. */
    public String promptSha256() {
        return AutomationImage.promptSha256(prompt);
    }

    /** {@code source_sha256}. */
    public String sourceSha256() {
        return image.sourceSha256();
    }
}
