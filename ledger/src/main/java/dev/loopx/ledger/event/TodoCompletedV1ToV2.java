package dev.loopx.ledger.event;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code todo.completed} v1 → v2. Version 1 had no place for the command that validated the
 * work, so no v1 completion ever recorded one: its v2 {@code validation_command} is, as a fact,
 * empty ("none recorded"), which is also what a v2 completion without {@code --validation-command}
 * says.
 */
public final class TodoCompletedV1ToV2 implements Upcaster {
    @Override
    public String name() {
        return "todo.completed";
    }

    @Override
    public int fromVersion() {
        return 1;
    }

    @Override
    public ObjectNode upcast(ObjectNode payload) {
        ObjectNode next = payload.deepCopy();
        next.put("validation_command", "");
        return next;
    }
}
