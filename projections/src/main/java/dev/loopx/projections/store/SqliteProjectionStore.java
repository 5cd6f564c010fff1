package dev.loopx.projections.store;

import dev.loopx.ledger.event.Decoded;
import dev.loopx.projections.FreshEvents;
import dev.loopx.projections.Projector;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

/**
 * Views in SQLite ({@code projections.db}), kept up in place: table {@code views(n, view, key, doc, h)}
 * with canonical JSON documents, one row per {@code (view, key)} (keyed as {@link ViewLayout}
 * says), table {@code operation_events} for the idempotency index, and table {@code meta} with the
 * checkpoint and schema version. A batch of events and the checkpoint commit in one transaction
 * (WAL, synchronous=NORMAL: the ledger is the durable truth; a lost projection commit is caught
 * up from the ledger). A store rebuilt from scratch is written by {@link SqliteRebuildFile} and
 * opened here once complete. One instance per thread.
 */
public final class SqliteProjectionStore extends SqliteViews {
    private static final List<String> PRAGMAS = List.of("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL");
    private final KeyedRows rows;
    /** Whether a read transaction of {@link #beginRead} is open on the connection. */
    private boolean reading;

    private SqliteProjectionStore(ProjectionDb db) {
        super(db);
        this.rows = new KeyedRows(db);
    }

    /** Opens the store at {@code dbFile}; a new file gets the tables and their indexes (schema version 0 until {@link #initialise}). */
    public static SqliteProjectionStore open(Path dbFile) {
        return ProjectionDb.open(dbFile, PRAGMAS, false, SqliteProjectionStore::new);
    }

    @Override
    void settle() {}

    @Override
    void indexKeys() {}

    @Override
    Object staged(RowKey k) {
        return pending(k);
    }

    @Override
    Optional<String> storedText(String view, String key) {
        return db.doc(view, key);
    }

    /**
     * Folds the events of {@code batch} that are newer than the checkpoint. The check and the
     * writes happen under SQLite's write lock ({@code BEGIN IMMEDIATE}), so two processes catching
     * up at once never apply an event twice.
     */
    @Override
    public void apply(List<Decoded> batch, Projector projector) {
        endRead();
        if (batch.isEmpty()) {
            return;
        }
        pendingRows().clear();
        try (Statement tx = db.connection().createStatement()) {
            tx.execute("BEGIN IMMEDIATE");
            try {
                List<Decoded> fresh = FreshEvents.after(checkpoint(), batch);
                if (!fresh.isEmpty()) {
                    for (Decoded d : fresh) {
                        projector.apply(d, this);
                    }
                    writePending();
                    Decoded last = fresh.get(fresh.size() - 1);
                    db.putCheckpoint(last.seq(), last.envelope().hash());
                }
                tx.execute("COMMIT");
            } catch (SQLException | RuntimeException e) {
                tx.execute("ROLLBACK");
                throw e;
            } finally {
                discardPending();
            }
        } catch (SQLException e) {
            throw ProjectionDb.failure(e);
        }
    }

    private void writePending() throws SQLException {
        for (var entry : pendingRows().entrySet()) {
            Object value = entry.getValue();
            rows.write(entry.getKey(), value == REMOVED ? null : ViewJson.canonicalUtf8(value));
        }
        rows.flush();
        db.insertOperations(pendingOperations.take());
    }

    /**
     * A read transaction ({@code BEGIN}): SQLite takes its snapshot of the file (WAL) at the first
     * read after it and keeps it until the transaction ends, so the reads in between see one
     * committed state (another process's commit after the snapshot is not seen, only the next
     * {@link #beginRead} sees it).
     */
    @Override
    public void beginRead() {
        if (reading) {
            return;
        }
        execute("BEGIN");
        reading = true;
    }

    @Override
    public void endRead() {
        if (!reading) {
            return;
        }
        reading = false;
        execute("COMMIT"); // a read transaction: nothing to write, it only lets the snapshot go
    }

    private void execute(String sql) {
        try (Statement s = db.connection().createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw ProjectionDb.failure(e);
        }
    }

    @Override
    public void close() {
        try {
            db.close(() -> {}); // an open read transaction ends with the connection
        } catch (SQLException e) {
            throw ProjectionDb.failure(e);
        }
    }
}
