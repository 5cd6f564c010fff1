package dev.loopx.ledger.postgres;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerContract;
import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.Recorded;
import dev.loopx.ledger.json.EnvelopeCodec;
import dev.loopx.ledger.lock.LockTimeoutException;
import dev.loopx.ledger.lock.WriteLock;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The Ledger contract on a real PostgreSQL server, plus what only a server ledger promises. */
class PostgresLedgerTest extends LedgerContract {
    private static final AtomicInteger LEDGERS = new AtomicInteger();
    private LedgerLocation location;

    static ServerLedgerSession session(LedgerLocation location) {
        return new PostgresBackend().open(location, PostgresServer.shared().environment());
    }

    static LedgerLocation newLocation() throws LedgerLocation.Invalid {
        return LedgerLocation.parse(PostgresServer.shared()
                .url("contract-" + ProcessHandle.current().pid() + "-" + LEDGERS.incrementAndGet()));
    }

    @Override
    protected Ledger newEmptyLedger() throws Exception {
        location = newLocation();
        return session(location).ledger();
    }

    @Override
    protected Ledger reopen(Ledger current) {
        current.close();
        return session(location).ledger();
    }

    /**
     * The driver's SCRAM login takes its PBKDF2 factory from the first provider that has one (which
     * is why LoopX's is put first): a factory there that derives the wrong key makes the real
     * server refuse the login; LoopX's first, the login goes through. And the driver class the
     * login set-up initialises ahead (PostgresSession.SCRAM_MECHANISMS) is still in this driver.
     */
    @Test
    void theLoginDerivesItsSaltedPasswordWithTheFirstProvidersFactory() throws Exception {
        assertTrue(ScramKdfProvider.install());
        Class.forName(PostgresSession.SCRAM_MECHANISMS, false, PostgresSession.class.getClassLoader());
        java.security.Provider wrong = new java.security.Provider("LoopXTestWrongKdf", "1", "derives zeros") {
            {
                putService(new Service(this, "SecretKeyFactory", "PBKDF2WithHmacSHA256", "none", null, null) {
                    @Override
                    public Object newInstance(Object parameter) {
                        return new javax.crypto.SecretKeyFactorySpi() {
                            @Override
                            protected javax.crypto.SecretKey engineGenerateSecret(java.security.spec.KeySpec spec) {
                                return new javax.crypto.spec.SecretKeySpec(new byte[32], "PBKDF2WithHmacSHA256");
                            }

                            @Override
                            protected java.security.spec.KeySpec engineGetKeySpec(
                                    javax.crypto.SecretKey key, Class<?> keySpec) {
                                throw new UnsupportedOperationException();
                            }

                            @Override
                            protected javax.crypto.SecretKey engineTranslateKey(javax.crypto.SecretKey key) {
                                throw new UnsupportedOperationException();
                            }
                        };
                    }
                });
            }
        };
        java.security.Security.insertProviderAt(wrong, 1);
        try (Ledger refused = session(newLocation()).ledger()) {
            assertThrows(LedgerException.class, refused::head);
        } finally {
            java.security.Security.removeProvider(wrong.getName());
        }
        assertEquals(ScramKdfProvider.NAME, java.security.Security.getProviders()[0].getName());
        try (Ledger fine = session(newLocation()).ledger()) {
            assertEquals(Head.EMPTY, fine.head());
        }
    }

    /**
     * No password anywhere (no PGPASSWORD; no .pgpass entry for this test server's port): the driver
     * fails with the SQLSTATE of a refused TLS request (08004), LoopX says what is missing instead.
     */
    @Test
    void aLoginWithoutAPasswordSaysWhereOneGoes() throws Exception {
        Map<String, String> env =
                new java.util.HashMap<>(PostgresServer.shared().environment());
        env.remove("PGPASSWORD");
        try (Ledger noPassword = new PostgresBackend().open(newLocation(), env).ledger()) {
            LedgerException e = assertThrows(LedgerException.class, noPassword::head);
            assertEquals("ledger_server_refused", e.errorCode());
            assertTrue(e.getMessage().contains(".pgpass") && e.getMessage().contains("PGPASSWORD"), e.getMessage());
            assertFalse(e.getMessage().contains("TLS"), e.getMessage());
        }
    }

    @Test
    void storedEnvelopesAreTheCanonicalJsonBytes() throws Exception {
        List<Recorded> appended =
                ledger.appendIfHead(0, List.of(event("g", 1), event("g", 2))).get();
        try (Connection c = PostgresServer.shared().connect();
                PreparedStatement ps = c.prepareStatement(
                        "SELECT seq, event_id, hash, envelope FROM loopx_events WHERE ledger = ? ORDER BY seq")) {
            ps.setString(1, location.ledger());
            try (ResultSet rs = ps.executeQuery()) {
                for (Recorded r : appended) {
                    assertTrue(rs.next());
                    assertEquals(r.seq(), rs.getLong(1));
                    assertEquals(r.eventId(), rs.getString(2));
                    assertEquals(r.hash(), rs.getString(3));
                    assertArrayEquals(EnvelopeCodec.toBytes(r), rs.getBytes(4));
                }
                assertFalse(rs.next());
            }
        }
    }

    @Test
    void ledgersOnOneServerAreSeparate() throws Exception {
        ledger.appendIfHead(0, List.of(event("g", 1))).get();
        LedgerLocation other = newLocation();
        try (Ledger second = session(other).ledger()) {
            assertEquals(Head.EMPTY, second.head());
            second.appendIfHead(0, List.of(event("g", 1), event("g", 2))).get();
            assertEquals(2, second.head().seq());
        }
        assertEquals(1, ledger.head().seq());
    }

    @Test
    void theAdvisoryLockSerialisesSessionsAndTimesOut() throws Exception {
        ServerLedgerSession other = session(location);
        try {
            WriteLock mine = session(location).lock();
            try (WriteLock.Held held = other.lock().acquire()) {
                assertFalse(mine.isFree());
                LockTimeoutException timeout = assertThrows(LockTimeoutException.class, mine::acquire);
                assertEquals("lock_acquire_timeout", timeout.errorCode());
            }
            assertTrue(mine.isFree());
            try (WriteLock.Held held = mine.acquire()) {
                assertTrue(mine.isHeldByCurrentThread());
            }
        } finally {
            other.ledger().close();
        }
    }

    @Test
    void aKilledSessionReleasesTheLock() throws Exception {
        ServerLedgerSession holder = session(location);
        WriteLock.Held held = holder.lock().acquire();
        holder.ledger().close(); // the connection ends without an unlock: the server drops the lock
        held.close();
        try (WriteLock.Held again = session(location).lock().acquire()) {
            assertTrue(true);
        }
    }

    @Test
    void anUnreachableServerIsUnavailableAndNamesNoCredential() throws Exception {
        LedgerLocation nowhere = LedgerLocation.parse("postgresql://127.0.0.1:1/loopx?ledger=x");
        ServerLedgerSession s = new PostgresBackend()
                .open(
                        nowhere,
                        Map.of(
                                "PGUSER",
                                "loopx",
                                "PGPASSWORD",
                                PostgresServer.shared().password()));
        LedgerException e = assertThrows(LedgerException.class, () -> s.ledger().head());
        assertEquals("ledger_server_unavailable", e.errorCode());
        assertFalse(e.getMessage().contains(PostgresServer.shared().password()));
        assertFalse(e.getMessage().contains("127.0.0.1"));
    }

    @Test
    void aServerThatNeverAnswersTheLoginFailsAfterTheLoginTimeout_andStaysUnavailable() throws Exception {
        try (java.net.ServerSocket silent =
                new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread.ofPlatform().daemon().start(() -> {
                List<java.net.Socket> held = new java.util.ArrayList<>();
                try {
                    while (true) {
                        held.add(silent.accept()); // accepts, reads nothing, never answers
                    }
                } catch (java.io.IOException closed) {
                    // the test is over
                }
            });
            LedgerLocation mute =
                    LedgerLocation.parse("postgresql://127.0.0.1:" + silent.getLocalPort() + "/loopx?ledger=x");
            PostgresSession s = new PostgresSession(
                    mute,
                    Map.of(
                            "PGUSER",
                            "loopx",
                            "PGPASSWORD",
                            PostgresServer.shared().password()),
                    java.time.Duration.ofSeconds(1));
            long start = System.nanoTime();
            LedgerException e =
                    assertThrows(LedgerException.class, () -> s.ledger().head());
            long waitedMillis = (System.nanoTime() - start) / 1_000_000;
            assertEquals("ledger_server_unavailable", e.errorCode());
            assertTrue(e.getMessage().contains("SQLSTATE 08001"), e.getMessage());
            assertFalse(e.getMessage().contains(PostgresServer.shared().password()));
            assertTrue(waitedMillis >= 900 && waitedMillis < 10_000, "waited " + waitedMillis + " ms");
            LedgerException again =
                    assertThrows(LedgerException.class, () -> s.ledger().head());
            assertEquals("ledger_server_unavailable", again.errorCode()); // no second login
        }
    }

    @Test
    void aLoginThatArrivesAfterTheLoginTimeoutIsClosed_notLeftOpen() throws Exception {
        PostgresServer server = PostgresServer.shared();
        java.util.concurrent.atomic.AtomicLong fromServer = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.CountDownLatch clientDone = new java.util.concurrent.CountDownLatch(1);
        try (java.net.ServerSocket slow = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            // a proxy that holds the connection 2 s, then forwards it to the real server and notes
            // how much the server sent and when the client ended its side
            Thread.ofPlatform().daemon().start(() -> {
                try (java.net.Socket in = slow.accept()) {
                    Thread.sleep(2_000);
                    try (java.net.Socket out =
                            new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), server.port())) {
                        Thread.ofPlatform().daemon().start(() -> pipe(out, in, fromServer));
                        pipe(in, out, new java.util.concurrent.atomic.AtomicLong());
                        clientDone.countDown();
                    }
                } catch (Exception e) {
                    // the test is over
                }
            });
            LedgerLocation late = LedgerLocation.parse("postgresql://127.0.0.1:" + slow.getLocalPort()
                    + "/loopx?ledger=late-" + LEDGERS.incrementAndGet());
            PostgresSession s = new PostgresSession(late, server.environment(), java.time.Duration.ofMillis(500));
            LedgerException e =
                    assertThrows(LedgerException.class, () -> s.ledger().head());
            assertEquals("ledger_server_unavailable", e.errorCode());
            // a leaked connection would stay open (the session is never closed here)
            assertTrue(clientDone.await(20, java.util.concurrent.TimeUnit.SECONDS), "the late connection is closed");
            assertTrue(
                    fromServer.get() > 100,
                    "the login completed first: " + fromServer.get() + " bytes from the server");
        }
    }

    /** Copies until the end of {@code from}, counting the bytes as they pass. */
    private static void pipe(java.net.Socket from, java.net.Socket to, java.util.concurrent.atomic.AtomicLong copied) {
        byte[] buffer = new byte[8192];
        try {
            for (int n; (n = from.getInputStream().read(buffer)) > 0; ) {
                to.getOutputStream().write(buffer, 0, n);
                copied.addAndGet(n);
            }
            to.shutdownOutput();
        } catch (java.io.IOException e) {
            // one side closed
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithoutEchoingIt() throws Exception {
        ServerLedgerSession s =
                new PostgresBackend().open(location, Map.of("PGUSER", "loopx", "PGPASSWORD", "not-the-password-42"));
        LedgerException e = assertThrows(LedgerException.class, () -> s.ledger().head());
        assertEquals("ledger_server_refused", e.errorCode());
        assertFalse(e.getMessage().contains("not-the-password-42"));
    }

    @Test
    void theSchemaIsVersioned() throws Exception {
        ledger.head();
        try (Connection c = PostgresServer.shared().connect();
                var s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT version FROM loopx_schema WHERE component = 'ledger'")) {
            assertTrue(rs.next());
            assertEquals(Schema.VERSION, rs.getInt(1));
        }
        assertEquals(Schema.VERSION, session(location).health().schemaVersion());
    }
}
