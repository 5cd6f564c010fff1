package dev.loopx.ledger.event;

import java.util.List;
import java.util.Objects;

/**
 * {@code todo.added} v1: a todo entered the goal (SPEC §S4). Empty strings mean "not set".
 *
 * @param todoId {@code todo_} + 12 hex of SHA-256 over goal, role and normalised text
 * @param role {@code user} or {@code agent}
 * @param taskClass {@code advancement_task|monitor_task|user_gate|user_action|blocker} (ledgers before
 *     issue 21 spell a monitor {@code continuous_monitor}; both mean a monitor)
 * @param priority {@code P0}..{@code P4}, or empty
 * @param resumeWhen {@code todo_done:<id>} or {@code resume_at:<RFC 3339 UTC>}, or empty
 */
public record TodoAdded(
        String todoId,
        String role,
        String text,
        String taskClass,
        String priority,
        String claimedBy,
        String blocksAgent,
        boolean globalGate,
        List<String> excludedAgents,
        String unblocksTodoId,
        String resumeWhen)
        implements LoopxEvent {
    public TodoAdded {
        Objects.requireNonNull(todoId, "todoId");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(taskClass, "taskClass");
        Objects.requireNonNull(priority, "priority");
        Objects.requireNonNull(claimedBy, "claimedBy");
        Objects.requireNonNull(blocksAgent, "blocksAgent");
        excludedAgents = List.copyOf(excludedAgents);
        Objects.requireNonNull(unblocksTodoId, "unblocksTodoId");
        Objects.requireNonNull(resumeWhen, "resumeWhen");
    }
}
