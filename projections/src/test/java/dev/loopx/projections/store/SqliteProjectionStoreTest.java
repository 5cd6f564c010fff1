package dev.loopx.projections.store;

import java.nio.file.Path;

/** The in-place store ({@code projections.db} kept up batch by batch) passes the store contract. */
class SqliteProjectionStoreTest extends SqliteStoreContract {
    @Override
    SqliteViews create(Path file) {
        return SqliteProjectionStore.open(file);
    }
}
