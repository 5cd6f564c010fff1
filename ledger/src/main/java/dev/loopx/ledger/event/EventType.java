package dev.loopx.ledger.event;

import java.util.Objects;

/** A catalog entry: wire name and current version of one event record. */
public record EventType<E extends LoopxEvent>(String name, int version, Class<E> recordClass) {
    public EventType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(recordClass, "recordClass");
        if (!name.matches("[a-z_]+\\.[a-z_]+") || version < 1) {
            throw new IllegalArgumentException("bad event type " + name + " v" + version);
        }
    }
}
