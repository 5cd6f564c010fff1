package dev.loopx.ledger.postgres;

import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerBackend;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.util.Map;

/** The {@code postgresql://} ledger backend (service file META-INF/services). */
public final class PostgresBackend implements ServerLedgerBackend {
    @Override
    public String scheme() {
        return LedgerLocation.POSTGRESQL;
    }

    @Override
    public ServerLedgerSession open(LedgerLocation location, Map<String, String> environment) {
        return new PostgresSession(location, environment);
    }
}
