package dev.loopx.projections.store;

import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/**
 * A rebuild's side file passes the store contract while it fills, and so does the store it
 * becomes: reopening closes the side file (its rows handed over and written, its key indexes
 * built) and opens the file in place, as the runtime opens a rebuilt {@code projections.db}.
 */
class SqliteRebuildFileTest {
    /** As {@link ProjectionFiles#rebuild} opens it: each of the contract's histories fits in one writer batch. */
    @Nested
    class AsARebuildOpensIt extends SqliteStoreContract {
        @Override
        SqliteViews create(Path file) {
            return SqliteRebuildFile.open(file);
        }
    }

    /** Rows handed to the writer every few events, and a row index that fills mid-history (the key index is built early). */
    @Nested
    class HandingOverOftenWithASmallRowIndex extends SqliteStoreContract {
        @Override
        SqliteViews create(Path file) {
            return SqliteRebuildFile.open(file, 128, 9);
        }
    }
}
