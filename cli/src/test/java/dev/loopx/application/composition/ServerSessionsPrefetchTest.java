package dev.loopx.application.composition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import dev.loopx.cli.testing.PostgresProject;
import dev.loopx.ledger.postgres.PostgresServer;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerSession;
import dev.loopx.ledger.remote.ServerSessions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session the launcher asks for at process start (-Dloopx.server-root, WarmUp) is the one the
 * command then uses: one login per process, not two. Counted on a real server, by its backends
 * with application_name loopx and this test's own user options. Each test plays a new process with
 * sessions of its own ({@link Composition#serverSessions}), as {@code Main} makes them.
 */
class ServerSessionsPrefetchTest {
    @TempDir
    Path sandbox;

    /** The sessions of the process each test plays (connecting ran with sessions of its own, as another process). */
    private final ServerSessions servers = Composition.serverSessions();

    @Test
    void theCommandTakesTheSessionOpenedAheadOfIt_andAnotherEnvironmentGetsItsOwn() throws Exception {
        PostgresServer server = PostgresServer.shared();
        Path root = connectedRoot(server);
        LedgerLocation location = LedgerLocations.stored(root).orElseThrow();
        Map<String, String> env = new HashMap<>(server.environment());
        int before = backends(server);

        Composition.prefetchServer(servers, root, env);
        assertEquals(before + 1, backendsSettled(server, before + 1), "the login started at once, on its own thread");
        ServerLedgerSession first = servers.open(location, env);
        first.ledger().head();
        assertEquals(before + 1, backends(server), "the prefetched session was taken, no second login");

        Map<String, String> other = new HashMap<>(env);
        other.put("PGSSLMODE", "disable");
        ServerLedgerSession second = servers.open(location, other);
        assertNotSame(first, second);
        second.ledger().head();
        assertEquals(before + 2, backends(server));

        second.ledger().close();
        first.ledger().close();
        assertEquals(before, backendsSettled(server, before));
    }

    @Test
    void aSessionClosedBeforeItsFirstUseEndsTheLoginItStarted() throws Exception {
        PostgresServer server = PostgresServer.shared();
        Path root = connectedRoot(server);
        int before = backends(server);
        Composition.prefetchServer(servers, root, server.environment());
        assertEquals(before + 1, backendsSettled(server, before + 1), "the login started at once, on its own thread");
        ServerLedgerSession session = servers.open(LedgerLocations.stored(root).orElseThrow(), server.environment());
        session.ledger().close(); // never used: the background login is waited for and ended
        assertEquals(before, backendsSettled(server, before));
    }

    /** A project connected to a new ledger on the server (in this JVM, as another process would). */
    private Path connectedRoot(PostgresServer server) throws Exception {
        return PostgresProject.connect(sandbox, server, "pf").root(); // with sessions of its own
    }

    /** LoopX's backends on the server now (the test's own admin connection is not one of them). */
    private static int backends(PostgresServer server) throws Exception {
        try (Connection c = server.connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'loopx' AND pid <> pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** The count once the server has noticed closed connections (it ends a backend a moment later). */
    private static int backendsSettled(PostgresServer server, int expected) throws Exception {
        int n = backends(server);
        for (int i = 0; i < 50 && n != expected; i++) {
            Thread.sleep(100);
            n = backends(server);
        }
        return n;
    }
}
