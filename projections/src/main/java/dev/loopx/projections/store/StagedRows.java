package dev.loopx.projections.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.function.ToIntBiFunction;

/**
 * The committed rows of a rebuild's side file until the rebuild completes: appended to a scratch
 * SQLite file ({@code staged.rows}, attached to the side file's connection) in write order, and
 * inserted into {@code views} in key order by one statement ({@link #mergeIntoViews}).
 *
 * <p>Why: inserting the rows into {@code views} batch by batch costs most of a rebuild. View
 * {@code operation} is keyed by random operation ids, so every batch splits pages all over a
 * B-tree far larger than the page cache (1M-event bench ledger: 42 s with C2, 16 s with that
 * view's writes left out). Appending to a rowid table only ever touches its right edge, and one
 * sorted insert builds {@code views} front to back (docs/adr/0003-start-up.md, "Rebuild").
 *
 * <p>Lookups go through a {@link RowIndex} (key hash → row id, the row's real key checked). When
 * it is full, or before a read that needs key order ({@link #mergeIntoViews}), the staged rows are
 * merged into {@code views} and staging starts again empty; after that, a key not staged may be in
 * {@code views} ({@link #merged}). Shares the store's connection and transactions; the scratch
 * file has no journal, so a failed transaction poisons it (the side file is thrown away anyway).
 * Not thread-safe.
 */
final class StagedRows implements AutoCloseable {
    private static final int MERGE_THREADS = 2;
    private static final int MERGE_CACHE_KIB = 8192;
    private final Connection connection;
    private final Path file;
    private final RowIndex index = new RowIndex();
    private final ToIntBiFunction<String, String> hasher;
    private final PreparedStatement keyOf;
    private final PreparedStatement docOf;
    private final PreparedStatement insert;
    private final PreparedStatement update;
    private final PreparedStatement delete;
    private final PreparedStatement deleteView;
    private boolean queued;
    private long nextId = 1;
    private boolean merged;

    private StagedRows(Connection connection, Path file, ToIntBiFunction<String, String> hash) throws SQLException {
        this.connection = connection;
        this.file = file;
        this.hasher = hash;
        this.keyOf = connection.prepareStatement("SELECT view, key FROM staged.rows WHERE n=?");
        this.docOf = connection.prepareStatement("SELECT view, key, doc FROM staged.rows WHERE n=?");
        this.insert = connection.prepareStatement("INSERT INTO staged.rows(n, view, key, doc) VALUES(?,?,?,?)");
        this.update = connection.prepareStatement("UPDATE staged.rows SET doc=? WHERE n=?");
        this.delete = connection.prepareStatement("DELETE FROM staged.rows WHERE n=?");
        this.deleteView = connection.prepareStatement("DELETE FROM main.views WHERE view=? AND key=?");
    }

    /** Attaches a new, empty scratch file (a leftover of a crashed rebuild is deleted first). */
    static StagedRows attach(Connection connection, Path file) throws SQLException {
        return attach(connection, file, StagedRows::hash);
    }

    /** As {@link #attach(Connection, Path)}, with another key hash (tests force collisions with it). */
    static StagedRows attach(Connection connection, Path file, ToIntBiFunction<String, String> hash) throws SQLException {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new SQLException("cannot remove an old rebuild scratch file " + file, e);
        }
        try (PreparedStatement attach = connection.prepareStatement("ATTACH DATABASE ? AS staged")) {
            attach.setString(1, file.toAbsolutePath().toString());
            attach.execute();
        }
        try (Statement s = connection.createStatement()) {
            s.execute("PRAGMA staged.journal_mode=OFF");
            s.execute("PRAGMA staged.synchronous=OFF");
            s.execute("CREATE TABLE staged.rows (n INTEGER PRIMARY KEY, view TEXT NOT NULL, key TEXT NOT NULL, doc TEXT NOT NULL)");
        }
        return new StagedRows(connection, file, hash);
    }

    /** Whether rows were merged into {@code views} already (then a key not staged may be there). */
    boolean merged() {
        return merged;
    }

    /** The staged text of {@code view}/{@code key}; empty when it is not staged. */
    Optional<String> doc(String view, String key) throws SQLException {
        flush();
        String[] doc = new String[1];
        find(hasher.applyAsInt(view, key), view, key, doc);
        return Optional.ofNullable(doc[0]);
    }

    /** Stages the new text of a row (queued until {@link #flush}; each key at most once per flush). */
    void put(String view, String key, String doc) throws SQLException {
        if (!index.hasRoom()) {
            mergeIntoViews();
        }
        int hash = hasher.applyAsInt(view, key);
        long id = find(hash, view, key, null);
        if (id != 0) {
            update.setString(1, doc);
            update.setLong(2, id);
            update.addBatch();
        } else {
            id = nextId++;
            insert.setLong(1, id);
            insert.setString(2, view);
            insert.setString(3, key);
            insert.setString(4, doc);
            insert.addBatch();
            index.add(hash, id);
        }
        queued = true;
    }

    /** Removes a row, staged or (after a merge) in {@code views} (queued until {@link #flush}). */
    void remove(String view, String key) throws SQLException {
        int hash = hasher.applyAsInt(view, key);
        long id = find(hash, view, key, null);
        if (id != 0) {
            delete.setLong(1, id);
            delete.addBatch();
            index.remove(hash, id);
            queued = true;
        }
        if (merged) {
            deleteView.setString(1, view);
            deleteView.setString(2, key);
            deleteView.addBatch();
            queued = true;
        }
    }

    /** Runs the queued writes (in the caller's transaction). */
    void flush() throws SQLException {
        if (!queued) {
            return;
        }
        queued = false;
        insert.executeBatch();
        update.executeBatch();
        delete.executeBatch();
        deleteView.executeBatch();
    }

    /** Moves every staged row into {@code views} in key order and empties staging. */
    void mergeIntoViews() throws SQLException {
        flush();
        if (nextId == 1) {
            return;
        }
        try (Statement s = connection.createStatement()) {
            long cacheSize;
            try (ResultSet rs = s.executeQuery("PRAGMA main.cache_size")) {
                cacheSize = rs.next() ? rs.getLong(1) : -2000;
            }
            // The sort of every staged row dominates a merge: two helper threads and a smaller page
            // cache (an append needs few pages; the sorter's chunks follow the cache size) measured
            // 17.6-20.1 s instead of 23.7-25.4 s for a 1M-event rebuild, max RSS 333 MB instead of 321.
            s.execute("PRAGMA threads=" + MERGE_THREADS);
            s.execute("PRAGMA main.cache_size=-" + MERGE_CACHE_KIB);
            // WHERE true: SQLite's grammar needs it before an upsert clause that follows a SELECT.
            s.executeUpdate("INSERT INTO main.views(view, key, doc) SELECT view, key, doc FROM staged.rows WHERE true"
                    + " ORDER BY view, key ON CONFLICT(view, key) DO UPDATE SET doc=excluded.doc");
            s.execute("PRAGMA main.cache_size=" + cacheSize);
            s.execute("PRAGMA threads=0");
            s.executeUpdate("DELETE FROM staged.rows");
        }
        index.clear();
        nextId = 1;
        merged = true;
    }

    /** Detaches and deletes the scratch file (merge first to keep its rows). */
    @Override
    public void close() throws SQLException {
        for (PreparedStatement ps : new PreparedStatement[] {keyOf, docOf, insert, update, delete, deleteView}) {
            ps.close();
        }
        try (Statement s = connection.createStatement()) {
            s.execute("DETACH DATABASE staged");
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new SQLException("cannot remove the rebuild scratch file " + file, e);
        }
    }

    /**
     * The id of the staged row of {@code view}/{@code key}, or 0. With {@code doc} given, its
     * first element gets the row's text.
     */
    private long find(int hash, String view, String key, String[] doc) throws SQLException {
        PreparedStatement ps = doc == null ? keyOf : docOf;
        try {
            return index.find(hash, id -> {
                try {
                    ps.setLong(1, id);
                    try (ResultSet rs = ps.executeQuery()) {
                        boolean same = rs.next() && rs.getString(1).equals(view) && rs.getString(2).equals(key);
                        if (same && doc != null) {
                            doc[0] = rs.getString(3);
                        }
                        return same;
                    }
                } catch (SQLException e) {
                    throw new Failed(e);
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

    /** FNV-1a over view, a separator and key, then a 64-bit finaliser (murmur3 fmix64); the high half. */
    static int hash(String view, String key) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < view.length(); i++) {
            h = (h ^ view.charAt(i)) * 0x100000001b3L;
        }
        h = (h ^ 0xffff) * 0x100000001b3L;
        for (int i = 0; i < key.length(); i++) {
            h = (h ^ key.charAt(i)) * 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) (h >>> 32);
    }
}
