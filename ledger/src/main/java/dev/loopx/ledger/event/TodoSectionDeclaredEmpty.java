package dev.loopx.ledger.event;

import java.util.Objects;

/** {@code todo.section_declared_empty} v1: the owner said a role has, on purpose, no todos. */
public record TodoSectionDeclaredEmpty(String role) implements LoopxEvent {
    public TodoSectionDeclaredEmpty {
        Objects.requireNonNull(role, "role");
    }
}
