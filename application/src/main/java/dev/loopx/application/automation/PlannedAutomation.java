package dev.loopx.application.automation;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.host.codexapp.migration.PlanEntry;
import java.util.List;
import java.util.Objects;

/**
 * One automation of a prompt-upgrade plan as an answer may show it: its id, its status
 * ({@link #STATUSES}) and its public form (ids, statuses, binding and digests; never the desired
 * body, which holds a local path). Immutable: {@link #publicForm} is a fresh copy on every call.
 */
public record PlannedAutomation(String automationId, String status, ObjectNode publicForm) {
    /** Every status a plan entry can have, in the order answers count them. */
    public static final List<String> STATUSES =
            List.of(PlanEntry.BLOCKED, PlanEntry.UNMANAGED, PlanEntry.CURRENT, PlanEntry.ADOPTION_REQUIRED);

    public static final String ADOPTION_REQUIRED = PlanEntry.ADOPTION_REQUIRED;

    public PlannedAutomation {
        Objects.requireNonNull(automationId, "automationId");
        Objects.requireNonNull(status, "status");
        publicForm = publicForm.deepCopy();
    }

    public static PlannedAutomation of(PlanEntry entry) {
        return new PlannedAutomation(entry.automationId(), entry.status(), entry.toPublicJson());
    }

    @Override
    public ObjectNode publicForm() {
        return publicForm.deepCopy();
    }
}
