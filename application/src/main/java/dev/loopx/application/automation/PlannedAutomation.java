package dev.loopx.application.automation;

import dev.loopx.host.codexapp.migration.PlanEntry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One automation of a prompt-upgrade plan as an answer may show it: the {@link PlanEntry} without
 * its desired body (which holds a local path and stays in the private plan file), so ids, its
 * status ({@link #STATUSES}), the binding and digests only.
 *
 * @param reasons why blocked or unmanaged (machine codes), empty otherwise
 * @param bindingSource {@code managed_wrapper | named_in_prompt} when a binding was found
 * @param wrapperVersion the managed wrapper version the automation holds now, when it holds one
 */
public record PlannedAutomation(
        String automationId,
        String status,
        List<String> reasons,
        Optional<String> goalId,
        Optional<String> agentId,
        Optional<String> bindingSource,
        Optional<Integer> wrapperVersion,
        Optional<String> promptSha256,
        String sourceSha256,
        Optional<String> targetThreadId,
        Optional<String> desiredSha256,
        Optional<Integer> desiredWrapperVersion) {
    /** Every status a plan entry can have, in the order answers count them. */
    public static final List<String> STATUSES =
            List.of(PlanEntry.BLOCKED, PlanEntry.UNMANAGED, PlanEntry.CURRENT, PlanEntry.ADOPTION_REQUIRED);

    public static final String ADOPTION_REQUIRED = PlanEntry.ADOPTION_REQUIRED;

    public PlannedAutomation {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(status, "status");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(sourceSha256, "sourceSha256");
    }

    public static PlannedAutomation of(PlanEntry e) {
        return new PlannedAutomation(
                e.automationId(),
                e.status(),
                e.reasons(),
                e.goalId(),
                e.agentId(),
                e.bindingSource(),
                e.wrapperVersion(),
                e.promptSha256(),
                e.sourceSha256(),
                e.targetThreadId(),
                e.desiredSha256(),
                e.desiredWrapperVersion());
    }
}
