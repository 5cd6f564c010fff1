package dev.loopx.projections.store;

import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerException;
import dev.loopx.projections.ProjectionCatchUp;
import dev.loopx.projections.ProjectionStorage;
import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.Projector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The projection store's files under a runtime root: {@code projections.db} (+ SQLite's
 * {@code -wal}/{@code -shm}). Opens the current store, and rebuilds it into a fresh file that
 * replaces the old one only when complete — a crash mid-rebuild leaves the old store in place.
 */
public final class ProjectionFiles implements ProjectionStorage {
    public static final String DB_FILE = "projections.db";
    private final Path root;

    public ProjectionFiles(Path runtimeRoot) {
        this.root = runtimeRoot;
    }

    public Path dbFile() {
        return root.resolve(DB_FILE);
    }

    public boolean exists() {
        return Files.exists(dbFile());
    }

    /** Opens the store; a new file is stamped with the current schema version. */
    @Override
    public SqliteProjectionStore open() {
        SqliteProjectionStore store = SqliteProjectionStore.open(dbFile());
        if (store.schemaVersion() == 0 && store.checkpoint().seq() == 0) {
            store.initialise(Projector.SCHEMA_VERSION);
        }
        return store;
    }

    /** The store file as it is, opened without stamping it; empty when there is no file yet. */
    @Override
    public Optional<ProjectionStore> existing() {
        return exists() ? Optional.of(SqliteProjectionStore.open(dbFile())) : Optional.empty();
    }

    /** Builds a complete store from the ledger in a side file, then swaps it in. */
    @Override
    public void rebuild(Ledger ledger, ProjectionCatchUp catchUp, ProjectionCatchUp.Progress progress) {
        Path side = root.resolve(DB_FILE + ".rebuild");
        deleteDatabase(side);
        try {
            // the scratch file of a rebuild that crashed under an earlier version (it staged rows there)
            Files.deleteIfExists(root.resolve(DB_FILE + ".rebuild-staged"));
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot remove an old projection store", e);
        }
        try (SqliteRebuildFile fresh = SqliteRebuildFile.open(side)) {
            fresh.initialise(Projector.SCHEMA_VERSION);
            catchUp.catchUp(ledger, fresh, progress);
        }
        try {
            // The old store's log and index go first: SQLite would replay a -wal into whatever file
            // has the store's name. The file itself is replaced in one rename, so a reader finds
            // the old store or the new one, never none (and never creates an empty one there).
            deleteSidecars(dbFile());
            Files.move(side, dbFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot replace the projection store", e);
        }
    }

    private static void deleteDatabase(Path db) {
        deleteSidecars(db);
        try {
            Files.deleteIfExists(db);
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot remove an old projection store", e);
        }
    }

    private static void deleteSidecars(Path db) {
        try {
            Files.deleteIfExists(db.resolveSibling(db.getFileName() + "-wal"));
            Files.deleteIfExists(db.resolveSibling(db.getFileName() + "-shm"));
        } catch (IOException e) {
            throw new LedgerException("runtime_root_unwritable", "cannot remove an old projection store", e);
        }
    }
}
