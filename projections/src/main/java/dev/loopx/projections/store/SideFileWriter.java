package dev.loopx.projections.store;

import dev.loopx.ledger.Head;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.locks.Lock;

/**
 * The writing side of a rebuild's side file ({@link SqliteRebuildFile}), run on its
 * {@link BatchWriter} thread: commits each folded {@link Batch}'s rows, idempotency-index entries
 * and checkpoint in one transaction — by the row ids the folding side gave them while
 * {@code views} has no key index ({@link UnindexedRows}), by key after. It touches only the
 * connection, under {@code lock}, which the folding side's reads of the file take too.
 */
final class SideFileWriter {
    /** Rows queued per hold of the lock: the folding thread's reads wait at most that long. */
    private static final int ROWS_PER_LOCK = 128;

    /**
     * A folded batch: its rows — {@code keys[i]} holds {@code values[i]} (a record, a JSON tree or
     * {@link SqliteViews#REMOVED}) — its last event, and, while {@code views} has no key index, each
     * row's id (0: a removed row that was never written) and whether it is new; {@code ids} is null
     * once the key index exists (rows are then written by key) — and its idempotency-index entries
     * ({@link OperationEvents#take}).
     */
    record Batch(RowKey[] keys, Object[] values, long[] ids, boolean[] fresh, long[] operations, Head last) {}

    private final ProjectionDb db;
    private final UnindexedRows unindexed;
    private final KeyedRows keyed;
    private final Lock lock;
    private final Runnable failing;

    /** {@code failing} runs first when a batch fails, before its transaction is rolled back. */
    SideFileWriter(ProjectionDb db, UnindexedRows unindexed, Lock lock, Runnable failing) {
        this.db = db;
        this.unindexed = unindexed;
        this.keyed = new KeyedRows(db);
        this.lock = lock;
        this.failing = failing;
    }

    /**
     * One batch in one transaction. The row text is made first, without the connection; the rows
     * are then queued and run in chunks of {@link #ROWS_PER_LOCK}, each under the lock.
     */
    void write(Batch batch) {
        RowKey[] keys = batch.keys();
        int n = keys.length;
        byte[][] docs = new byte[n][];
        for (int i = 0; i < n; i++) {
            Object value = batch.values()[i];
            docs[i] = value == SqliteViews.REMOVED ? null : ViewJson.canonicalUtf8(value);
        }
        boolean began = false;
        try {
            lock.lock();
            try {
                db.statement("BEGIN IMMEDIATE").execute(); // prepared once: a rebuild runs it per batch
                began = true;
            } finally {
                lock.unlock();
            }
            for (int from = 0; from < n; from += ROWS_PER_LOCK) {
                lock.lock();
                try {
                    for (int j = from; j < Math.min(n, from + ROWS_PER_LOCK); j++) {
                        queue(batch, j, docs[j]);
                    }
                    unindexed.flush();
                    keyed.flush();
                } finally {
                    lock.unlock();
                }
            }
            lock.lock();
            try {
                db.insertOperations(batch.operations());
                db.putCheckpoint(batch.last().seq(), batch.last().hash());
                db.statement("COMMIT").execute();
            } finally {
                lock.unlock();
            }
        } catch (SQLException | RuntimeException e) {
            failing.run();
            if (began) {
                lock.lock();
                try (Statement tx = db.connection().createStatement()) {
                    tx.execute("ROLLBACK");
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                } finally {
                    lock.unlock();
                }
            }
            throw e instanceof SQLException sql ? ProjectionDb.failure(sql) : (RuntimeException) e;
        }
    }

    /** Row {@code j} of {@code batch}, with text {@code doc} ({@code null}: removed): by key, or by its id. */
    private void queue(Batch batch, int j, byte[] doc) throws SQLException {
        RowKey key = batch.keys()[j];
        if (batch.ids() == null) {
            keyed.write(key, doc);
        } else if (doc == null) {
            if (batch.ids()[j] != 0) {
                unindexed.delete(batch.ids()[j]);
            }
        } else if (batch.fresh()[j]) {
            unindexed.insert(batch.ids()[j], key.view(), key.key(), doc);
        } else {
            unindexed.update(batch.ids()[j], doc);
        }
    }
}
