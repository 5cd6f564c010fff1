package dev.loopx.projections.store;

import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.ProjectionStoreContract;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store contract for a SQLite store: each new store a file of its own; reopening closes the
 * store and opens its file in place, as the next process opens {@code projections.db}.
 */
abstract class SqliteStoreContract extends ProjectionStoreContract {
    @TempDir
    Path dir;

    private final Map<ProjectionStore, Path> files = new IdentityHashMap<>();

    /** A new store in {@code file}, which does not exist yet. */
    abstract SqliteViews create(Path file);

    @Override
    protected ProjectionStore newStore() {
        Path file = dir.resolve("store-" + files.size() + ".db");
        return remember(create(file), file);
    }

    @Override
    protected void initialise(ProjectionStore store, int schemaVersion) {
        ((SqliteViews) store).initialise(schemaVersion);
    }

    @Override
    protected ProjectionStore reopen(ProjectionStore store) {
        store.close();
        Path file = files.get(store);
        return remember(SqliteProjectionStore.open(file), file);
    }

    private ProjectionStore remember(SqliteViews store, Path file) {
        files.put(store, file);
        return store;
    }
}
