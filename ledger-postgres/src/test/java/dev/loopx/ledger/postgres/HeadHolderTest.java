package dev.loopx.ledger.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.LedgerContract;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.remote.HeadHolder;
import dev.loopx.ledger.remote.HeldSession;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * ADR 0009 on a real server: the head holder answers a held session's head from its own logged-in
 * session (the held session never logs in for it), follows appends made elsewhere, and every way it
 * can fail — gone, killed (a socket left behind), silent, answering nonsense, its server stopped —
 * costs the asking session time, never a wrong head: it reads the head itself.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HeadHolderTest {
    @TempDir
    Path root;

    private static final Map<String, String> ENV = PostgresServer.shared().environment();

    private static LedgerLocation location(PostgresServer server) throws LedgerLocation.Invalid {
        return LedgerLocation.parse(
                server.url("held-" + UUID.randomUUID().toString().substring(0, 8)));
    }

    private static CompletableFuture<HeadHolder.Ended> startHolder(
            HeadHolder.Address address, ServerLedgerSession session, AtomicBoolean wanted, Duration idle)
            throws InterruptedException {
        CompletableFuture<HeadHolder.Ended> ended = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> ended.complete(HeadHolder.serve(address, session, wanted::get, idle)));
        // it logs in before it listens: give a loaded machine time for that
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(address.socket()) && !ended.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(Files.exists(address.socket()), "the holder listens");
        return ended;
    }

    @Test
    void aHeldSessionTakesTheHoldersHead_followsAppendsMadeElsewhere_andNeverLogsInForIt() throws Exception {
        PostgresServer server = PostgresServer.shared();
        LedgerLocation location = location(server);
        HeadHolder.Address address = HeadHolder.Address.of(root, location, ENV).orElseThrow();
        ServerLedgerSession holderSession = new PostgresSession(location, ENV);
        AtomicBoolean wanted = new AtomicBoolean(true);
        CompletableFuture<HeadHolder.Ended> ended = startHolder(address, holderSession, wanted, Duration.ofMinutes(1));
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(address.socket())),
                "the socket is its owner's only");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(address.folder())));
        assertTrue(HeadHolder.running(address));

        ServerLedgerSession writer = new PostgresSession(location, ENV);
        AtomicInteger logins = new AtomicInteger();
        for (int round = 1; round <= 3; round++) {
            writer.ledger().appendIfHead(round - 1, List.of(LedgerContract.event("g", round)));
            Head expected = writer.ledger().head();
            HeldSession held = HeldSession.connect(address, () -> {
                        logins.incrementAndGet();
                        return new PostgresSession(location, ENV);
                    })
                    .orElseThrow();
            assertEquals(expected, held.ledger().head(), "round " + round);
            assertEquals(expected, held.ledger().head(), "a second question connects again");
            assertTrue(held.holderAnswered());
            assertFalse(held.holderFailed());
            held.ledger().close();
        }
        assertEquals(0, logins.get(), "no held session logged in");

        // a second holder for the same address does not start
        assertEquals(
                HeadHolder.Ended.ANOTHER_HOLDER, HeadHolder.serve(address, writer, () -> true, Duration.ofSeconds(1)));

        // the runtime root no longer names this ledger: the holder ends and takes its socket along
        wanted.set(false);
        assertEquals(HeadHolder.Ended.UNWANTED, ended.get(30, TimeUnit.SECONDS));
        assertFalse(Files.exists(address.socket()));
        assertFalse(HeadHolder.running(address));
        assertTrue(HeldSession.connect(address, () -> writer).isEmpty(), "nobody listens any more");
        holderSession.ledger().close();
        writer.ledger().close();
    }

    @Test
    void aLedgerWithDamageRecordedIsNotAnsweredByTheHolder_theHeldSessionReadsTheDamageItself() throws Exception {
        PostgresServer server = PostgresServer.shared();
        LedgerLocation location = location(server);
        String ledger = location.url().substring(location.url().indexOf("ledger=") + "ledger=".length());
        HeadHolder.Address address = HeadHolder.Address.of(root, location, ENV).orElseThrow();
        ServerLedgerSession writer = new PostgresSession(location, ENV);
        writer.ledger().appendIfHead(0, List.of(LedgerContract.event("g", 1), LedgerContract.event("g", 2)));
        ServerLedgerSession holderSession = new PostgresSession(location, ENV);
        AtomicBoolean wanted = new AtomicBoolean(true);
        startHolder(address, holderSession, wanted, Duration.ofMinutes(1));

        HeldSession sound = HeldSession.connect(address, () -> new PostgresSession(location, ENV))
                .orElseThrow();
        assertEquals(2, sound.ledger().head().seq());
        assertTrue(sound.ledger().recordedDamage().isEmpty());
        assertTrue(sound.holderAnswered());
        sound.ledger().close();

        try (java.sql.Connection c = server.connect();
                java.sql.Statement s = c.createStatement()) {
            // a row changed with SQL: the server records it (ADR 0013)
            s.executeUpdate(
                    "UPDATE loopx_events SET committed_at = committed_at WHERE ledger = '" + ledger + "' AND seq = 1");
        }
        HeldSession damaged = HeldSession.connect(address, () -> new PostgresSession(location, ENV))
                .orElseThrow();
        assertEquals(2, damaged.ledger().head().seq(), "the head, read by the session itself");
        assertFalse(damaged.holderAnswered(), "the holder answers no head for a damaged ledger");
        assertEquals(1, damaged.ledger().recordedDamage().orElseThrow().firstBadSeq());
        damaged.ledger().close();
        wanted.set(false);
        holderSession.ledger().close();
        writer.ledger().close();
    }

    @Test
    void anIdleHolderEnds() throws Exception {
        PostgresServer server = PostgresServer.shared();
        LedgerLocation location = location(server);
        HeadHolder.Address address = HeadHolder.Address.of(root, location, ENV).orElseThrow();
        ServerLedgerSession session = new PostgresSession(location, ENV);
        CompletableFuture<HeadHolder.Ended> ended =
                startHolder(address, session, new AtomicBoolean(true), Duration.ofMillis(300));
        assertEquals(HeadHolder.Ended.IDLE, ended.get(30, TimeUnit.SECONDS));
        assertFalse(Files.exists(address.socket()));
        session.ledger().close();
    }

    @Test
    void aHolderThatIsGoneSilentOrSpeaksNonsense_costsTimeNeverTheHead() throws Exception {
        PostgresServer server = PostgresServer.shared();
        LedgerLocation location = location(server);
        HeadHolder.Address address = HeadHolder.Address.of(root, location, ENV).orElseThrow();
        ServerLedgerSession writer = new PostgresSession(location, ENV);
        writer.ledger().appendIfHead(0, List.of(LedgerContract.event("g", 1)));
        Head expected = writer.ledger().head();
        Files.createDirectories(address.folder());

        // a killed holder's socket file: nobody accepts
        try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            dead.bind(UnixDomainSocketAddress.of(address.socket()));
        }
        assertTrue(Files.exists(address.socket()), "the socket file stays behind");
        assertTrue(HeldSession.connect(address, () -> writer).isEmpty(), "a dead socket is not a holder");

        // a holder that accepts and never answers; then one that answers nonsense
        for (String reply : new String[] {null, "ok 999 not-a-hash\n", "error session_lost\n", "ok 1\n"}) {
            Files.deleteIfExists(address.socket());
            try (ServerSocketChannel fake = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
                fake.bind(UnixDomainSocketAddress.of(address.socket()));
                Thread.ofPlatform().daemon().start(() -> {
                    try (SocketChannel c = fake.accept()) {
                        if (reply == null) {
                            Thread.sleep(5_000);
                        } else {
                            c.write(java.nio.ByteBuffer.wrap(reply.getBytes(StandardCharsets.US_ASCII)));
                            Thread.sleep(200);
                        }
                    } catch (Exception e) {
                        // the test ended
                    }
                });
                ServerLedgerSession own = new PostgresSession(location, ENV);
                HeldSession held = HeldSession.connect(address, () -> own, Duration.ofMillis(400))
                        .orElseThrow();
                long started = System.nanoTime();
                assertEquals(expected, held.ledger().head(), "reply " + reply);
                long tookMillis = (System.nanoTime() - started) / 1_000_000;
                assertTrue(tookMillis < 4_000, "gave up on the holder in time: " + tookMillis + " ms");
                assertTrue(held.holderFailed(), "reply " + reply);
                assertFalse(held.holderAnswered(), "reply " + reply);
                held.ledger().close();
            }
        }
        writer.ledger().close();
    }

    /**
     * Issue 35: a holder nobody asks ends within seconds of its server stopping (it checks its
     * session every {@link HeadHolder#TICK}), not at the next question minutes later.
     */
    @Test
    void aHolderWhoseServerStops_endsWithinSecondsWithoutBeingAsked() throws Exception {
        try (PostgresServer server = PostgresServer.start()) {
            Map<String, String> env = server.environment();
            LedgerLocation location = location(server);
            HeadHolder.Address address =
                    HeadHolder.Address.of(root, location, env).orElseThrow();
            ServerLedgerSession session = new PostgresSession(location, env);
            CompletableFuture<HeadHolder.Ended> ended =
                    startHolder(address, session, new AtomicBoolean(true), Duration.ofMinutes(15));
            Thread.sleep(3 * HeadHolder.TICK.toMillis()); // a live session keeps it running
            assertFalse(ended.isDone(), "a holder whose server runs keeps running");
            long stopping = System.nanoTime();
            server.stop(); // returns once the server's process is gone
            long stopped = System.nanoTime();
            assertEquals(HeadHolder.Ended.SESSION_LOST, ended.get(30, TimeUnit.SECONDS));
            long done = System.nanoTime();
            long afterGone = Math.max(0, (done - stopped) / 1_000_000);
            System.err.println("head holder ended " + (done - stopping) / 1_000_000
                    + " ms after its server was told to stop, " + afterGone + " ms after the server was gone");
            assertTrue(afterGone < 3 * HeadHolder.TICK.toMillis(), "ended " + afterGone + " ms after the server");
            assertFalse(Files.exists(address.socket()), "it took its socket along");
            session.ledger().close();
        }
    }

    @Test
    void aHolderWhoseServerStops_endsAndTheHeldSessionMeetsTheOutageItself() throws Exception {
        try (PostgresServer server = PostgresServer.start()) {
            Map<String, String> env = server.environment();
            LedgerLocation location = location(server);
            HeadHolder.Address address =
                    HeadHolder.Address.of(root, location, env).orElseThrow();
            ServerLedgerSession session = new PostgresSession(location, env);
            CompletableFuture<HeadHolder.Ended> ended =
                    startHolder(address, session, new AtomicBoolean(true), Duration.ofMinutes(1));
            HeldSession held = HeldSession.connect(address, () -> new PostgresSession(location, env))
                    .orElseThrow();
            server.stop();
            LedgerException e =
                    assertThrows(LedgerException.class, () -> held.ledger().head());
            assertEquals("ledger_server_unavailable", e.errorCode());
            assertEquals(HeadHolder.Ended.SESSION_LOST, ended.get(30, TimeUnit.SECONDS));
            assertFalse(Files.exists(address.socket()), "a holder that lost its session stops listening");
            held.ledger().close();
            session.ledger().close();
            assertFalse(e.getMessage().contains(server.password()));
        }
    }

    @Test
    void theAddressDependsOnTheLoginSettingsNotThePassword_andALongRootHasNone() throws Exception {
        LedgerLocation location = LedgerLocation.parse("postgresql://db.example:5432/loopx?ledger=a");
        HeadHolder.Address one = HeadHolder.Address.of(root, location, Map.of("PGUSER", "a", "PGPASSWORD", "x"))
                .orElseThrow();
        assertEquals(
                one,
                HeadHolder.Address.of(root, location, Map.of("PGUSER", "a", "PGPASSWORD", "y"))
                        .orElseThrow());
        assertFalse(one.equals(
                HeadHolder.Address.of(root, location, Map.of("PGUSER", "b")).orElseThrow()));
        assertFalse(one.equals(HeadHolder.Address.of(
                        root,
                        LedgerLocation.parse("postgresql://db.example:5432/loopx?ledger=b"),
                        Map.of("PGUSER", "a"))
                .orElseThrow()));
        assertTrue(
                one.socket().getFileName().toString().matches("[0-9a-f]{16}\\.sock"),
                one.socket().toString());
        assertTrue(HeadHolder.Address.of(root.resolve("d".repeat(120)), location, Map.of())
                .isEmpty());
    }
}
