package dev.loopx.host.codexapp.store;

import dev.loopx.host.codexapp.store.RowImage.Column;
import dev.loopx.host.codexapp.store.RowImage.StorageClass;
import io.vavr.control.Either;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * The Codex App's {@code automations} table, reached through one JDBC connection. Reads select
 * every column with its storage class and raw bytes ({@link RowImage}); the only statement that
 * writes is the compare-and-swap {@link #casUpdatePrompt}. No pragma that changes the file
 * (journal mode, schema, other tables) is ever issued; the connection never creates the
 * database. One instance per thread.
 */
final class AutomationTable implements AutoCloseable {
    static final String TABLE = "automations";
    static final List<String> REQUIRED_COLUMNS = List.of("id", "kind", "prompt", "status", "target_thread_id");

    private final Connection connection;
    private final List<String> columns;

    private AutomationTable(Connection connection, List<String> columns) {
        this.connection = connection;
        this.columns = columns;
    }

    /**
     * Opens the table after checking the schema: the database must exist, be UTF-8 and have an
     * {@code automations} table with every required column. {@code readOnly} connections cannot
     * write at all (but leave {@code -wal}/{@code -shm} files behind on a WAL database).
     */
    static Either<StoreProblem, AutomationTable> open(Path database, boolean readOnly, int busyTimeoutMillis)
            throws SQLException {
        if (!Files.isRegularFile(database)) {
            return Either.left(StoreProblem.of(
                    StoreProblem.Code.DATABASE_MISSING,
                    "the Codex home has no sqlite/codex-dev.db; is this the right --codex-home?"));
        }
        SQLiteConfig config = new SQLiteConfig();
        config.resetOpenMode(SQLiteOpenMode.CREATE);
        config.setReadOnly(readOnly);
        config.setBusyTimeout(busyTimeoutMillis);
        Connection c = config.createConnection("jdbc:sqlite:" + database.toAbsolutePath());
        try {
            Either<StoreProblem, List<String>> schema = checkSchema(c);
            if (schema.isLeft()) {
                c.close();
                return Either.left(schema.getLeft());
            }
            return Either.right(new AutomationTable(c, schema.get()));
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    private static Either<StoreProblem, List<String>> checkSchema(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("PRAGMA encoding")) {
                if (!rs.next() || !"UTF-8".equalsIgnoreCase(rs.getString(1))) {
                    return Either.left(StoreProblem.of(
                            StoreProblem.Code.UNSUPPORTED_SCHEMA,
                            "the Codex database is not UTF-8; unsupported schema, use the App API"));
                }
            }
            List<String> cols = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("PRAGMA table_info(" + TABLE + ")")) {
                while (rs.next()) {
                    cols.add(rs.getString("name"));
                }
            }
            if (cols.isEmpty()) {
                return Either.left(StoreProblem.of(
                        StoreProblem.Code.UNSUPPORTED_SCHEMA,
                        "the Codex database has no automations table; unsupported schema, use the App API"));
            }
            List<String> missing =
                    REQUIRED_COLUMNS.stream().filter(r -> !cols.contains(r)).toList();
            if (!missing.isEmpty()) {
                return Either.left(StoreProblem.of(
                        StoreProblem.Code.UNSUPPORTED_SCHEMA,
                        "the automations table lacks required column(s) " + String.join(", ", missing)
                                + "; unsupported schema, use the App API"));
            }
            return Either.right(List.copyOf(cols));
        }
    }

    /** Column names in table order. */
    List<String> columns() {
        return columns;
    }

    /** Every id in the table (text ids only, sorted, duplicates kept once). */
    List<String> ids() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet rs =
                        s.executeQuery("SELECT DISTINCT id FROM " + TABLE + " WHERE typeof(id) = 'text' ORDER BY id")) {
            while (rs.next()) {
                ids.add(rs.getString(1));
            }
        }
        return ids;
    }

    /** Every row whose id is {@code id} (byte-exact text comparison), in rowid order. */
    List<RowImage> rows(String id) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < columns.size(); i++) {
            String q = quote(columns.get(i));
            sql.append(i == 0 ? "" : ", ")
                    .append("typeof(")
                    .append(q)
                    .append("), CASE WHEN typeof(")
                    .append(q)
                    .append(") = 'text' THEN CAST(")
                    .append(q)
                    .append(" AS BLOB) ELSE ")
                    .append(q)
                    .append(" END");
        }
        sql.append(" FROM ").append(TABLE).append(" WHERE CAST(id AS BLOB) = ? AND typeof(id) = 'text' ORDER BY rowid");
        List<RowImage> rows = new ArrayList<>();
        try (PreparedStatement ps = connection.prepareStatement(sql.toString())) {
            ps.setBytes(1, id.getBytes(StandardCharsets.UTF_8));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(image(rs));
                }
            }
        }
        return rows;
    }

    private RowImage image(ResultSet rs) throws SQLException {
        List<Column> cols = new ArrayList<>(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            StorageClass type = StorageClass.valueOf(rs.getString(2 * i + 1).toUpperCase(Locale.ROOT));
            int v = 2 * i + 2;
            byte[] raw = switch (type) {
                case NULL -> new byte[0];
                case INTEGER -> Long.toString(rs.getLong(v)).getBytes(StandardCharsets.US_ASCII);
                case REAL ->
                    String.format(Locale.ROOT, "%016x", Double.doubleToRawLongBits(rs.getDouble(v)))
                            .getBytes(StandardCharsets.US_ASCII);
                case TEXT, BLOB -> Objects.requireNonNullElse(rs.getBytes(v), new byte[0]);
            };
            cols.add(new Column(columns.get(i), type, raw));
        }
        return new RowImage(cols);
    }

    /**
     * {@code UPDATE automations SET prompt = new WHERE id = id AND prompt = old}, comparing id and
     * old prompt byte for byte. Returns the number of rows changed (1 on success, 0 when the
     * prompt changed underneath).
     */
    int casUpdatePrompt(String id, String oldPrompt, String newPrompt) throws SQLException {
        try (PreparedStatement ps = connection.prepareStatement("UPDATE " + TABLE
                + " SET prompt = ? WHERE typeof(id) = 'text' AND CAST(id AS BLOB) = ?"
                + " AND typeof(prompt) = 'text' AND CAST(prompt AS BLOB) = ?")) {
            ps.setString(1, newPrompt);
            ps.setBytes(2, id.getBytes(StandardCharsets.UTF_8));
            ps.setBytes(3, oldPrompt.getBytes(StandardCharsets.UTF_8));
            return ps.executeUpdate();
        }
    }

    /** Takes the SQLite writer lock ({@code BEGIN IMMEDIATE}); a busy database is {@code store_locked}. */
    Either<StoreProblem, Void> beginImmediate() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            return Either.right(null);
        } catch (SQLException e) {
            if (isBusy(e)) {
                return Either.left(StoreProblem.of(
                        StoreProblem.Code.STORE_LOCKED,
                        "another process holds the Codex database's writer lock; retry when the Codex App is idle"));
            }
            throw e;
        }
    }

    void commit() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("COMMIT");
        }
    }

    /** Rolls back an open transaction; harmless when none is open. */
    void rollback() throws SQLException {
        if (!connection.getAutoCommit()) {
            connection.rollback();
            return;
        }
        try (Statement s = connection.createStatement()) {
            s.execute("ROLLBACK");
        } catch (SQLException e) {
            if (!String.valueOf(e.getMessage()).contains("no transaction is active")) {
                throw e;
            }
        }
    }

    /** SQLITE_BUSY (5) or SQLITE_LOCKED (6), extended codes included. */
    static boolean isBusy(SQLException e) {
        int primary = e.getErrorCode() & 0xff;
        return primary == 5 || primary == 6;
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
