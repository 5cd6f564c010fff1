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

    /**
     * A component of its own beside {@code ledger} (so a LoopX that predates it still reads the
     * ledger): {@code loopx_retry_keys}, the operation id every append was sent under, what it
     * meant and its seqs, written in the append's transaction. A repeat of a write whose outcome was
     * unknown finds it there (ADR 0006, decision 12). Never exported: it only answers repeats.
     */
    static final int RETRY_KEYS_VERSION = 1;

    private static final String RETRY_KEYS_TABLE = """
            CREATE TABLE IF NOT EXISTS loopx_retry_keys (
                ledger text NOT NULL,
                operation_id text NOT NULL,
                intent_sha256 text NOT NULL,
                first_seq bigint NOT NULL,
                last_seq bigint NOT NULL,
                committed_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (ledger, operation_id)
            )""";

    private Schema() {}

    /** The stored version, creating or migrating the schema when it is older; refuses a newer one. */
    static int ensure(Connection c) throws SQLException {
        int[] versions = stored(c);
        int found = versions[0];
        if (found == VERSION && versions[1] >= RETRY_KEYS_VERSION) {
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
            s.execute(RETRY_KEYS_TABLE);
            s.execute("INSERT INTO loopx_schema (component, version) VALUES ('ledger', " + VERSION + "),"
                    + " ('retry_keys', " + RETRY_KEYS_VERSION + ")"
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

    /** The stored versions of {@code ledger} and {@code retry_keys} (one query); 0 for none yet. */
    static int[] stored(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT CASE WHEN to_regclass('loopx_schema') IS NULL THEN 0 ELSE"
                        + " coalesce((SELECT max(version) FROM loopx_schema WHERE component = 'ledger'), 0) END,"
                        + " CASE WHEN to_regclass('loopx_schema') IS NULL THEN 0 ELSE"
                        + " coalesce((SELECT max(version) FROM loopx_schema WHERE component = 'retry_keys'), 0)"
                        + " END")) {
            rs.next();
            return new int[] {rs.getInt(1), rs.getInt(2)};
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState())) {
                return new int[] {0, 0};
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
