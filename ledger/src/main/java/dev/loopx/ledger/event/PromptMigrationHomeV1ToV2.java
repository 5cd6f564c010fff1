package dev.loopx.ledger.event;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * {@code prompt_migration.applied|failed|rolled_back|recovered} v1 → v2. Version 1 did not record
 * which Codex home the outcome was about, so the v2 {@code codex_home_sha256} of a v1 event is,
 * as a fact, empty ("home unknown"); readers treat such an outcome as concerning the automation id
 * in every home, which is what v1 meant.
 */
public final class PromptMigrationHomeV1ToV2 implements Upcaster {
    private final String name;

    /** @param name the event type, e.g. {@code prompt_migration.applied} */
    public PromptMigrationHomeV1ToV2(String name) {
        this.name = Objects.requireNonNull(name, "name");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int fromVersion() {
        return 1;
    }

    @Override
    public ObjectNode upcast(ObjectNode payload) {
        ObjectNode next = payload.deepCopy();
        next.put("codex_home_sha256", "");
        return next;
    }
}
