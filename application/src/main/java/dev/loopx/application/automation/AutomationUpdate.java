package dev.loopx.application.automation;

import dev.loopx.host.codexapp.migration.PlanEntry;
import java.util.Objects;
import java.util.Optional;

/**
 * The App-side {@code automation_update} request that performs one adoption while the Codex App
 * runs: the automation, the digest it must hold now ({@code expectedPromptSha256}), the digest of
 * the managed wrapper it gets ({@code promptSha256}; the body itself stays in the private plan
 * file) and its thread. What the App keeps of the automation is part of the request's form.
 */
public record AutomationUpdate(
        String automationId,
        Optional<String> expectedPromptSha256,
        Optional<String> promptSha256,
        Optional<String> targetThreadId) {
    public AutomationUpdate {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(expectedPromptSha256, "expectedPromptSha256");
        Objects.requireNonNull(promptSha256, "promptSha256");
        Objects.requireNonNull(targetThreadId, "targetThreadId");
    }

    /** The request that adopts the managed wrapper of {@code e}. */
    public static AutomationUpdate of(PlanEntry e) {
        return new AutomationUpdate(e.automationId(), e.promptSha256(), e.desiredSha256(), e.targetThreadId());
    }
}
