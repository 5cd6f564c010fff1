package dev.loopx.ledger;

import java.util.Objects;

/**
 * Who caused an event. {@code id} may be empty for anonymous system actions but never null.
 */
public record Actor(ActorKind kind, String id) {
    public Actor {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(id, "id");
    }

    public static Actor system() {
        return new Actor(ActorKind.SYSTEM, "loopx");
    }
}
