package dev.loopx.ledger.event;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code prompt_migration.deferred} v1 → v2. Version 1 did not record which Codex home the
 * deferred automation lives in. So the v2 {@code codex_home_sha256} of a v1 event is, as a fact,
 * empty — the ledger never knew the home — and readers treat an empty digest as "home unknown"
 * (the pending-upgrade hint then relies on the store read alone, as it did before v2).
 */
public final class PromptMigrationDeferredV1ToV2 implements Upcaster {
    @Override
    public String name() {
        return "prompt_migration.deferred";
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
