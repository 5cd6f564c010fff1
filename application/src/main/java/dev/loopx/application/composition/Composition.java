package dev.loopx.application.composition;

import dev.loopx.application.InvalidRequest;
import dev.loopx.application.Invocation;
import dev.loopx.commands.runtime.LoopxRuntime;
import dev.loopx.ledger.HeadMarker;
import dev.loopx.ledger.Ledger;
import dev.loopx.ledger.Salvage;
import dev.loopx.ledger.SyncPolicy;
import dev.loopx.ledger.chronicle.ChronicleLedger;
import dev.loopx.ledger.chronicle.ChronicleTail;
import dev.loopx.ledger.chronicle.ChronicleWarmUp;
import dev.loopx.ledger.lock.LedgerLock;
import dev.loopx.ledger.lock.LockIncidents;
import dev.loopx.ledger.lock.WriteLock;
import dev.loopx.ledger.remote.HeadHolder;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerSession;
import dev.loopx.projections.store.ProjectionFiles;
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
 * ledger for it ({@link LedgerLocations}); then its journal is that PostgreSQL ledger, loaded
 * through {@link ServerLedgers}. The choice is made here and nowhere else. Stateless; thread-safe.
 */
public final class Composition {
    /**
     * Chronicle + SQLite. The ledger is opened through a method reference, so Chronicle's classes
     * load only when a command needs the journal (a read of a current store never does).
     */
    private static final LoopxRuntime.Adapters EMBEDDED = new LoopxRuntime.Adapters(
            Composition::openChronicle, ProjectionFiles::new, LedgerLock::new, true, Composition::chronicleEndsAt);

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
                        serverAdapters(ServerLedgers.open(runtimeRoot, server.get(), invocation.environment())))
                .warnTo(invocation.warnings()::warn);
    }

    /**
     * Starts connecting to the server ledger of {@code runtimeRoot}, if it has one, ahead of the
     * command (the launcher names such a root, {@code -Dloopx.server-root}); the command's own
     * {@link #open} then takes that session. In a heartbeat read ({@link #heartbeatReads}) that
     * session asks the ledger's head holder for the head, when one listens, and logs in only if the
     * command needs more (ADR 0009). Never fails: the command meets any problem itself.
     */
    public static void prefetchServer(Path runtimeRoot, Map<String, String> environment) {
        ServerLedgers.prefetch(runtimeRoot, environment);
    }

    /**
     * Marks this process as a heartbeat read (it reads the projection store only): its server
     * sessions ask the ledger's head holder for the head when one listens (ADR 0009).
     */
    public static void heartbeatReads(boolean on) {
        ServerLedgers.heartbeatReads(on);
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
        return () -> {
            wanted.set(false);
            holder.interrupt();
        };
    }

    /** What {@code doctor} says of the invocation's head holder (ADR 0009); empty on the embedded journal. */
    public static Optional<String> headHolderState(Invocation invocation) {
        return ServerLedgers.holderState(invocation.runtimeRoot(), invocation.environment());
    }

    /** Whether this process took a server ledger's head from its head holder (diagnostics: LOOPX_TIMING). */
    public static boolean headFromHolder() {
        return ServerLedgers.headFromHolder();
    }

    /**
     * At the end of a process: ends the session {@link #prefetchServer} opened if the command never
     * used it, then, after a heartbeat read that {@code succeeded} without a head holder to ask,
     * starts one in the background (ADR 0009).
     */
    public static void closeUnusedServer(boolean succeeded) {
        ServerLedgers.closeUnused();
        ServerLedgers.startHolder(succeeded);
    }

    /**
     * Runs as the head holder of the invocation's runtime root (its server ledger) until it idles
     * out, the runtime root names another ledger, or the server session is lost; what ended it.
     */
    public static HeadHolder.Ended holdServerHead(Invocation invocation) {
        return ServerLedgers.hold(invocation.runtimeRoot(), invocation.environment());
    }

    /** A session on a server ledger (it starts connecting on its own thread); closing its ledger ends it. */
    public static ServerLedgerSession openServer(LedgerLocation location, Invocation invocation) {
        return ServerLedgers.open(location, invocation.environment());
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

    /** The valid chain of a runtime root's journal, read without the journal's own machinery (a repair). */
    public static Salvage salvage(Path runtimeRoot) {
        return ChronicleLedger.salvage(runtimeRoot);
    }

    /** Plain reads of the queue file: loads no Chronicle class. */
    private static boolean chronicleEndsAt(Path runtimeRoot, HeadMarker.Committed committed) {
        return ChronicleTail.endsAt(runtimeRoot, committed);
    }

    private static Ledger openChronicle(Path runtimeRoot, SyncPolicy sync, WriteLock lock) {
        ChronicleWarmUp.await(); // Chronicle's classes are initialised by one thread only
        return ChronicleLedger.open(runtimeRoot, sync, lock);
    }
}
