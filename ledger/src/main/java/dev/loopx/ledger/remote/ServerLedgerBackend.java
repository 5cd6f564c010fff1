package dev.loopx.ledger.remote;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;

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

    /**
     * Class-data archive training only ({@code debug train-reads --server-reads}, ADR 0006 and
     * 0010): a stand-in for this backend's server on loopback that lets {@code user} log in with
     * {@code password} and answers as an empty ledger, so the training run's reads go through the
     * backend's real login and queries where no server runs. Never used to answer a user's command.
     * Empty when the backend has none.
     */
    default Optional<StandInServer> trainingServer(String user, String password) throws IOException {
        return Optional.empty();
    }

    /** A training stand-in server ({@link #trainingServer}); closing it stops it. */
    interface StandInServer extends AutoCloseable {
        /** Its port on the loopback address. */
        int port();

        @Override
        void close() throws IOException;
    }
}
