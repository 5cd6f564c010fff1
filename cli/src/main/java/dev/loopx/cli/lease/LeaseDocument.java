package dev.loopx.cli.lease;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.cli.render.TodoParts;
import dev.loopx.projections.todo.TodoLease;
import dev.loopx.projections.todo.TodoView;
import java.time.Instant;

/**
 * The lease part of {@code loopx_task_lease_v0}: {@code lease_state} ({@code none}, {@code live},
 * {@code expired}) at the command's time, {@code active} (live), {@code lease{holder, acquired_at,
 * expires_at, ttl_minutes}} or null, the todo's {@code claimed_by}, and the todo itself.
 */
final class LeaseDocument {
    private LeaseDocument() {}

    static void put(ObjectNode doc, TodoView t, Instant now) {
        TodoLease lease = t.lease();
        TodoLease.State state = lease.state(now);
        doc.put("lease_state", state.wire());
        doc.put("active", state == TodoLease.State.LIVE);
        if (lease.present()) {
            ObjectNode l = doc.putObject("lease");
            l.put("schema_version", "task_lease_v0");
            l.put("holder", lease.holder());
            l.put("acquired_at", lease.acquiredAt());
            l.put("expires_at", lease.expiresAt());
            l.put("ttl_minutes", lease.ttlMinutes());
        } else {
            doc.putNull("lease");
        }
        doc.put("claimed_by", t.claimedBy());
        doc.set("todo", TodoParts.item(t, now));
    }
}
