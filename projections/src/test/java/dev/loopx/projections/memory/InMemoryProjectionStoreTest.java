package dev.loopx.projections.memory;

import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.ProjectionStoreContract;

/** The in-memory store passes the store contract (its reopen is itself: nothing outlives the instance). */
class InMemoryProjectionStoreTest extends ProjectionStoreContract {
    @Override
    protected ProjectionStore newStore() {
        return new InMemoryProjectionStore();
    }

    @Override
    protected void initialise(ProjectionStore store, int schemaVersion) {
        ((InMemoryProjectionStore) store).initialise(schemaVersion);
    }

    @Override
    protected ProjectionStore reopen(ProjectionStore store) {
        return store;
    }
}
