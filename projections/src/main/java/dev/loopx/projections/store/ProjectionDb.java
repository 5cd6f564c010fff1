package dev.loopx.projections.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.files.OwnerOnly;
import dev.loopx.ledger.json.Json;
import dev.loopx.projections.view.OperationIndex;
import java.io.IOException;
import java.nio.file.Files;
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
import java.util.TreeMap;
import java.util.function.Function;
import org.sqlite.JDBC;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * One connection to a projection store's file and the SQL that the in-place store and a rebuild's
 * side file share: the tables of a new file ({@link ViewLayout}), table {@code meta} (checkpoint
 * and schema version), rows of {@code views} by key and in key order (through the key indexes),
 * and table {@code operation_events}. Each statement is prepared once per connection (a rebuild
 * runs the same few for every event). Not thread-safe: a caller sharing it between threads guards it.
 */
final class ProjectionDb {
    private final Connection connection;
    private final Map<String, PreparedStatement> statements = new HashMap<>();

    /** Builds a store on a connection that {@link #open} has just set up. */
    @FunctionalInterface
    interface Opener<T> {
        T open(ProjectionDb db) throws SQLException;
    }

    /** Runs SQL on the connection. */
    @FunctionalInterface
    interface SqlStep {
        void run() throws SQLException;
    }

    private ProjectionDb(Connection connection) {
        this.connection = connection;
    }

    /**
     * Opens {@code dbFile}, runs {@code pragmas} (the store's journal and sync settings, first: a
     * page size must precede the file's first page), and gives a new file its tables — with their
     * key indexes, unless it is a rebuild's {@code sideFile}, which must start empty and gets them
     * when it is complete. An existing file is left as it is: a store of an earlier layout has an
     * earlier schema version, and the runtime rebuilds it before reading any view
     * (LoopxRuntime.openStore). The connection is closed again when anything fails, {@code store} included.
     */
    static <T> T open(Path dbFile, List<String> pragmas, boolean sideFile, Opener<T> store) {
        Connection c = null;
        boolean created = !Files.exists(dbFile);
        try {
            // the driver directly: DriverManager scans every jar on the class path for drivers first
            c = JDBC.createConnection("jdbc:sqlite:" + dbFile.toAbsolutePath(), new Properties());
            try (Statement s = c.createStatement()) {
                for (String pragma : pragmas) {
                    s.execute(pragma);
                }
                if (created) {
                    // SQLite follows the umask; the store holds todo text: owner-only (its -wal and
                    // -shm, created later, take the store file's permissions)
                    for (String suffix : List.of("", "-wal", "-shm")) {
                        OwnerOnly.restrict(dbFile.resolveSibling(dbFile.getFileName() + suffix));
                    }
                }
                s.execute("PRAGMA busy_timeout=5000");
                boolean exists;
                try (ResultSet rs =
                        s.executeQuery("SELECT count(*) FROM sqlite_master WHERE type='table' AND name='views'")) {
                    exists = rs.next() && rs.getInt(1) > 0;
                }
                if (exists && sideFile) {
                    throw new IllegalStateException("a rebuild side file must start empty: " + dbFile.getFileName());
                }
                if (!exists) { // IF NOT EXISTS: another process may be creating the same new store
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
            return store.open(new ProjectionDb(c));
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
            if (!sideFile && !created) {
                // Read-only storage (a read-only mount, a file of another user, a full disk that
                // cannot take SQLite's -shm): a store that exists can still answer reads.
                Optional<T> readOnly = openReadOnly(dbFile, store);
                if (readOnly.isPresent()) {
                    return readOnly.get();
                }
            }
            throw new LedgerException(
                    "projection_store_unreadable", "the projection store cannot be opened (" + cause(e) + ")", e);
        }
    }

    /**
     * Opens an existing store for reading only. Without a write-ahead log beside it the file is
     * opened immutable (SQLite then needs no {@code -shm}, which a read-only folder cannot hold);
     * with one, a plain read-only open reads the log too. Empty when that fails as well.
     */
    private static <T> Optional<T> openReadOnly(Path dbFile, Opener<T> store) {
        Path wal = dbFile.resolveSibling(dbFile.getFileName() + "-wal");
        boolean logged;
        try {
            logged = Files.exists(wal) && Files.size(wal) > 0;
        } catch (IOException e) {
            logged = true;
        }
        Connection c = null;
        try {
            SQLiteConfig config = new SQLiteConfig();
            config.setReadOnly(true);
            config.setOpenMode(SQLiteOpenMode.OPEN_URI);
            String uri = "jdbc:sqlite:file:" + dbFile.toAbsolutePath() + (logged ? "?mode=ro" : "?mode=ro&immutable=1");
            c = JDBC.createConnection(uri, config.toProperties());
            try (Statement s = c.createStatement();
                    ResultSet rs =
                            s.executeQuery("SELECT count(*) FROM sqlite_master WHERE type='table' AND name='views'")) {
                if (!rs.next() || rs.getInt(1) == 0) {
                    c.close();
                    return Optional.empty();
                }
            }
            return Optional.of(store.open(new ProjectionDb(c)));
        } catch (SQLException | RuntimeException e) {
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // already failing
                }
            }
            return Optional.empty();
        }
    }

    /** The real cause of an open failure, in plain words (SQLite's message without its codes' noise). */
    private static String cause(Exception e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.length() > 160 ? message.substring(0, 160) + "…" : message;
    }

    /** For the statements a store runs itself (its transactions) and for {@link UnindexedRows}. */
    Connection connection() {
        return connection;
    }

    PreparedStatement statement(String sql) throws SQLException {
        PreparedStatement ps = statements.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            statements.put(sql, ps);
        }
        return ps;
    }

    static LedgerException failure(Exception e) {
        return new LedgerException("projection_store_unreadable", "the projection store failed", e);
    }

    /**
     * The checkpoint's seq and hash, read by one statement: one read transaction, so both come from
     * the same commit. (Two statements let another process's apply commit between them: the seq
     * of one commit with the hash of the next, which the catch-up took for another ledger's chain
     * and refused with {@code projection_diverged}.)
     */
    Head checkpoint() {
        try {
            PreparedStatement ps =
                    statement("SELECT key, value FROM meta WHERE key IN ('checkpoint_seq', 'checkpoint_hash')");
            String seq = null;
            String hash = null;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1).equals("checkpoint_seq")) {
                        seq = rs.getString(2);
                    } else {
                        hash = rs.getString(2);
                    }
                }
            }
            return seq == null || hash == null ? Head.EMPTY : new Head(Long.parseLong(seq), hash);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    int schemaVersion() {
        return meta("schema_version").map(Integer::parseInt).orElse(0);
    }

    /** In the caller's transaction, with the views it moves past. */
    void putCheckpoint(long seq, String hash) throws SQLException {
        putMeta("checkpoint_seq", Long.toString(seq));
        putMeta("checkpoint_hash", hash);
    }

    void putSchemaVersion(int schemaVersion) throws SQLException {
        putMeta("schema_version", Integer.toString(schemaVersion));
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
        PreparedStatement ps = statement(
                "INSERT INTO meta(key, value) VALUES(?,?) ON CONFLICT(key) DO UPDATE SET value=excluded.value");
        ps.setString(1, key);
        ps.setString(2, value);
        ps.executeUpdate();
    }

    /** The written text of a row, through the key index of its side ({@link ViewLayout#keyCondition}). */
    Optional<String> doc(String view, String key) {
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

    /** The written rows of {@code view} with a key from {@code fromKey} (inclusive) to {@code toKey}, by key. */
    <T> TreeMap<String, T> docs(String view, String fromKey, String toKey, Function<String, T> fromText) {
        TreeMap<String, T> found = new TreeMap<>();
        try {
            PreparedStatement ps = statement(
                    "SELECT key, doc FROM views WHERE view=? AND key>=? AND key<? AND " + side(view) + " ORDER BY key");
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
        return found;
    }

    List<String> keys(String view) {
        List<String> keys = new ArrayList<>();
        try (PreparedStatement ps =
                connection.prepareStatement("SELECT key FROM views WHERE view=? AND " + side(view) + " ORDER BY key")) {
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

    /** Which index a key of {@code view} is in (a point view read in key order is scanned and sorted). */
    private static String side(String view) {
        return ViewLayout.isPoint(view) ? "h IS NOT NULL" : "h IS NULL";
    }

    /**
     * Every row into {@code views} (view → key → document), and the idempotency index as the
     * documents every other {@link dev.loopx.projections.view.Views} keeps it in ({@link OperationIndex}).
     */
    void dumpInto(ObjectNode views) {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("SELECT view, key, doc FROM views ORDER BY view, key")) {
            while (rs.next()) {
                ObjectNode view = views.has(rs.getString(1))
                        ? (ObjectNode) views.get(rs.getString(1))
                        : views.putObject(rs.getString(1));
                view.set(rs.getString(2), Json.mapper().readTree(rs.getString(3)));
            }
            try (Statement t = connection.createStatement();
                    ResultSet entries = t.executeQuery("SELECT h, seq FROM operation_events")) {
                ObjectNode index = null;
                while (entries.next()) {
                    if (index == null) {
                        index = views.putObject(OperationIndex.VIEW);
                    }
                    long seq = entries.getLong(2);
                    index.set(
                            OperationIndex.key(entries.getLong(1), seq),
                            Json.object().put("seq", seq));
                }
            }
        } catch (SQLException | IOException e) {
            throw failure(e);
        }
    }

    /** The seqs, ascending, of the stored idempotency-index entries under {@code hash}. */
    List<Long> operationSeqs(long hash) {
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
        return seqs;
    }

    /** Appends idempotency-index entries ({@link OperationEvents#take}), in the caller's transaction. */
    void insertOperations(long[] pairs) throws SQLException {
        if (pairs.length > 0) {
            OperationEvents.insert(pairs, statement(OperationEvents.INSERT_GROUP), statement(OperationEvents.INSERT));
        }
    }

    /** Closes the prepared statements, runs {@code last} (the store's own end), then closes the connection. */
    void close(SqlStep last) throws SQLException {
        for (PreparedStatement ps : statements.values()) {
            ps.close();
        }
        statements.clear();
        last.run();
        connection.close();
    }
}
