package dev.loopx.ledger.remote;

import java.util.Map;

/**
 * A ledger kept by a server (the PostgreSQL adapter implements it; found with
 * {@link java.util.ServiceLoader}, so nothing names the adapter but its service file). The
 * composition root loads implementations through their own class loader, only for a runtime root
 * whose stored ledger location is a server URL.
 */
public interface ServerLedgerBackend {
    /** The URL scheme this backend serves, e.g. {@code postgresql}. */
    String scheme();

    /**
     * A session on the ledger at {@code location}; nothing connects until first use.
     *
     * @param environment the caller's environment variables (the driver's own conventions, e.g.
     *     {@code PGUSER}, {@code PGPASSWORD}, {@code PGSSLMODE}, {@code PGPASSFILE})
     */
    ServerLedgerSession open(LedgerLocation location, Map<String, String> environment);
}
