package dev.loopx.ledger.postgres.training;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.postgres.PostgresBackend;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerBackend;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The training stand-in sits beside the session code whose login and queries it answers: the real
 * driver, through a real {@code PostgresSession}, logs in to it with SCRAM and reads an empty
 * ledger's head (the schema check, then the head query). A change to the session's queries that
 * the stand-in does not follow fails here (and {@code ServerReadsTrainingTest} in the CLI). No
 * server runs.
 */
class TrainingServerTest {
    @Test
    void theRealSessionLogsInAndReadsAnEmptyLedgersHead() throws Exception {
        try (ServerLedgerBackend.StandInServer server =
                new PostgresBackend().trainingServer("loopx-train", "s3cret-pw").orElseThrow()) {
            LedgerLocation location =
                    LedgerLocation.parse("postgresql://127.0.0.1:" + server.port() + "/loopx?ledger=train");
            ServerLedgerSession session =
                    new PostgresBackend().open(location, Map.of("PGUSER", "loopx-train", "PGPASSWORD", "s3cret-pw"));
            try {
                assertEquals(Head.EMPTY, session.ledger().head());
            } finally {
                session.ledger().close();
            }
        }
    }
}
