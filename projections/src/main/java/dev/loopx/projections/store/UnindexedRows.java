package dev.loopx.projections.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.Collections;
import java.util.Optional;
import java.util.concurrent.locks.Lock;
import java.util.function.ToIntBiFunction;

/**
 * The rows of a rebuild's side file while its key indexes do not exist yet: table {@code views}
 * is a rowid table, filled in write order, and its indexes ({@link ViewLayout}: the point views'
 * row hashes, the other rows' {@code (view, key)}) are built when the rebuild is done
 * ({@link #createIndex}).
 *
 * <p>Why: with an index in place from the start, every batch's inserts land all over a B-tree
 * far larger than SQLite's page cache (measured when view {@code operation}, keyed by random
 * operation ids, was a view — since ADR 0005 the idempotency index is a table of its own: 1M-event
 * bench ledger, 42 s with C2, 16 s with that view's writes left out). Appending to a
 * rowid table only ever touches its right edge, and building an index at the end sorts keys
 * and row ids only — not the documents, as the earlier sorted insert of every row into a
 * key-ordered table did (docs/adr/0003-start-up.md, "Rebuild store").
 *
 * <p>Until then, lookups go through a {@link RowIndex} (key hash → row id, the row's real key
 * checked). When it is full, or before a read that needs key order, the index is created early;
 * from then on the store reads and writes {@code views} through it ({@link #indexed}) and this
 * class is done. Shares the store's connection and transactions; the row index is not rolled
 * back with a failed transaction, so a failure makes the side file unusable (it is thrown away).
 *
 * <p>Two sides, for a rebuild's two threads: the folding side owns the row index — it looks rows
 * up ({@link #id}, {@link #doc}) and decides their ids ({@link #add}, {@link #forget}) — and the
 * writing side runs {@link #insert}, {@link #update}, {@link #delete} and {@link #flush} with the
 * ids it is given, touching only the connection. A lookup reads the file only to check a
 * candidate row, under {@code lock} (the connection's guard; {@code null}: one thread), and sees
 * only rows already flushed: the caller keeps the rows it has handed over but may not have
 * flushed yet. {@link #put} and {@link #remove} do both sides at once, for a single thread.
 */
final class UnindexedRows implements AutoCloseable {
    /**
     * A document's parameter: the store binds its UTF-8 bytes ({@link ViewJson#canonicalUtf8}), and
     * SQLite stores them as TEXT (a blob cast to text is taken as text in the database's encoding).
     */
    static final String TEXT = "CAST(? AS TEXT)";

    private static final int INDEX_THREADS = 2;
    /**
     * New rows per {@code INSERT}: a rebuild's side file is almost only inserts (1M bench ledger,
     * schema 7: 1.67M inserts, 35k updates, 5k deletes; 1M fewer inserts since the operation rows
     * left for table {@code operation_events}), and one statement for 32 rows costs about half the
     * CPU of 32 one-row statements (one cursor, one step and one reset per group in the driver).
     */
    static final int INSERT_GROUP = 32;
    /**
     * The page cache while the indexes are built: the sorter's chunks follow it. 1M bench store, the
     * three index builds inside the JVM (sqlite-jdbc 3.51), alternating: 1.05–1.40 s at 4 MiB
     * against 1.23–1.74 s at 8 MiB (bench/README.md, "History of the start-up measurements", fifth pass).
     */
    private static final int INDEX_CACHE_KIB = 4096;

    private final Connection connection;
    private final RowIndex index;
    private final ToIntBiFunction<String, String> hasher;
    private final PreparedStatement keyOf;
    private final PreparedStatement docOf;
    private final PreparedStatement insert;
    /** {@link #INSERT_GROUP} rows in one statement (one SQLite cursor and one step for all of them). */
    private final PreparedStatement insertGroup;
    /** New rows queued for {@link #flush}: {@code insertCount} of them, in the arrays below. */
    private final long[] insertIds = new long[INSERT_GROUP];

    private final String[] insertViews = new String[INSERT_GROUP];
    private final String[] insertKeys = new String[INSERT_GROUP];
    private final byte[][] insertDocs = new byte[INSERT_GROUP][];
    private int insertCount;
    private final PreparedStatement update;
    private final PreparedStatement delete;
    private final Lock lock;
    private boolean queued;
    private long nextId = 1;
    private boolean indexed;

    /** {@code hash}: the key hash ({@link #hash}; tests force collisions); {@code rowIndexSlots}: the row index's cap. */
    UnindexedRows(Connection connection, ToIntBiFunction<String, String> hash, int rowIndexSlots) throws SQLException {
        this(connection, hash, rowIndexSlots, null);
    }

    /** {@code lock}: held around every statement a lookup runs, when another thread writes through the connection too. */
    UnindexedRows(Connection connection, ToIntBiFunction<String, String> hash, int rowIndexSlots, Lock lock)
            throws SQLException {
        this.lock = lock;
        this.connection = connection;
        this.hasher = hash;
        this.index = new RowIndex(rowIndexSlots);
        this.keyOf = connection.prepareStatement("SELECT view, key FROM views WHERE n=?");
        this.docOf = connection.prepareStatement("SELECT view, key, doc FROM views WHERE n=?");
        this.insert =
                connection.prepareStatement("INSERT INTO views(n, view, key, doc, h) VALUES(?,?,?," + TEXT + ",?)");
        this.insertGroup = connection.prepareStatement("INSERT INTO views(n, view, key, doc, h) VALUES"
                + String.join(",", Collections.nCopies(INSERT_GROUP, "(?,?,?," + TEXT + ",?)")));
        this.update = connection.prepareStatement("UPDATE views SET doc=" + TEXT + " WHERE n=?");
        this.delete = connection.prepareStatement("DELETE FROM views WHERE n=?");
    }

    /** Whether the key index exists (then the store uses {@code views} directly, not this class). */
    boolean indexed() {
        return indexed;
    }

    /** The flushed text of {@code view}/{@code key}; empty when there is no such row. */
    Optional<String> doc(String view, String key) throws SQLException {
        requireUnindexed();
        String[] doc = new String[1];
        find(hasher.applyAsInt(view, key), view, key, doc);
        return Optional.ofNullable(doc[0]);
    }

    /** Folding side: the id of the flushed row of {@code view}/{@code key}, or 0. */
    long id(String view, String key) throws SQLException {
        requireUnindexed();
        return find(hasher.applyAsInt(view, key), view, key, null);
    }

    /** Folding side: whether {@code more} new rows fit in the row index. */
    boolean hasRoom(int more) {
        return index.hasRoom(more);
    }

    /** Folding side: a new id for a key that {@link #id} did not find (the caller checked {@link #hasRoom}). */
    long add(String view, String key) {
        requireUnindexed();
        long id = nextId++;
        index.add(hasher.applyAsInt(view, key), id);
        return id;
    }

    /** Folding side: the row {@code id} of {@code view}/{@code key} is removed. */
    void forget(String view, String key, long id) {
        requireUnindexed();
        index.remove(hasher.applyAsInt(view, key), id);
    }

    /** Writing side: a new row (queued until {@link #flush}). */
    void insert(long id, String view, String key, byte[] doc) throws SQLException {
        int at = insertCount++;
        insertIds[at] = id;
        insertViews[at] = view;
        insertKeys[at] = key;
        insertDocs[at] = doc;
        if (insertCount == INSERT_GROUP) {
            for (int i = 0; i < INSERT_GROUP; i++) {
                bindRow(insertGroup, i * 5, i);
            }
            insertGroup.addBatch();
            insertCount = 0;
        }
        queued = true;
    }

    private void bindRow(PreparedStatement ps, int offset, int at) throws SQLException {
        ps.setLong(offset + 1, insertIds[at]);
        ps.setString(offset + 2, insertViews[at]);
        ps.setString(offset + 3, insertKeys[at]);
        ps.setBytes(offset + 4, insertDocs[at]);
        if (ViewLayout.isPoint(insertViews[at])) {
            ps.setLong(offset + 5, ViewLayout.hash(insertViews[at], insertKeys[at]));
        } else {
            ps.setNull(offset + 5, Types.INTEGER);
        }
        insertViews[at] = null;
        insertKeys[at] = null;
        insertDocs[at] = null;
    }

    /** Writing side: the new text of row {@code id} (queued until {@link #flush}). */
    void update(long id, byte[] doc) throws SQLException {
        update.setBytes(1, doc);
        update.setLong(2, id);
        update.addBatch();
        queued = true;
    }

    /** Writing side: row {@code id} goes (queued until {@link #flush}). */
    void delete(long id) throws SQLException {
        delete.setLong(1, id);
        delete.addBatch();
        queued = true;
    }

    /**
     * Both sides at once (one thread): writes the new text of a row (queued until {@link #flush};
     * each key at most once per flush). Returns false, writing nothing, when the row index is
     * full: create the index and write through it instead.
     */
    boolean put(String view, String key, byte[] doc) throws SQLException {
        long id = id(view, key);
        if (id != 0) {
            update(id, doc);
            return true;
        }
        if (!hasRoom(1)) {
            return false;
        }
        insert(add(view, key), view, key, doc);
        return true;
    }

    /** Both sides at once (one thread): removes a row, if there is one (queued until {@link #flush}). */
    void remove(String view, String key) throws SQLException {
        long id = id(view, key);
        if (id != 0) {
            forget(view, key, id);
            delete(id);
        }
    }

    /** Runs the queued writes (in the caller's transaction). */
    void flush() throws SQLException {
        if (!queued) {
            return;
        }
        queued = false;
        insertGroup.executeBatch();
        for (int i = 0; i < insertCount; i++) {
            bindRow(insert, 0, i);
            insert.addBatch();
        }
        insertCount = 0;
        insert.executeBatch();
        update.executeBatch();
        delete.executeBatch();
    }

    /** Builds the key indexes of {@code views} ({@link ViewLayout}) (in the caller's transaction, if any); this class is done after it. */
    void createIndex() throws SQLException {
        if (indexed) {
            return;
        }
        flush();
        try (Statement s = connection.createStatement()) {
            long cacheSize;
            try (ResultSet rs = s.executeQuery("PRAGMA cache_size")) {
                cacheSize = rs.next() ? rs.getLong(1) : -2000;
            }
            // The sort of every key dominates: SQLite's sorter may use a second thread for it, and
            // its chunks follow the page cache's size, so a small cache keeps its memory small.
            s.execute("PRAGMA threads=" + INDEX_THREADS);
            s.execute("PRAGMA cache_size=-" + INDEX_CACHE_KIB);
            for (String index : ViewLayout.CREATE_INDEXES) {
                s.execute(index);
            }
            s.execute("PRAGMA cache_size=" + cacheSize);
            s.execute("PRAGMA threads=0");
        }
        index.clear();
        indexed = true;
    }

    @Override
    public void close() throws SQLException {
        for (PreparedStatement ps : new PreparedStatement[] {keyOf, docOf, insert, insertGroup, update, delete}) {
            ps.close();
        }
    }

    private void requireUnindexed() {
        if (indexed) {
            throw new IllegalStateException("views is indexed: read and write it through the index");
        }
    }

    /**
     * The id of the row of {@code view}/{@code key}, or 0. With {@code doc} given, its first
     * element gets the row's text.
     */
    private long find(int hash, String view, String key, String[] doc) throws SQLException {
        PreparedStatement ps = doc == null ? keyOf : docOf;
        try {
            return index.find(hash, id -> {
                if (lock != null) {
                    lock.lock();
                }
                try {
                    ps.setLong(1, id);
                    try (ResultSet rs = ps.executeQuery()) {
                        boolean same = rs.next()
                                && rs.getString(1).equals(view)
                                && rs.getString(2).equals(key);
                        if (same && doc != null) {
                            doc[0] = rs.getString(3);
                        }
                        return same;
                    }
                } catch (SQLException e) {
                    throw new Failed(e);
                } finally {
                    if (lock != null) {
                        lock.unlock();
                    }
                }
            });
        } catch (Failed e) {
            throw e.sql;
        }
    }

    /** Carries an SQL failure out of a {@link RowIndex} lookup. */
    private static final class Failed extends RuntimeException {
        private final SQLException sql;

        Failed(SQLException sql) {
            super(sql);
            this.sql = sql;
        }
    }

    /** The row index's hash of a key: the high half of its row hash ({@link ViewLayout#hash}). */
    static int hash(String view, String key) {
        return (int) (ViewLayout.hash(view, key) >>> 32);
    }
}
