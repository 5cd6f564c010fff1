package dev.loopx.ledger.postgres;

import dev.loopx.ledger.LedgerException;
import java.sql.SQLException;

/**
 * Turns driver failures into the ledger's error codes. Messages are LoopX's own: the driver's text
 * (which may name hosts, users or files) is never copied into one, and no credential ever is.
 */
final class Failures {
    static final String UNAVAILABLE = "ledger_server_unavailable";
    static final String REFUSED = "ledger_server_refused";

    private Failures() {}

    /** True for a failure of the connection itself (the server is down, unreachable or went away). */
    static boolean connectionLost(SQLException e) {
        String state = e.getSQLState();
        return state == null
                || state.startsWith("08")
                || state.equals("57P01")
                || state.equals("57P02")
                || state.equals("57P03");
    }

    /** @param noPassword the server asked for a password and none was found (LoginPassword) */
    static LedgerException onConnect(SQLException e, boolean noPassword) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (noPassword) {
            return new LedgerException(
                    REFUSED,
                    "the PostgreSQL server asks for a password to this runtime root's ledger and none was found; put it"
                            + " in the .pgpass file of your home folder (or the file PGPASSFILE names), or set"
                            + " PGPASSWORD; nothing was written",
                    null);
        }
        if (state.startsWith("28")) {
            return new LedgerException(
                    REFUSED,
                    "the PostgreSQL server refused the login to this runtime root's ledger; check PGUSER and the"
                            + " password in the .pgpass file of your home folder (or PGPASSFILE, PGPASSWORD); nothing was written",
                    null);
        }
        if (state.equals("08004")) {
            return new LedgerException(
                    REFUSED,
                    "the PostgreSQL server of this runtime root's ledger does not accept TLS, but sslmode (PGSSLMODE or"
                            + " the URL's sslmode=) asks for it; enable TLS on the server or choose another sslmode;"
                            + " nothing was written",
                    null);
        }
        if (state.equals("3D000")) {
            return new LedgerException(
                    REFUSED, "the ledger's PostgreSQL database does not exist; create it (createdb) first", null);
        }
        return unavailable(e);
    }

    static LedgerException unavailable() {
        return unavailable((String) null);
    }

    /** @param cause the driver's failure: only its SQLSTATE (a code, never text) reaches the message */
    static LedgerException unavailable(SQLException cause) {
        return unavailable(cause == null ? null : cause.getSQLState());
    }

    /**
     * Only for a failure before any commit was sent on the session (a commit in flight is
     * {@link dev.loopx.ledger.WriteOutcomeUnknown}): the server rolls back whatever it had not
     * committed, so nothing was written.
     */
    static LedgerException unavailable(String sqlState) {
        return new LedgerException(
                UNAVAILABLE,
                "the PostgreSQL server of this runtime root's ledger is down or unreachable" + state(sqlState)
                        + "; nothing was written. Retry when the server is back",
                null);
    }

    /** {@code " (SQLSTATE 08006)"}, or nothing when the driver gave none. */
    static String state(String sqlState) {
        return sqlState == null ? "" : " (SQLSTATE " + sqlState + ")";
    }

    /** A failure while reading or writing: connection losses become {@link #unavailable()}. */
    static LedgerException during(String errorCode, String what, SQLException e) {
        if (connectionLost(e)) {
            return unavailable(e);
        }
        return new LedgerException(errorCode, what + " (PostgreSQL SQLSTATE " + e.getSQLState() + ")", null);
    }
}
