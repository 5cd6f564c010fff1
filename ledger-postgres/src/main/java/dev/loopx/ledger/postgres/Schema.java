package dev.loopx.ledger.postgres;

import dev.loopx.ledger.LedgerException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The one versioned schema of LoopX ledgers on a PostgreSQL database, created and migrated by
 * LoopX itself: {@code loopx_schema} (one row per component and its version) and
 * {@code loopx_events}, every ledger's events keyed by {@code (ledger, seq)} with unique event ids
 * per ledger. The stored {@code envelope} is the event's canonical JSON, byte for byte what the
 * Chronicle journal stores (so hashes, exports and dumps are the same). Migrations run in one
 * transaction under a transaction-scoped advisory lock, so two first connections never race.
 */
final class Schema {
    /** The version this LoopX writes and reads. */
    static final int VERSION = 1;

    /** Advisory lock key (namespace of {@link AdvisoryLock#keyOf}) of schema migration. */
    private static final long MIGRATION_KEY = AdvisoryLock.keyOf("schema-migration");

    /** migration i brings the schema from version i to i + 1. */
    private static final List<List<String>> MIGRATIONS = List.of(List.of("""
            CREATE TABLE IF NOT EXISTS loopx_events (
                ledger text NOT NULL,
                seq bigint NOT NULL CHECK (seq >= 1),
                event_id text NOT NULL,
                hash text NOT NULL CHECK (length(hash) = 64),
                prev_hash text NOT NULL CHECK (length(prev_hash) = 64),
                envelope bytea NOT NULL,
                committed_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (ledger, seq),
                CONSTRAINT loopx_events_event_id_unique UNIQUE (ledger, event_id)
            )"""));

    private Schema() {}

    /** The stored version, creating or migrating the schema when it is older; refuses a newer one. */
    static int ensure(Connection c) throws SQLException {
        int found = stored(c);
        if (found == VERSION) {
            return found;
        }
        if (found > VERSION) {
            throw new LedgerException(
                    "ledger_schema_unsupported",
                    "the PostgreSQL ledger schema is version " + found + ", newer than this LoopX reads (" + VERSION
                            + "); update LoopX on this machine",
                    null);
        }
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_xact_lock(" + MIGRATION_KEY + ")");
            s.execute("CREATE TABLE IF NOT EXISTS loopx_schema (component text PRIMARY KEY,"
                    + " version integer NOT NULL, migrated_at timestamptz NOT NULL DEFAULT now())");
            int at = 0;
            try (ResultSet rs = s.executeQuery("SELECT version FROM loopx_schema WHERE component = 'ledger'")) {
                if (rs.next()) {
                    at = rs.getInt(1);
                }
            }
            for (int v = at; v < VERSION; v++) {
                for (String sql : MIGRATIONS.get(v)) {
                    s.execute(sql);
                }
            }
            s.execute("INSERT INTO loopx_schema (component, version) VALUES ('ledger', " + VERSION + ")"
                    + " ON CONFLICT (component) DO UPDATE SET version = EXCLUDED.version, migrated_at = now()");
            c.commit();
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly(c);
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
        return VERSION;
    }

    /** 0 when there is no schema yet. */
    static int stored(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT CASE WHEN to_regclass('loopx_schema') IS NULL THEN 0 ELSE"
                        + " coalesce((SELECT max(version) FROM loopx_schema WHERE component = 'ledger'), 0) END")) {
            rs.next();
            return rs.getInt(1);
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState())) {
                return 0;
            }
            throw e;
        }
    }

    static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is gone; the server rolled the transaction back itself
        }
    }
}
