package dev.loopx.ledger.postgres;

import dev.loopx.ledger.postgres.training.TrainingServer;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerBackend;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

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

    /** Training only: the PostgreSQL wire-protocol stand-in ({@link TrainingServer}). */
    @Override
    public Optional<StandInServer> trainingServer(String user, String password) throws IOException {
        return Optional.of(new TrainingServer(user, password));
    }
}
