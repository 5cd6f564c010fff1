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

    /**
     * A component of its own (ADR 0013): {@code loopx_ledger_damage}, the damage known for a ledger
     * (one row per damaged ledger, read with every head, so every machine's reads, writes and head
     * holder see it); {@code loopx_damaged_events}, the rows a repair replaced, kept; and triggers that
     * record any {@code UPDATE}, {@code DELETE} or {@code TRUNCATE} of {@code loopx_events} as damage
     * of the ledgers it touched, in the changing transaction itself. A repair, which replaces rows on
     * purpose, says so for its own transaction ({@code loopx.repair}).
     */
    static final int INTEGRITY_VERSION = 1;

    private static final List<String> INTEGRITY = List.of(
            """
            CREATE TABLE IF NOT EXISTS loopx_ledger_damage (
                ledger text PRIMARY KEY,
                first_bad_seq bigint NOT NULL,
                found_by text NOT NULL,
                problem text NOT NULL,
                found_at timestamptz NOT NULL DEFAULT now()
            )""",
            """
            CREATE TABLE IF NOT EXISTS loopx_damaged_events (
                ledger text NOT NULL,
                replaced_at timestamptz NOT NULL,
                seq bigint NOT NULL,
                event_id text NOT NULL,
                hash text NOT NULL,
                prev_hash text NOT NULL,
                envelope bytea NOT NULL,
                committed_at timestamptz NOT NULL,
                PRIMARY KEY (ledger, replaced_at, seq)
            )""",
            """
            CREATE OR REPLACE FUNCTION loopx_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF coalesce(current_setting('loopx.repair', true), '') = 'on' THEN
                    RETURN NULL;
                END IF;
                IF TG_OP = 'TRUNCATE' THEN
                    INSERT INTO loopx_ledger_damage AS d (ledger, first_bad_seq, found_by, problem)
                        SELECT ledger, 1, 'server', 'every event was removed with SQL (TRUNCATE)'
                        FROM loopx_events GROUP BY ledger
                        ON CONFLICT (ledger) DO UPDATE SET first_bad_seq = 1, problem = EXCLUDED.problem;
                    RETURN NULL;
                END IF;
                INSERT INTO loopx_ledger_damage AS d (ledger, first_bad_seq, found_by, problem)
                    VALUES (OLD.ledger, OLD.seq, 'server',
                            'seq ' || OLD.seq || ' was changed with SQL (' || TG_OP || ')')
                    ON CONFLICT (ledger) DO UPDATE
                        SET first_bad_seq = least(d.first_bad_seq, EXCLUDED.first_bad_seq),
                            problem = CASE WHEN EXCLUDED.first_bad_seq < d.first_bad_seq
                                           THEN EXCLUDED.problem ELSE d.problem END;
                RETURN NULL;
            END
            $$""",
            "DROP TRIGGER IF EXISTS loopx_events_changed ON loopx_events",
            "CREATE TRIGGER loopx_events_changed AFTER UPDATE OR DELETE ON loopx_events"
                    + " FOR EACH ROW EXECUTE FUNCTION loopx_events_changed()",
            "DROP TRIGGER IF EXISTS loopx_events_truncated ON loopx_events",
            "CREATE TRIGGER loopx_events_truncated BEFORE TRUNCATE ON loopx_events"
                    + " FOR EACH STATEMENT EXECUTE FUNCTION loopx_events_changed()");

    private Schema() {}

    /** The stored version, creating or migrating the schema when it is older; refuses a newer one. */
    static int ensure(Connection c) throws SQLException {
        int[] versions = stored(c);
        int found = versions[0];
        if (found == VERSION && versions[1] >= RETRY_KEYS_VERSION && versions[2] >= INTEGRITY_VERSION) {
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
            for (String sql : INTEGRITY) {
                s.execute(sql);
            }
            s.execute("INSERT INTO loopx_schema (component, version) VALUES ('ledger', " + VERSION + "),"
                    + " ('retry_keys', " + RETRY_KEYS_VERSION + "), ('integrity', " + INTEGRITY_VERSION + ")"
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

    /** The stored versions of {@code ledger}, {@code retry_keys} and {@code integrity} (one query); 0 for none yet. */
    static int[] stored(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT CASE WHEN to_regclass('loopx_schema') IS NULL THEN 0 ELSE"
                        + " coalesce((SELECT max(version) FROM loopx_schema WHERE component = 'ledger'), 0) END,"
                        + " CASE WHEN to_regclass('loopx_schema') IS NULL THEN 0 ELSE"
                        + " coalesce((SELECT max(version) FROM loopx_schema WHERE component = 'retry_keys'), 0)"
                        + " END, CASE WHEN to_regclass('loopx_schema') IS NULL THEN 0 ELSE"
                        + " coalesce((SELECT max(version) FROM loopx_schema WHERE component = 'integrity'), 0)"
                        + " END")) {
            rs.next();
            return new int[] {rs.getInt(1), rs.getInt(2), rs.getInt(3)};
        } catch (SQLException e) {
            if ("42P01".equals(e.getSQLState())) {
                return new int[] {0, 0, 0};
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
