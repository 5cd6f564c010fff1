package dev.loopx.projections.store;

import dev.loopx.projections.view.Documents;
import dev.loopx.projections.view.OperationIndex;
import dev.loopx.projections.view.Views;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.event.Decoded;
import dev.loopx.ledger.json.CanonicalJson;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.ProjectionCatchUp;
import dev.loopx.projections.ProjectionStore;
import dev.loopx.projections.Projector;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Views in SQLite ({@code projections.db}): table {@code views(n, view, key, doc, h)} with canonical
 * JSON documents, one row per {@code (view, key)} (keyed as {@link ViewLayout} says), and table {@code meta}
 * with the checkpoint and schema version. A batch of
 * events and the checkpoint commit in one transaction (WAL, synchronous=NORMAL: the ledger is the
 * durable truth; a lost projection commit is caught up from the ledger). One instance per
 * thread (a side file writes on a thread of its own, see {@link #openSideFile}).
 */
public final class SqliteProjectionStore implements ProjectionStore {
    private final Connection connection;
    /** Documents written in the current batch (view records or JSON trees), read back before they are committed. */
    private Map<Key, Object> pending = new HashMap<>();
    /** Idempotency-index entries folded in the current batch (side file: not yet handed to the writer). */
    private final OperationEvents pendingOperations = new OperationEvents();
    /** Staged in {@link #pending} for a key removed during the batch. */
    private static final Object REMOVED = new Object();
    /** Prepared once per connection: the same few statements run for every event of a rebuild. */
    private final Map<String, PreparedStatement> statements = new HashMap<>();
    private final boolean sideFile;
    /**
     * Side file only (it starts empty and this instance is its only writer): {@code views} has no
     * key index until the store closes ({@link UnindexedRows}); each folded batch is written by
     * {@link #writer} on a thread of its own while the next one folds, so the folding thread
     * never waits for row text or SQLite. Folds read through {@link #staged}: the batch being
     * folded, then {@link #recent} (the batch handed to the writer last, possibly only partly in
     * the file; also a cache: a fold reading a row written in the batch before gets the record
     * without SQL or JSON), then {@link #fetched} (rows read from the file during this batch),
     * then the file, in which every older batch is complete. The connection is shared by the
     * two threads under {@link #db}; everything else waits for the writer first ({@link #quiesce}).
     */
    private final UnindexedRows unindexed;
    private Map<Key, Object> recent;
    private Map<Key, Object> fetched;
    private BatchWriter<SideBatch> writer;
    private final ReentrantLock db = new ReentrantLock();
    /** Side file: the last event folded (in {@link #pending} or handed to the writer). */
    private Head folded = Head.EMPTY;
    /** Side file: events folded into {@link #pending} and not yet handed to the writer. */
    private int foldedAhead;
    /** Side file: hand over once this many events are folded (one transaction each). */
    private int sideBatchEvents = ProjectionCatchUp.BATCH_SIZE;
    /** Side file: a batch failed (to fold or to write) while {@code views} had no index; the file is unusable. */
    private volatile boolean poisoned;

    /**
     * A rebuilt store's page size: its key indexes are built by scanning the whole table, twice,
     * and 16 KiB pages make that a quarter of the reads (1M bench store, sqlite3: 1.37–1.46 s
     * against 1.82–1.88 s for both index builds with 4 KiB pages).
     */
    static final int SIDE_FILE_PAGE_SIZE = 16384;

    /** Rows the side file's writer queues per hold of {@link #db}: the folding thread's reads wait at most that long. */
    private static final int ROWS_PER_LOCK = 128;

    /**
     * A folded batch for the side file's writer: its rows — {@code keys[i]} holds {@code values[i]}
     * (a record, a JSON tree or {@link #REMOVED}) — its last event, and, while {@code views} has no
     * key index, each row's id (0: a removed row that was never written) and whether it is new;
     * {@code ids} is null once the key index exists (rows are then written by key) — and its
     * idempotency-index entries ({@link OperationEvents#take}).
     */
    private record SideBatch(Key[] keys, Object[] values, long[] ids, boolean[] fresh, long[] operations, Head last) {}
    /** Side file: the ids of the rows (not the removals) of the batch handed to the writer last. */
    private Map<Key, Long> recentIds = Map.of();

    /** {@code hash}: a side file's row-index hash, or null for a store opened to be read and written in place. */
    private SqliteProjectionStore(Connection connection, java.util.function.ToIntBiFunction<String, String> hash,
            int rowIndexSlots) throws SQLException {
        this.connection = connection;
        this.sideFile = hash != null;
        this.unindexed = sideFile ? new UnindexedRows(connection, hash, rowIndexSlots, db) : null;
        this.recent = sideFile ? new HashMap<>() : null;
        this.fetched = sideFile ? new HashMap<>() : null;
    }

    /** A row's address: its view and key (the strings' own cached hashes, no concatenation). */
    private record Key(String view, String key) {}

    public static SqliteProjectionStore open(Path dbFile) {
        return open(dbFile, false, RowIndex.MAX_SLOTS);
    }

    /**
     * Opens a store that nobody else reads until it is complete (a rebuild's side file): no WAL and
     * no syncs while it fills (a crash leaves a side file that the next rebuild deletes), and
     * {@code views} without its key index until {@link #close} builds it (see
     * {@link UnindexedRows}); close also switches the side file to WAL, the mode the swapped-in
     * store is read in.
     */
    public static SqliteProjectionStore openSideFile(Path dbFile) {
        return open(dbFile, true, RowIndex.MAX_SLOTS);
    }

    /** A side file whose row index holds fewer rows (tests fill it to see the key index built early). */
    static SqliteProjectionStore openSideFile(Path dbFile, int rowIndexSlots) {
        return open(dbFile, true, rowIndexSlots);
    }

    /** A side file that hands its rows to the writer every {@code batchEvents} events or more (tests: many hand-overs). */
    static SqliteProjectionStore openSideFile(Path dbFile, int rowIndexSlots, int batchEvents) {
        SqliteProjectionStore store = open(dbFile, true, rowIndexSlots);
        store.sideBatchEvents = batchEvents;
        return store;
    }

    private static SqliteProjectionStore open(Path dbFile, boolean sideFile, int rowIndexSlots) {
        Connection c = null;
        try {
            // the driver directly: DriverManager scans every jar on the class path for drivers first
            c = org.sqlite.JDBC.createConnection("jdbc:sqlite:" + dbFile.toAbsolutePath(), new Properties());
            try (Statement s = c.createStatement()) {
                if (sideFile) {
                    s.execute("PRAGMA page_size=" + SIDE_FILE_PAGE_SIZE);   // before the file gets its first page
                    s.execute("PRAGMA journal_mode=MEMORY");
                    s.execute("PRAGMA synchronous=OFF");
                    s.execute("PRAGMA cache_size=-32768");
                } else {
                    s.execute("PRAGMA journal_mode=WAL");
                    s.execute("PRAGMA synchronous=NORMAL");
                }
                s.execute("PRAGMA busy_timeout=5000");
                // A new file gets the tables (ViewLayout); an existing one is left as it is. A store
                // of an earlier layout has an earlier schema version, and the runtime rebuilds it
                // before reading any view (LoopxRuntime.openStore).
                boolean exists;
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE type='table' AND name='views'")) {
                    exists = rs.next() && rs.getInt(1) > 0;
                }
                if (exists && sideFile) {
                    throw new IllegalStateException("a rebuild side file must start empty: " + dbFile.getFileName());
                }
                if (!exists) {   // IF NOT EXISTS: another process may be creating the same new store
                    s.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
                    for (String table : ViewLayout.CREATE_TABLES) {
                        s.execute(table);
                    }
                    if (!sideFile) {
                        for (String index : ViewLayout.CREATE_INDEXES) {
                            s.execute(index);
                        }
                    }
                }
            }
            return new SqliteProjectionStore(c, sideFile ? UnindexedRows::hash : null, rowIndexSlots);
        } catch (SQLException | RuntimeException e) {
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException closing) {
                    e.addSuppressed(closing);
                }
            }
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new LedgerException("projection_store_unreadable", "the projection store cannot be opened; run `loopx projections rebuild`", e);
        }
    }

    @Override
    public Head checkpoint() {
        quiesce();
        Optional<String> seq = meta("checkpoint_seq");
        Optional<String> hash = meta("checkpoint_hash");
        if (seq.isEmpty() || hash.isEmpty()) {
            return Head.EMPTY;
        }
        return new Head(Long.parseLong(seq.get()), hash.get());
    }

    @Override
    public int schemaVersion() {
        quiesce();
        return meta("schema_version").map(Integer::parseInt).orElse(0);
    }

    /** Marks a new (empty) store as built by this code version. */
    public void initialise(int schemaVersion) {
        quiesce();
        try {
            putMeta("schema_version", Integer.toString(schemaVersion));
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    @Override
    public Optional<JsonNode> get(String view, String key) {
        Object staged = staged(new Key(view, key));
        if (staged == REMOVED) {
            return Optional.empty();
        }
        if (staged != null) {
            return Optional.of(tree(staged));
        }
        return storedText(view, key).map(SqliteProjectionStore::parse);
    }

    @Override
    public <T> Optional<T> read(String view, String key, Class<T> type) {
        Key k = new Key(view, key);
        Object staged = staged(k);
        if (staged == REMOVED) {
            return Optional.empty();
        }
        if (staged != null) {
            return Optional.of(typed(staged, type));
        }
        Optional<T> found = storedText(view, key).map(text -> Documents.decode(text, type));
        if (sideFile && found.isPresent()) {
            fetched.put(k, found.get());
        }
        return found;
    }

    /** What this instance knows of a key without SQL: written in the batch, or (side file) recently. */
    private Object staged(Key k) {
        Object staged = pending.get(k);
        if (staged != null || !sideFile) {
            return staged;
        }
        staged = recent.get(k);
        return staged != null ? staged : fetched.get(k);
    }

    /** The written text of a row, through the key index or (side file, before it exists) the row index. */
    private Optional<String> storedText(String view, String key) {
        if (!sideFile) {
            return stored(view, key);
        }
        try {
            if (unindexedSideFile()) {
                return unindexed.doc(view, key);   // the row index is this thread's; SQL only to check a candidate, locked
            }
        } catch (SQLException e) {
            throw failure(e);
        }
        db.lock();
        try {
            return stored(view, key);
        } finally {
            db.unlock();
        }
    }

    /** Side file: hands over what is folded and waits until the writer has written it all (it throws if a batch failed). */
    private void quiesce() {
        if (foldedAhead > 0) {
            handOver();
        }
        if (writer != null) {
            writer.drain();
        }
    }

    private boolean unindexedSideFile() {
        return sideFile && !unindexed.indexed();
    }

    /** Side file: a question in key order (a range, every key, the dump) first builds the key index. */
    private void createIndex() {
        quiesce();
        if (unindexedSideFile()) {
            try {
                unindexed.createIndex();
            } catch (SQLException e) {
                throw failure(e);
            }
        }
    }

    @Override
    public List<JsonNode> list(String view, String keyPrefix) {
        return range(view, keyPrefix, keyPrefix + "\uffff");
    }

    @Override
    public List<JsonNode> range(String view, String fromKey, String toKey) {
        return scan(view, fromKey, toKey, SqliteProjectionStore::parse, SqliteProjectionStore::tree);
    }

    @Override
    public <T> List<T> readList(String view, String keyPrefix, Class<T> type) {
        return readRange(view, keyPrefix, keyPrefix + "\uffff", type);
    }

    @Override
    public <T> List<T> readRange(String view, String fromKey, String toKey, Class<T> type) {
        return scan(view, fromKey, toKey, text -> Documents.decode(text, type), staged -> typed(staged, type));
    }

    @Override
    public void put(String view, String key, JsonNode document) {
        pending.put(new Key(view, key), document.deepCopy());
    }

    /** Keeps the record itself until commit: a later read in the batch gets it back without JSON. */
    @Override
    public void write(String view, String key, Object record) {
        pending.put(new Key(view, key), java.util.Objects.requireNonNull(record, "record"));
    }

    /** Rows of a point view ({@link ViewLayout#POINT_VIEWS}) are written and rewritten, never removed. */
    @Override
    public void remove(String view, String key) {
        if (ViewLayout.isPoint(view)) {
            throw new IllegalStateException("view " + view + " keeps every row it gets; a fold may not remove one");
        }
        pending.put(new Key(view, key), REMOVED);
    }

    private Optional<String> stored(String view, String key) {
        try {
            PreparedStatement ps = statement("SELECT doc FROM views WHERE " + ViewLayout.keyCondition(view));
            ViewLayout.bindKey(ps, 1, view, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private <T> List<T> scan(String view, String fromKey, String toKey, java.util.function.Function<String, T> fromText,
            java.util.function.Function<Object, T> fromStaged) {
        if (fromKey.compareTo(toKey) >= 0) {
            return List.of();
        }
        createIndex();
        java.util.TreeMap<String, T> found = new java.util.TreeMap<>();
        try {
            PreparedStatement ps = statement("SELECT key, doc FROM views WHERE view=? AND key>=? AND key<? AND "
                    + side(view) + " ORDER BY key");
            ps.setString(1, view);
            ps.setString(2, fromKey);
            ps.setString(3, toKey);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    found.put(rs.getString(1), fromText.apply(rs.getString(2)));
                }
            }
        } catch (SQLException e) {
            throw failure(e);
        }
        if (!pending.isEmpty()) {
            pending.forEach((k, v) -> {
                if (k.view().equals(view)) {
                    String key = k.key();
                    if (key.compareTo(fromKey) >= 0 && key.compareTo(toKey) < 0) {
                        if (v == REMOVED) {
                            found.remove(key);
                        } else {
                            found.put(key, fromStaged.apply(v));
                        }
                    }
                }
            });
        }
        return List.copyOf(found.values());
    }

    private static JsonNode parse(String text) {
        try {
            return Json.mapper().readTree(text);
        } catch (IOException e) {
            throw failure(e);
        }
    }

    private static JsonNode tree(Object staged) {
        return staged instanceof JsonNode node ? node.deepCopy() : Json.mapper().valueToTree(staged);
    }

    private static <T> T typed(Object staged, Class<T> type) {
        if (type.isInstance(staged)) {
            return type.cast(staged);
        }
        return Documents.decode(tree(staged), type);
    }

    /**
     * Folds the events of {@code batch} that are newer than the checkpoint. The check and the
     * writes happen under SQLite's write lock ({@code BEGIN IMMEDIATE}), so two processes catching
     * up at once never apply an event twice.
     */
    @Override
    public void apply(List<Decoded> batch, Projector projector) {
        if (batch.isEmpty()) {
            return;
        }
        if (poisoned) {
            quiesce();   // a batch the writer failed: its failure
            throw new IllegalStateException("a rebuild side file is unusable after a failed batch");
        }
        if (sideFile) {
            applyToSideFile(batch, projector);
            return;
        }
        pending.clear();
        try (Statement tx = connection.createStatement()) {
            tx.execute("BEGIN IMMEDIATE");
            try {
                Head current = checkpoint();
                List<Decoded> fresh = after(batch, current.seq());
                if (!fresh.isEmpty()) {
                    Decoded first = fresh.get(0);
                    if (first.seq() != current.seq() + 1 || !first.envelope().prevHash().equals(current.hash())) {
                        throw new LedgerException("projection_diverged", "the projection store does not continue at seq "
                                + first.seq() + "; run `loopx projections rebuild`");
                    }
                    for (Decoded d : fresh) {
                        projector.apply(d, this);
                    }
                    writePending();
                    Decoded last = fresh.get(fresh.size() - 1);
                    putMeta("checkpoint_seq", Long.toString(last.seq()));
                    putMeta("checkpoint_hash", last.envelope().hash());
                }
                tx.execute("COMMIT");
            } catch (SQLException | RuntimeException e) {
                tx.execute("ROLLBACK");
                throw e;
            } finally {
                pending.clear();
                pendingOperations.clear();
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The events of {@code batch} after {@code seq}: usually all of them (the batch itself, no copy). */
    private static List<Decoded> after(List<Decoded> batch, long seq) {
        for (Decoded d : batch) {
            if (d.seq() <= seq) {
                List<Decoded> fresh = new ArrayList<>(batch.size());
                for (Decoded e : batch) {
                    if (e.seq() > seq) {
                        fresh.add(e);
                    }
                }
                return fresh;
            }
        }
        return batch;
    }

    /**
     * Side file: folds the events on this thread; once at least {@link ProjectionCatchUp#BATCH_SIZE}
     * are folded, hands their rows to the writer thread, which commits them with the checkpoint in
     * one transaction ({@link #writeSideBatch}) while the next ones fold (a read of the file, and
     * {@link #close}, hand over the rest first). The side file has no other writer: the checkpoint
     * to continue is the last event folded.
     */
    private void applyToSideFile(List<Decoded> batch, Projector projector) {
        List<Decoded> fresh = after(batch, folded.seq());
        if (fresh.isEmpty()) {
            return;
        }
        Decoded first = fresh.get(0);
        if (first.seq() != folded.seq() + 1 || !first.envelope().prevHash().equals(folded.hash())) {
            throw new LedgerException("projection_diverged", "the projection store does not continue at seq "
                    + first.seq() + "; run `loopx projections rebuild`");
        }
        try {
            for (Decoded d : fresh) {
                projector.apply(d, this);
            }
        } catch (RuntimeException e) {
            poisoned = true;
            pending.clear();
            pendingOperations.clear();
            throw e;
        }
        Decoded last = fresh.get(fresh.size() - 1);
        folded = new Head(last.seq(), last.envelope().hash());
        foldedAhead += fresh.size();
        if (foldedAhead >= sideBatchEvents) {
            handOver();
        }
    }

    /**
     * Side file: the rows folded so far go to the writer, once the batch before is in the file.
     * This thread owns the row index, so it gives each row its id here: the id of the same key in
     * the batch the writer holds (perhaps not in the file yet), else the file's, else a new one.
     * When the row index has no room for the batch's new rows, the writer is let finish and the
     * key index is built now; the rows then go by key.
     */
    private void handOver() {
        Map<Key, Object> rows = pending;
        pending = new HashMap<>();
        foldedAhead = 0;
        if (writer == null) {
            writer = new BatchWriter<>("loopx-projection-writer", this::writeSideBatch);
        }
        try {
            int n = rows.size();
            Key[] keys = new Key[n];
            Object[] values = new Object[n];
            int at = 0;
            for (var entry : rows.entrySet()) {
                keys[at] = entry.getKey();
                values[at++] = entry.getValue();
            }
            long[] ids = null;
            boolean[] fresh = null;
            if (unindexedSideFile() && !unindexed.hasRoom(n)) {
                writer.drain();
                unindexed.createIndex();   // the writer is idle; everything handed over is in the file
                recentIds = Map.of();
            }
            if (unindexedSideFile()) {
                ids = new long[n];
                fresh = new boolean[n];
                Map<Key, Long> idsNow = new HashMap<>(n * 2);
                for (int i = 0; i < n; i++) {
                    Key k = keys[i];
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
            writer.submit(new SideBatch(keys, values, ids, fresh, pendingOperations.take(), folded));   // returns once the batch before is in the file
        } catch (SQLException e) {
            poisoned = true;
            throw failure(e);
        } catch (RuntimeException e) {
            poisoned = true;
            throw e;
        }
        recent = rows;
        fetched = new HashMap<>();
    }

    /**
     * The side file's writer thread: one batch's rows and checkpoint in one transaction. The row
     * text is made first, without the connection; the rows are then queued and run in chunks of
     * {@link #ROWS_PER_LOCK}, each under {@link #db}, so the folding thread's reads get in between.
     */
    private void writeSideBatch(SideBatch batch) {
        Key[] keys = batch.keys();
        int n = keys.length;
        byte[][] docs = new byte[n][];
        for (int i = 0; i < n; i++) {
            Object value = batch.values()[i];
            docs[i] = value == REMOVED ? null : ViewJson.canonicalUtf8(value);
        }
        boolean began = false;
        try {
            db.lock();
            try {
                statement("BEGIN IMMEDIATE").execute();   // prepared once: a rebuild runs it per batch
                began = true;
            } finally {
                db.unlock();
            }
            for (int from = 0; from < n; from += ROWS_PER_LOCK) {
                db.lock();
                try {
                    for (int j = from; j < Math.min(n, from + ROWS_PER_LOCK); j++) {
                        if (batch.ids() == null) {
                            writeRow(keys[j], docs[j]);
                        } else if (docs[j] == null) {
                            if (batch.ids()[j] != 0) {
                                unindexed.delete(batch.ids()[j]);
                            }
                        } else if (batch.fresh()[j]) {
                            unindexed.insert(batch.ids()[j], keys[j].view(), keys[j].key(), docs[j]);
                        } else {
                            unindexed.update(batch.ids()[j], docs[j]);
                        }
                    }
                    runQueuedRows();
                } finally {
                    db.unlock();
                }
            }
            db.lock();
            try {
                insertOperations(batch.operations());
                putMeta("checkpoint_seq", Long.toString(batch.last().seq()));
                putMeta("checkpoint_hash", batch.last().hash());
                statement("COMMIT").execute();
            } finally {
                db.unlock();
            }
        } catch (SQLException | RuntimeException e) {
            poisoned = true;
            if (began) {
                db.lock();
                try (Statement tx = connection.createStatement()) {
                    tx.execute("ROLLBACK");
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                } finally {
                    db.unlock();
                }
            }
            throw e instanceof SQLException sql ? failure(sql) : (RuntimeException) e;
        }
    }

    private void writePending() throws SQLException {
        for (var entry : pending.entrySet()) {
            Object value = entry.getValue();
            writeRow(entry.getKey(), value == REMOVED ? null : ViewJson.canonicalUtf8(value));
        }
        runQueuedRows();
        insertOperations(pendingOperations.take());
    }

    private void insertOperations(long[] pairs) throws SQLException {
        if (pairs.length > 0) {
            OperationEvents.insert(pairs, statement(OperationEvents.INSERT_GROUP), statement(OperationEvents.INSERT));
        }
    }

    /** The idempotency index has a table of its own here ({@link ViewLayout}): a hash and a seq per entry. */
    @Override
    public void indexOperationEvent(String operationId, long seq) {
        pendingOperations.add(OperationIndex.hash(operationId), seq);
    }

    @Override
    public List<Long> operationEventSeqs(String operationId) {
        createIndex();   // a side file: what is folded goes in first (no fold asks this; a rebuild's reads come after it)
        long hash = OperationIndex.hash(operationId);
        List<Long> seqs = new ArrayList<>();
        try {
            PreparedStatement ps = statement(OperationEvents.SEQS_OF_HASH);
            ps.setLong(1, hash);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    seqs.add(rs.getLong(1));
                }
            }
        } catch (SQLException e) {
            throw failure(e);
        }
        pendingOperations.seqsOf(hash, seqs);   // folded in this batch, after every stored one
        return seqs;
    }

    /** Which index a key of {@code view} is in (a point view read in key order is scanned and sorted). */
    private static String side(String view) {
        return ViewLayout.isPoint(view) ? "h IS NOT NULL" : "h IS NULL";
    }

    private static final String UPSERT = "INSERT INTO views(view, key, doc) VALUES(?,?," + UnindexedRows.TEXT
            + ") ON CONFLICT(view, key) WHERE h IS NULL DO UPDATE SET doc=excluded.doc";
    private static final String DELETE = "DELETE FROM views WHERE " + ViewLayout.RANGED_KEY;
    /** A point view's row has no unique index: an update by key, then an insert if it found no row. */
    private static final String POINT_UPDATE = "UPDATE views SET doc=" + UnindexedRows.TEXT + " WHERE " + ViewLayout.POINT_KEY;
    private static final String POINT_INSERT = "INSERT INTO views(view, key, doc, h) VALUES(?,?," + UnindexedRows.TEXT + ",?)";
    private boolean upsertsQueued;
    private boolean deletesQueued;
    /** Point rows queued for {@link #POINT_UPDATE}, in order: inserted by {@link #runQueuedRows} when it changed nothing. */
    private final List<Key> pointKeys = new ArrayList<>();
    private final List<byte[]> pointDocs = new ArrayList<>();

    /**
     * Queues one row's new text by key ({@code null}: the row is removed), through the key index;
     * {@link #runQueuedRows} runs them. (A side file without its key index writes by row id.)
     */
    private void writeRow(Key row, byte[] doc) throws SQLException {
        String view = row.view();
        String key = row.key();
        if (ViewLayout.isPoint(view)) {   // never removed (see remove)
            PreparedStatement update = statement(POINT_UPDATE);
            update.setBytes(1, doc);
            ViewLayout.bindKey(update, 2, view, key);
            update.addBatch();
            pointKeys.add(row);
            pointDocs.add(doc);
            return;
        }
        if (doc == null) {
            PreparedStatement delete = statement(DELETE);
            delete.setString(1, view);
            delete.setString(2, key);
            delete.addBatch();
            deletesQueued = true;
            return;
        }
        PreparedStatement upsert = statement(UPSERT);
        upsert.setString(1, view);
        upsert.setString(2, key);
        upsert.setBytes(3, doc);
        upsert.addBatch();
        upsertsQueued = true;
    }

    private void runQueuedRows() throws SQLException {
        if (unindexed != null) {
            unindexed.flush();
        }
        if (upsertsQueued) {
            upsertsQueued = false;
            statement(UPSERT).executeBatch();
        }
        if (deletesQueued) {
            deletesQueued = false;
            statement(DELETE).executeBatch();
        }
        if (!pointKeys.isEmpty()) {
            try {
                int[] updated = statement(POINT_UPDATE).executeBatch();
                PreparedStatement insert = statement(POINT_INSERT);
                boolean inserts = false;
                for (int i = 0; i < updated.length; i++) {
                    if (updated[i] == 0) {
                        Key k = pointKeys.get(i);
                        insert.setString(1, k.view());
                        insert.setString(2, k.key());
                        insert.setBytes(3, pointDocs.get(i));
                        insert.setLong(4, ViewLayout.hash(k.view(), k.key()));
                        insert.addBatch();
                        inserts = true;
                    }
                }
                if (inserts) {
                    insert.executeBatch();
                }
            } finally {
                pointKeys.clear();
                pointDocs.clear();
            }
        }
    }

    @Override
    public List<String> keys(String view) {
        createIndex();
        List<String> keys = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement("SELECT key FROM views WHERE view=? AND " + side(view) + " ORDER BY key")) {
            ps.setString(1, view);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    keys.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw failure(e);
        }
        return keys;
    }

    @Override
    public String canonicalDump() {
        createIndex();
        ObjectNode dump = Json.object();
        dump.put("schema_version", "loopx_projection_dump_v0");
        dump.put("projection_schema_version", schemaVersion());
        Head checkpoint = checkpoint();
        ObjectNode cp = dump.putObject("checkpoint");
        cp.put("seq", checkpoint.seq());
        cp.put("hash", checkpoint.hash());
        ObjectNode views = dump.putObject("views");
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT view, key, doc FROM views ORDER BY view, key")) {
            while (rs.next()) {
                ObjectNode view = views.has(rs.getString(1)) ? (ObjectNode) views.get(rs.getString(1)) : views.putObject(rs.getString(1));
                view.set(rs.getString(2), Json.mapper().readTree(rs.getString(3)));
            }
            // the idempotency index as the documents every other Views keeps it in (OperationIndex)
            try (Statement t = connection.createStatement(); ResultSet entries = t.executeQuery("SELECT h, seq FROM operation_events")) {
                ObjectNode index = null;
                while (entries.next()) {
                    if (index == null) {
                        index = views.putObject(OperationIndex.VIEW);
                    }
                    long seq = entries.getLong(2);
                    index.set(OperationIndex.key(entries.getLong(1), seq), Json.object().put("seq", seq));
                }
            }
        } catch (SQLException | IOException e) {
            throw failure(e);
        }
        return CanonicalJson.string(dump) + "\n";
    }

    private Optional<String> meta(String key) {
        try {
            PreparedStatement ps = statement("SELECT value FROM meta WHERE key=?");
            ps.setString(1, key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private void putMeta(String key, String value) throws SQLException {
        PreparedStatement ps = statement("INSERT INTO meta(key, value) VALUES(?,?) ON CONFLICT(key) DO UPDATE SET value=excluded.value");
        ps.setString(1, key);
        ps.setString(2, value);
        ps.executeUpdate();
    }

    private static LedgerException failure(Exception e) {
        return new LedgerException("projection_store_unreadable",
                "the projection store failed; run `loopx projections rebuild`", e);
    }

    private PreparedStatement statement(String sql) throws SQLException {
        PreparedStatement ps = statements.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            statements.put(sql, ps);
        }
        return ps;
    }

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
                writer.close();   // the batches handed over are written first
            } catch (RuntimeException e) {
                poisoned = true;
                failed = e;
            }
        }
        try {
            for (PreparedStatement ps : statements.values()) {
                ps.close();
            }
            statements.clear();
            if (sideFile) {
                if (!poisoned) {
                    unindexed.createIndex();
                }
                unindexed.close();
                try (Statement s = connection.createStatement()) {
                    s.execute("PRAGMA journal_mode=WAL");
                }
            }
            connection.close();
        } catch (SQLException e) {
            if (failed != null) {
                failed.addSuppressed(e);
            } else {
                throw failure(e);
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
