package dev.loopx.ledger.remote;

import dev.loopx.ledger.Head;
import dev.loopx.ledger.process.LocalServer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;

/**
 * The head holder of a server ledger (ADR 0009): a process of this machine that keeps one logged-in
 * session to the server and answers one question over a UNIX-domain socket in the runtime root,
 * "what is the ledger's head now?", with one indexed query on that session per question. A
 * heartbeat read then asks it instead of starting the driver, TLS and a SCRAM login of its own;
 * everything else (catch-up, writes, the lock) still uses the command's own session. It answers
 * only its own OS user, holds no state but the session, never reconnects (a lost session ends it),
 * and ends after an idle time, when the runtime root no longer names its ledger, or when asked by
 * a signal. A command that cannot get an answer from it in time reads the head itself, so a missing,
 * killed or stuck holder costs time, never an answer.
 */
public final class HeadHolder {
    private HeadHolder() {}

    /**
     * The question, and the version of this exchange: a holder of another exchange has another
     * address. Version 2: a ledger with damage recorded is answered {@code error ledger_damaged}.
     */
    static final String REQUEST = "loopx-head-2\n";

    /** Replies: {@code ok <seq> <hash>} (no damage recorded) or {@code error <error_code>}, one line each. */
    static final String OK = "ok ";

    static final String ERROR = "error ";

    /** A reply is one line of at most this many bytes (seq, a 64-hex hash). */
    static final int MAX_LINE = 160;

    /** UNIX-domain socket paths are limited to 108 bytes (Linux, NUL included; macOS 104): longer roots hold none. */
    static final int MAX_SOCKET_PATH = 100;

    /**
     * Where the holder of one ledger location, for one set of connection settings, listens: {@code
     * <runtime root>/holder/<id>.sock}, its lock file beside it. The id digests the location and the
     * settings that choose who logs in and how ({@code PGUSER}, {@code PGSSLMODE}, the service and
     * password files), never a password, so two agents with different settings use different
     * holders.
     */
    public record Address(Path folder, Path socket, Path lock) {
        private static final String[] SETTINGS = {
            "PGUSER", "PGSSLMODE", "PGSSLROOTCERT", "PGSSLCERT", "PGSSLKEY", "PGPASSFILE", "PGSERVICE", "PGSERVICEFILE"
        };

        /** Empty when the runtime root's path is too long for a socket address. */
        public static Optional<Address> of(Path runtimeRoot, LedgerLocation location, Map<String, String> environment) {
            StringBuilder key =
                    new StringBuilder(REQUEST).append(location.url()).append('\n');
            for (String name : SETTINGS) {
                key.append(name)
                        .append('=')
                        .append(environment.getOrDefault(name, ""))
                        .append('\n');
            }
            key.append("user.name=").append(System.getProperty("user.name", "")).append('\n');
            String id;
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256")
                        .digest(key.toString().getBytes(StandardCharsets.UTF_8));
                id = HexFormat.of().formatHex(digest, 0, 8);
            } catch (NoSuchAlgorithmException e) {
                return Optional.empty();
            }
            Path folder = runtimeRoot.toAbsolutePath().normalize().resolve("holder");
            Path socket = folder.resolve(id + ".sock");
            if (socket.toString().getBytes(StandardCharsets.UTF_8).length > MAX_SOCKET_PATH) {
                return Optional.empty();
            }
            return Optional.of(new Address(folder, socket, folder.resolve(id + ".lock")));
        }
    }

    /**
     * Whether a holder for {@code address} runs or is starting (its lock file is locked). A diagnostic
     * and a guard against starting a second one; the answer may be stale at once.
     */
    public static boolean running(Address address) {
        return LocalServer.running(address.lock());
    }

    /** The process id of the holder at {@code address}, when one runs (its lock file names it). */
    public static OptionalLong pid(Address address) {
        return LocalServer.pid(address.lock());
    }

    /** Why {@link #serve} returned. */
    public enum Ended {
        /** Another holder has the address. */
        ANOTHER_HOLDER,
        /** The session could not log in or read the head: nothing was served. */
        NO_SESSION,
        /** The folder or the socket could not be made. */
        NO_SOCKET,
        /** Nobody asked for the idle time. */
        IDLE,
        /** The runtime root no longer names this ledger. */
        UNWANTED,
        /** The session failed while answering (e.g. the server went away). */
        SESSION_LOST
    }

    /**
     * Serves heads of {@code session}'s ledger at {@code address} until one of {@link Ended} (the
     * caller closes the session afterwards). {@code wanted} is asked before every answer and every few
     * seconds; {@code idle} is how long it waits for a question before it ends.
     */
    public static Ended serve(Address address, ServerLedgerSession session, BooleanSupplier wanted, Duration idle) {
        return LocalServer.whileLocked(address.folder(), address.lock(), Ended.NO_SOCKET, Ended.ANOTHER_HOLDER, () -> {
            try {
                session.ledger().head(); // logs in: a holder that cannot never listens
            } catch (RuntimeException e) {
                return Ended.NO_SESSION;
            }
            return new Server(address, session, wanted, idle).run();
        });
    }

    /** How often a holder checks its idle time, whether it is wanted, and its session. */
    public static final Duration TICK = Duration.ofSeconds(2);

    /** One listening holder. */
    private static final class Server extends LocalServer.Listening<Ended> {
        private final ServerLedgerSession session;
        private final BooleanSupplier wanted;
        private final long idleNanos;
        private volatile long lastAsked = System.nanoTime();

        Server(Address address, ServerLedgerSession session, BooleanSupplier wanted, Duration idle) {
            super(address.folder(), address.socket(), "loopx-holder");
            this.session = session;
            this.wanted = wanted;
            this.idleNanos = idle.toNanos();
        }

        Ended run() {
            return run(Ended.NO_SOCKET, Ended.UNWANTED);
        }

        @Override
        protected void handle(SocketChannel client) {
            Thread.ofVirtual().start(() -> answer(client));
        }

        @Override
        protected Duration tick() {
            return Duration.ofNanos(Math.max(1_000_000L, Math.min(idleNanos, TICK.toNanos())));
        }

        /**
         * Every {@link #TICK} at most: ends the holder when nobody asked for the idle time, when the
         * runtime root no longer wants it, or when its session no longer reaches the server (one
         * empty round trip; a stopped server, a dropped connection) — so a holder ends within
         * seconds of its server, not at the next question.
         */
        @Override
        protected Optional<Ended> check() {
            if (System.nanoTime() - lastAsked > idleNanos) {
                return Optional.of(Ended.IDLE);
            }
            if (!wanted.getAsBoolean()) {
                return Optional.of(Ended.UNWANTED);
            }
            if (!session.alive(TICK)) {
                return Optional.of(Ended.SESSION_LOST);
            }
            return Optional.empty();
        }

        private void answer(SocketChannel client) {
            try (client) {
                ByteBuffer in = ByteBuffer.allocate(REQUEST.length());
                while (in.hasRemaining() && client.read(in) >= 0) {
                    // a question is one short line
                }
                if (!REQUEST.equals(new String(in.array(), 0, in.position(), StandardCharsets.US_ASCII))) {
                    return;
                }
                lastAsked = System.nanoTime();
                String reply;
                if (ending() || !wanted.getAsBoolean()) {
                    end(Ended.UNWANTED);
                    reply = ERROR + "holder_ended\n";
                } else {
                    try {
                        Head head = session.ledger().head();
                        // damage recorded for the ledger (ADR 0013): the asking command reads it itself
                        reply = session.ledger().recordedDamage().isPresent()
                                ? ERROR + "ledger_damaged\n"
                                : OK + head.seq() + " " + head.hash() + "\n";
                    } catch (RuntimeException e) {
                        // never reconnects: the asking command reads the head itself and meets the fault
                        end(Ended.SESSION_LOST);
                        reply = ERROR + "session_lost\n";
                    }
                }
                ByteBuffer out = ByteBuffer.wrap(reply.getBytes(StandardCharsets.US_ASCII));
                while (out.hasRemaining()) {
                    client.write(out);
                }
            } catch (IOException e) {
                // the asking command went away or gave up: nothing to answer
            }
        }
    }
}
