package dev.loopx.application.composition;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.LedgerCheck;
import dev.loopx.ledger.LedgerDamage;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.chronicle.ChronicleLedger;
import dev.loopx.ledger.chronicle.ChronicleTail;
import dev.loopx.ledger.chronicle.ChronicleWarmUp;
import dev.loopx.ledger.chronicle.JournalStamp;
import dev.loopx.ledger.lock.LedgerLock;
import dev.loopx.ledger.lock.LockIncidents;
import dev.loopx.ledger.lock.WriteLock;
import dev.loopx.ledger.memory.InMemoryLedger;
import dev.loopx.ledger.remote.HeadHolder;
import dev.loopx.ledger.remote.HeldSession;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerBackend;
import dev.loopx.ledger.remote.ServerLedgerSession;
import dev.loopx.ledger.remote.ServerSessions;
import dev.loopx.projections.store.ProjectionFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The composition root: the only place that names the adapters behind the {@code Ledger} and
 * {@code ProjectionStore} ports. A runtime root uses the embedded defaults (Chronicle Queue
 * journal, SQLite projection store) unless {@code loopx connect --ledger} recorded a server
 * ledger for it ({@link LedgerLocations}); then its journal is that PostgreSQL ledger, opened
 * through the process's {@link ServerSessions} ({@link #serverSessions}: one per process, carried
 * by every {@link Invocation}, closed by the process's entry point; ADR 0010). The choice is made
 * here and nowhere else. Stateless (no static state but constants); thread-safe.
 */
public final class Composition {
    /** The backend class of each server scheme: the adapter, named here only (its jar is loaded lazily). */
    private static final Map<String, String> SERVER_BACKENDS =
            Map.of(LedgerLocation.POSTGRESQL, "dev.loopx.ledger.postgres.PostgresBackend");

    /** The system property through which the launcher names the distribution's folder (bin/loopx). */
    private static final String DISTRIBUTION = "loopx.dist";

    /**
     * Chronicle + SQLite. The ledger is opened through a method reference, so Chronicle's classes
     * load only when a command needs the journal (a read of a current store never does).
     */
    private static final LoopxRuntime.Adapters EMBEDDED = new LoopxRuntime.Adapters(
            Composition::openChronicle, ProjectionFiles::new, LedgerLock::new, true, new ChronicleTails());

    private Composition() {}

    /** Opens the invocation's runtime root (it must be initialised) with the configured adapters. */
    public static LoopxRuntime open(Invocation invocation) {
        return open(invocation.runtimeRoot(), invocation);
    }

    /**
     * Opens another runtime root (e.g. a project in {@code projects.json}) with the invocation's
     * configuration: the embedded journal, or the server ledger its {@code ledger-location} names
     * (ADR 0006: the server's advisory lock instead of the file lock; no trust in the local head
     * marker, since other machines append too; projections stay local).
     */
    public static LoopxRuntime open(Path runtimeRoot, Invocation invocation) {
        Optional<LedgerLocation> server = LedgerLocations.stored(runtimeRoot);
        if (server.isEmpty()) {
            return LoopxRuntime.open(runtimeRoot, syncPolicy(invocation), EMBEDDED)
                    .warnTo(invocation.warnings()::warn);
        }
        return LoopxRuntime.open(
                        runtimeRoot,
                        syncPolicy(invocation),
                        serverAdapters(invocation.servers().open(runtimeRoot, server.get(), invocation.environment())))
                .warnTo(invocation.warnings()::warn);
    }

    /**
     * The server-ledger sessions of a new process (or of a test that plays one): the process's entry
     * point creates them once, hands them to every call (an {@link Invocation} carries them) and
     * closes them at its end. Creating them loads and opens nothing.
     */
    public static ServerSessions serverSessions() {
        return new ServerSessions(SERVER_BACKENDS, Composition.class.getClassLoader(), distribution());
    }

    /** The distribution this process runs from ({@code loopx.dist}, set by the launcher); empty in tests and the IDE. */
    static Optional<Path> distribution() {
        String dist = System.getProperty(DISTRIBUTION);
        return dist == null || dist.isBlank() ? Optional.empty() : Optional.of(Path.of(dist));
    }

    /**
     * Starts connecting to the server ledger of {@code runtimeRoot}, if it has one, ahead of the
     * command (the launcher names such a root, {@code -Dloopx.server-root}); the command's own
     * {@link #open} then takes that session from {@code servers}. In a heartbeat read ({@link
     * ServerSessions#heartbeatReads}) that session asks the ledger's head holder for the head, when
     * one listens, and logs in only if the command needs more (ADR 0009). Never fails: the command
     * meets any problem itself.
     */
    public static void prefetchServer(ServerSessions servers, Path runtimeRoot, Map<String, String> environment) {
        try {
            Optional<LedgerLocation> location = LedgerLocations.stored(runtimeRoot);
            if (location.isPresent()) {
                servers.prefetch(runtimeRoot, location.get(), environment);
            }
        } catch (RuntimeException | LinkageError e) {
            // the command opens the ledger itself and reports what went wrong
        }
    }

    /**
     * Class-data archive training only ({@code debug train-reads}): a stand-in head holder for
     * {@code runtimeRoot}'s server ledger, answering "empty ledger" from this process, so reads of a
     * runtime root with an empty store take the holder's answer and never log in; closing it ends it.
     */
    public static AutoCloseable standInHeadHolder(Path runtimeRoot, Map<String, String> environment)
            throws InterruptedException {
        LedgerLocation location = LedgerLocations.stored(runtimeRoot)
                .orElseThrow(() -> new IllegalArgumentException("the runtime root has no server ledger"));
        HeadHolder.Address address = HeadHolder.Address.of(runtimeRoot, location, Map.copyOf(environment))
                .orElseThrow(() -> new IllegalArgumentException("the runtime root's path is too long for a socket"));
        AtomicBoolean wanted = new AtomicBoolean(true);
        Thread holder = Thread.ofPlatform()
                .daemon()
                .start(() -> HeadHolder.serve(
                        address, StandInHolderSession.EMPTY_LEDGER, wanted::get, Duration.ofMinutes(5)));
        for (int i = 0; i < 300 && !Files.exists(address.socket()); i++) {
            Thread.sleep(10);
        }
        // Its first answer starts the holder's answer path (the virtual-thread scheduler, the peer
        // check) in a cold JVM, whose archive is being recorded: asked once here without a
        // heartbeat's one-second limit, so the timed reads that follow do not give up on it.
        HeldSession.connect(address, StandInHolderSession::noOwnSession, Duration.ofSeconds(30))
                .ifPresent(warm -> {
                    try {
                        warm.ledger().head();
                    } catch (RuntimeException e) {
                        // the reads that follow meet it again and report it
                    } finally {
                        warm.ledger().close();
                    }
                });
        return () -> {
            wanted.set(false);
            holder.interrupt();
        };
    }

    /**
     * Class-data archive training only ({@code debug train-reads --server-reads}): a stand-in
     * PostgreSQL server on loopback for an empty ledger, which {@code user} logs in to with {@code
     * password}. It lives beside the PostgreSQL session code and loads with it (through {@code
     * servers}, as the backend does: the launcher puts lib/postgresql on that run's class path).
     */
    public static TrainingServer trainingServer(ServerSessions servers, String user, String password)
            throws IOException {
        return new TrainingServer(servers.trainingServer(LedgerLocation.POSTGRESQL, user, password));
    }

    /** A training stand-in server ({@link #trainingServer}); closing it stops it. */
    public static final class TrainingServer implements AutoCloseable {
        private final ServerLedgerBackend.StandInServer server;

        private TrainingServer(ServerLedgerBackend.StandInServer server) {
            this.server = server;
        }

        /** Its port on the loopback address. */
        public int port() {
            return server.port();
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    /** What {@code doctor} says of the invocation's head holder (ADR 0009); empty on the embedded journal. */
    public static Optional<String> headHolderState(Invocation invocation) {
        Optional<LedgerLocation> location = LedgerLocations.stored(invocation.runtimeRoot());
        if (location.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(
                ServerSessions.holderState(invocation.runtimeRoot(), location.get(), invocation.environment()));
    }

    /**
     * Runs as the head holder of the invocation's runtime root (its server ledger) until it idles
     * out, the runtime root names another ledger, or the server session is lost; what ended it.
     */
    public static HeadHolder.Ended holdServerHead(Invocation invocation) {
        Path runtimeRoot = invocation.runtimeRoot();
        Optional<LedgerLocation> location = LedgerLocations.stored(runtimeRoot);
        if (location.isEmpty()) {
            return HeadHolder.Ended.NO_SESSION; // an embedded journal: nothing to hold
        }
        return invocation
                .servers()
                .hold(
                        runtimeRoot,
                        location.get(),
                        invocation.environment(),
                        () -> LedgerLocations.stored(runtimeRoot).equals(location));
    }

    /** A session on a server ledger (it starts connecting on its own thread); closing its ledger ends it. */
    public static ServerLedgerSession openServer(LedgerLocation location, Invocation invocation) {
        return invocation.servers().open(location, invocation.environment());
    }

    private static LoopxRuntime.Adapters serverAdapters(ServerLedgerSession session) {
        // a timeout of the server's lock is recorded in the runtime root that waited, as the file lock's is
        return new LoopxRuntime.Adapters(
                (root, sync, lock) -> session.ledger(),
                ProjectionFiles::new,
                root -> LockIncidents.recording(
                        session.lock(),
                        root,
                        "postgresql advisory lock",
                        LedgerLock.DEFAULT_DEADLINE,
                        Clock.systemUTC()),
                false);
    }

    /** The server ledger's health for {@code doctor}; empty for an embedded journal. */
    public static Optional<ServerLedgerSession.Health> serverHealth(Invocation invocation) {
        Optional<LedgerLocation> server = LedgerLocations.stored(invocation.runtimeRoot());
        if (server.isEmpty()) {
            return Optional.empty();
        }
        ServerLedgerSession session = openServer(server.get(), invocation);
        try {
            return Optional.of(session.health());
        } finally {
            session.ledger().close();
        }
    }

    /**
     * {@code ledger.sync} (SPEC §S2) from {@code LOOPX_LEDGER_SYNC}: {@code always} (default: every
     * append is fsynced before it is acknowledged) or {@code batch} (survives process crashes, not
     * power loss; for bulk work).
     */
    public static SyncPolicy syncPolicy(Invocation invocation) {
        return invocation
                .variable("LOOPX_LEDGER_SYNC")
                .map(value -> SyncPolicy.fromWire(value.trim())
                        .orElseThrow(
                                () -> new InvalidRequest("invalid_value", "LOOPX_LEDGER_SYNC must be always or batch")))
                .orElse(SyncPolicy.ALWAYS);
    }

    /**
     * What changes whenever a runtime root's journal changes by any means, or a check of it records
     * a result (ADR 0011): for a watcher (the dashboard) that re-reads a project only when something
     * moved. Two {@code stat}s and one small read; no Chronicle class is loaded.
     */
    public static String journalState(Path runtimeRoot) {
        return journalStamp(runtimeRoot) + ":"
                + LedgerCheck.read(runtimeRoot)
                        .map(c -> c.checkedAt().toString())
                        .orElse("");
    }

    /** The stamp of a runtime root's embedded journal as it stands (ADR 0011; one {@code stat} per file). */
    public static String journalStamp(Path runtimeRoot) {
        return JournalStamp.of(runtimeRoot.resolve("ledger"));
    }

    /** The identity of a runtime root's journal file (ADR 0011: damage found holds for that file). */
    public static String journalIdentity(Path runtimeRoot) {
        return JournalStamp.identity(runtimeRoot.resolve("ledger"));
    }

    /** A ledger in memory, for a chain built before it replaces a server ledger's rows (a repair). */
    public static Ledger scratchLedger() {
        return new InMemoryLedger();
    }

    /** The valid chain of a runtime root's journal, read without the journal's own machinery (a repair). */
    public static Salvage salvage(Path runtimeRoot) {
        return ChronicleLedger.salvage(runtimeRoot);
    }

    /** Plain reads of the queue file and its stamp: loads no Chronicle class. */
    private static final class ChronicleTails implements LoopxRuntime.Adapters.TailCheck {
        @Override
        public boolean endsAt(Path runtimeRoot, HeadMarker.Committed committed) {
            return ChronicleTail.endsAt(runtimeRoot, committed);
        }

        @Override
        public Optional<LedgerDamage> knownDamage(Path runtimeRoot, Optional<HeadMarker.Committed> committed) {
            return ChronicleTail.knownDamage(runtimeRoot, committed, () -> ScheduledLedgerCheck.startNow(runtimeRoot));
        }
    }

    private static Ledger openChronicle(Path runtimeRoot, SyncPolicy sync, WriteLock lock) {
        ChronicleWarmUp.await(); // Chronicle's classes are initialised by one thread only
        return ChronicleLedger.open(runtimeRoot, sync, lock)
                .whenUnverified(() -> ScheduledLedgerCheck.startNow(runtimeRoot));
    }
}
