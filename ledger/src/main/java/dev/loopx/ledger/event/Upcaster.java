package dev.loopx.ledger.event;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One step of schema evolution on read: turns a {@code name} payload of {@code fromVersion}
 * into {@code fromVersion + 1}. Pure: the input tree is not modified.
 */
public interface Upcaster {
    String name();

    int fromVersion();

    ObjectNode upcast(ObjectNode payload);
}
