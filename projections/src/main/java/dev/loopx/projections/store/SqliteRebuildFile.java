package dev.loopx.projections.store;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.projections.FreshEvents;
import dev.loopx.projections.ProjectionCatchUp;
import dev.loopx.projections.Projector;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A rebuild's side file: a new file that {@link ProjectionFiles#rebuild} fills from the whole
 * ledger and moves over the store once complete, so nobody else reads it before. The same tables,
 * rows and schema version as the in-place store ({@link SqliteProjectionStore} opens the result),
 * written for speed instead of durability: no WAL and no syncs while it fills (a crash leaves a
 * side file that the next rebuild deletes), and {@code views} without its key index until
 * {@link #close} builds it ({@link UnindexedRows}); close also switches the file to WAL, the mode
 * the swapped-in store is read in.
 *
 * <p>Each folded batch is written by {@link #writer} ({@link SideFileWriter}) on a thread of its
 * own while the next one folds, so the folding thread never waits for row text or SQLite. Folds
 * read through {@link #staged}: the batch being folded, then {@link #recent} (the batch handed to
 * the writer last, possibly only partly in the file; also a cache: a fold reading a row written in
 * the batch before gets the record without SQL or JSON), then {@link #fetched} (rows read from the
 * file during this batch), then the file, in which every older batch is complete. The connection is
 * shared by the two threads under {@link #lock}; everything else waits for the writer first
 * ({@link #settle}). A batch that fails (to fold or to write) while {@code views} has no key
 * index makes the file unusable ({@link #poisoned}): the rebuild fails and the file is deleted by
 * the next one. One folding thread.
 */
final class SqliteRebuildFile extends SqliteViews {
    /**
     * A rebuilt store's page size: its key indexes are built by scanning the whole table, twice,
     * and 16 KiB pages make that a quarter of the reads (1M bench store, sqlite3: 1.37–1.46 s
     * against 1.82–1.88 s for both index builds with 4 KiB pages).
     */
    static final int SIDE_FILE_PAGE_SIZE = 16384;

    private static final List<String> PRAGMAS = List.of(
            "PRAGMA page_size=" + SIDE_FILE_PAGE_SIZE, // before the file gets its first page
            "PRAGMA journal_mode=MEMORY",
            "PRAGMA synchronous=OFF",
            "PRAGMA cache_size=-32768");
    private final ReentrantLock lock = new ReentrantLock();
    private final UnindexedRows unindexed;
    private final SideFileWriter writes;
    /** Hand over once this many events are folded (one transaction each). */
    private final int batchEvents;

    private Map<RowKey, Object> recent = new HashMap<>();
    private Map<RowKey, Object> fetched = new HashMap<>();
    /** The ids of the rows (not the removals) of the batch handed to the writer last. */
    private Map<RowKey, Long> recentIds = Map.of();

    private BatchWriter<SideFileWriter.Batch> writer;
    /** The last event folded (staged, or handed to the writer): the checkpoint to continue, as this file has no other writer. */
    private Head folded = Head.EMPTY;
    /** Events folded and not yet handed to the writer. */
    private int foldedAhead;

    private volatile boolean poisoned;

    private SqliteRebuildFile(ProjectionDb db, int rowIndexSlots, int batchEvents) throws SQLException {
        super(db);
        this.unindexed = new UnindexedRows(db.connection(), UnindexedRows::hash, rowIndexSlots, lock);
        this.writes = new SideFileWriter(db, unindexed, lock, () -> poisoned = true);
        this.batchEvents = batchEvents;
    }

    /** Opens a new side file at {@code dbFile}; refuses one that has tables already. */
    static SqliteRebuildFile open(Path dbFile) {
        return open(dbFile, RowIndex.MAX_SLOTS, ProjectionCatchUp.BATCH_SIZE);
    }

    /**
     * A side file whose row index holds fewer rows (tests fill it to see the key index built early),
     * handing its rows to the writer every {@code batchEvents} events or more (tests: many hand-overs).
     */
    static SqliteRebuildFile open(Path dbFile, int rowIndexSlots, int batchEvents) {
        return ProjectionDb.open(dbFile, PRAGMAS, true, db -> new SqliteRebuildFile(db, rowIndexSlots, batchEvents));
    }

    @Override
    Object staged(RowKey k) {
        Object staged = pending(k);
        if (staged != null) {
            return staged;
        }
        staged = recent.get(k);
        return staged != null ? staged : fetched.get(k);
    }

    @Override
    void cacheRead(RowKey k, Object record) {
        fetched.put(k, record);
    }

    /** Through the key index or, before it exists, the row index. */
    @Override
    Optional<String> storedText(String view, String key) {
        try {
            if (!unindexed.indexed()) {
                return unindexed.doc(
                        view, key); // the row index is this thread's; SQL only to check a candidate, locked
            }
        } catch (SQLException e) {
            throw ProjectionDb.failure(e);
        }
        lock.lock();
        try {
            return db.doc(view, key);
        } finally {
            lock.unlock();
        }
    }

    /** Hands over what is folded and waits until the writer has written it all (it throws if a batch failed). */
    @Override
    void settle() {
        if (foldedAhead > 0) {
            handOver();
        }
        if (writer != null) {
            writer.drain();
        }
    }

    /** A question in key order (a range, every key, the dump) first builds the key index. */
    @Override
    void indexKeys() {
        settle();
        if (!unindexed.indexed()) {
            try {
                unindexed.createIndex();
            } catch (SQLException e) {
                throw ProjectionDb.failure(e);
            }
        }
    }

    /**
     * Folds the events on this thread; once at least {@code batchEvents} are folded, hands their
     * rows to the writer thread, which commits them with the checkpoint in one transaction
     * ({@link SideFileWriter}) while the next ones fold (a read of the file, and {@link #close}, hand
     * over the rest first).
     */
    @Override
    public void apply(List<Decoded> batch, Projector projector) {
        if (batch.isEmpty()) {
            return;
        }
        if (poisoned) {
            settle(); // a batch the writer failed: its failure
            throw new IllegalStateException("a rebuild side file is unusable after a failed batch");
        }
        List<Decoded> fresh = FreshEvents.after(folded, batch);
        if (fresh.isEmpty()) {
            return;
        }
        try {
            for (Decoded d : fresh) {
                projector.apply(d, this);
            }
        } catch (RuntimeException e) {
            poisoned = true;
            discardPending();
            throw e;
        }
        Decoded last = fresh.get(fresh.size() - 1);
        folded = new Head(last.seq(), last.envelope().hash());
        foldedAhead += fresh.size();
        if (foldedAhead >= batchEvents) {
            handOver();
        }
    }

    /**
     * The rows folded so far go to the writer, once the batch before is in the file. This thread
     * owns the row index, so it gives each row its id here: the id of the same key in the batch
     * the writer holds (perhaps not in the file yet), else the file's, else a new one. When the
     * row index has no room for the batch's new rows, the writer is let finish and the key index
     * is built now; the rows then go by key.
     */
    private void handOver() {
        Map<RowKey, Object> rows = takePending();
        foldedAhead = 0;
        if (writer == null) {
            writer = new BatchWriter<>("loopx-projection-writer", writes::write);
        }
        try {
            int n = rows.size();
            RowKey[] keys = new RowKey[n];
            Object[] values = new Object[n];
            int at = 0;
            for (var entry : rows.entrySet()) {
                keys[at] = entry.getKey();
                values[at++] = entry.getValue();
            }
            long[] ids = null;
            boolean[] fresh = null;
            if (!unindexed.indexed() && !unindexed.hasRoom(n)) {
                writer.drain();
                unindexed.createIndex(); // the writer is idle; everything handed over is in the file
                recentIds = Map.of();
            }
            if (!unindexed.indexed()) {
                ids = new long[n];
                fresh = new boolean[n];
                Map<RowKey, Long> idsNow = new HashMap<>(n * 2);
                for (int i = 0; i < n; i++) {
                    RowKey k = keys[i];
                    Long held = recentIds.get(k);
                    long id = held != null ? held : unindexed.id(k.view(), k.key());
                    if (values[i] == REMOVED) {
                        if (id != 0) {
                            unindexed.forget(k.view(), k.key(), id);
                        }
                    } else {
                        if (id == 0) {
                            id = unindexed.add(k.view(), k.key());
                            fresh[i] = true;
                        }
                        idsNow.put(k, id);
                    }
                    ids[i] = id;
                }
                recentIds = idsNow;
            }
            writer.submit(new SideFileWriter.Batch(
                    keys,
                    values,
                    ids,
                    fresh,
                    pendingOperations.take(),
                    folded)); // returns once the batch before is in the file
        } catch (SQLException e) {
            poisoned = true;
            throw ProjectionDb.failure(e);
        } catch (RuntimeException e) {
            poisoned = true;
            throw e;
        }
        recent = rows;
        fetched = new HashMap<>();
    }

    /** Writes what is folded, builds the key indexes and switches to WAL; throws a batch's failure (the file is then unusable). */
    @Override
    public void close() {
        RuntimeException failed = null;
        if (foldedAhead > 0 && !poisoned) {
            try {
                handOver();
            } catch (RuntimeException e) {
                failed = e;
            }
        }
        if (writer != null) {
            try {
                writer.close(); // the batches handed over are written first
            } catch (RuntimeException e) {
                poisoned = true;
                failed = e;
            }
        }
        try {
            db.close(() -> {
                if (!poisoned) {
                    unindexed.createIndex();
                }
                unindexed.close();
                try (Statement s = db.connection().createStatement()) {
                    s.execute("PRAGMA journal_mode=WAL");
                }
            });
        } catch (SQLException e) {
            if (failed != null) {
                failed.addSuppressed(e);
            } else {
                throw ProjectionDb.failure(e);
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
