package dev.loopx.ledger.event;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code goal.registered} v1 → v2. Version 1 (LoopX 0.0.x) stored {@code project_name} and had
 * no objective: the objective was only ever given to the agent host, never to the ledger. So
 * the v2 {@code objective} of a v1 goal is, as a fact, empty — the ledger never knew one — and
 * {@code project_label} is the renamed {@code project_name} (same value, same public-safe rule).
 */
public final class GoalRegisteredV1ToV2 implements Upcaster {
    @Override
    public String name() {
        return "goal.registered";
    }

    @Override
    public int fromVersion() {
        return 1;
    }

    @Override
    public ObjectNode upcast(ObjectNode payload) {
        ObjectNode next = payload.deepCopy();
        next.set("project_label", next.remove("project_name"));
        next.put("objective", "");
        return next;
    }
}
