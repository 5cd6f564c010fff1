package dev.loopx.ledger.remote;

import dev.loopx.ledger.process.Detached;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;

/**
 * The sessions one process holds on server ledgers (ADR 0006, 0009, 0010): the session opened ahead
 * of the command ({@link #prefetch}), which the command's own {@link #open} takes; the head holder a
 * heartbeat read asked, or found missing and so starts at the end ({@link #startMissingHolder}); and
 * the backend it loaded ({@link ServerBackends}). One instance per process: the composition root
 * creates it, the process's entry point hands it to every call and closes it. No state is static,
 * so tests that play several processes in one JVM take one instance each.
 *
 * <p>Thread-safety: safe for concurrent use. The launcher's warm-up thread prefetches while the
 * main thread runs the command, so every field but {@link #heartbeatReads} (volatile: set once,
 * before either thread asks) is guarded by this instance's monitor; a login (a session's opening)
 * runs on its own thread and is never waited for while the monitor is held, except by {@link
 * #prefetch}, which holds it on purpose (a command that opens meanwhile waits for that session
 * instead of starting a second login).
 */
public final class ServerSessions implements AutoCloseable {
    /** {@code LOOPX_LEDGER_HOLDER=off}: no head holder is asked or started (ADR 0009). */
    public static final String HOLDER_SWITCH = "LOOPX_LEDGER_HOLDER";

    /** {@code LOOPX_LEDGER_HOLDER_IDLE_SECONDS}: how long a head holder waits for a question (default 900). */
    public static final String HOLDER_IDLE = "LOOPX_LEDGER_HOLDER_IDLE_SECONDS";

    public static final Duration DEFAULT_HOLDER_IDLE = Duration.ofMinutes(15);

    /** The backend class of each server scheme, as the composition root names them. */
    private final Map<String, String> backendClasses;

    /** The class loader the backends' own loader (over the distribution's lib folder) delegates to. */
    private final ClassLoader parent;

    /** The distribution this process runs from ({@code loopx.dist}); empty in tests and the IDE. */
    private final Optional<Path> distribution;

    private ServerLedgerBackend backend;

    /** A session opened ahead of its first use ({@link #prefetch}), with what it was opened for. */
    private ServerLedgerSession prefetched;

    private LedgerLocation prefetchedLocation;
    private Map<String, String> prefetchedEnvironment;

    /** Whether the command opened a session already: a prefetch after that would only compete with it. */
    private boolean opened;

    /** Where a heartbeat read's head holder listens (ADR 0009), and whether it found none there. */
    private HeadHolder.Address holderAddress;

    private Path holderRoot;
    private boolean holderMissing;
    private HeldSession heldSession;

    private volatile boolean heartbeatReads;
    private volatile Duration holderAnswerTimeout = HeldSession.ANSWER_TIMEOUT;

    /**
     * @param backendClasses the backend class of each server scheme (the composition root names them)
     * @param parent the class loader that sees this process's own classes
     * @param distribution the distribution's folder ({@code loopx.dist}): where the backends' jars
     *     ({@code lib/postgresql}) and the launcher that starts a head holder are; empty without one
     */
    public ServerSessions(Map<String, String> backendClasses, ClassLoader parent, Optional<Path> distribution) {
        this.backendClasses = Map.copyOf(backendClasses);
        this.parent = Objects.requireNonNull(parent, "parent");
        this.distribution = Objects.requireNonNull(distribution, "distribution");
    }

    /** A session not tied to a runtime root (e.g. a migration's target, {@code doctor}'s health check). */
    public ServerLedgerSession open(LedgerLocation location, Map<String, String> environment) {
        return open(null, location, environment);
    }

    /**
     * The session of {@code runtimeRoot}'s server ledger (null: a session not tied to a runtime root,
     * e.g. a migration's target): the one {@link #prefetch} opened for the same location and
     * environment, else, in a heartbeat-read process ({@link #heartbeatReads}), one that asks the
     * ledger's head holder when one listens, else a new one (which starts logging in at once).
     */
    public ServerLedgerSession open(Path runtimeRoot, LedgerLocation location, Map<String, String> environment) {
        ServerLedgerSession unused;
        synchronized (this) {
            opened = true;
            unused = prefetched;
            prefetched = null;
            if (unused != null && prefetchedLocation.equals(location) && prefetchedEnvironment.equals(environment)) {
                return unused;
            }
        }
        if (unused != null) {
            // opened for another ledger or environment: end its login without waiting for it here
            Thread.ofPlatform().daemon().start(() -> unused.ledger().close());
        }
        return runtimeRoot == null
                ? backend(location.scheme()).open(location, environment)
                : session(runtimeRoot, location, Map.copyOf(environment));
    }

    /**
     * Marks this process as a heartbeat read (a command that reads the projection store only, SPEC
     * S0's reads): its sessions ask the ledger's head holder for the head when one listens (ADR 0009).
     */
    public void heartbeatReads(boolean on) {
        heartbeatReads(on, HeldSession.ANSWER_TIMEOUT);
    }

    /**
     * As {@link #heartbeatReads(boolean)}, waiting {@code answerTimeout} for a holder's answer: the
     * archive training's reads (a recording JVM on a loaded machine can take longer than a
     * heartbeat's second; what they train is the path, not the wait).
     */
    public void heartbeatReads(boolean on, Duration answerTimeout) {
        holderAnswerTimeout = answerTimeout;
        heartbeatReads = on;
    }

    /** Whether this process took a server ledger's head from its head holder (diagnostics: LOOPX_TIMING). */
    public synchronized boolean headFromHolder() {
        return heldSession != null && heldSession.holderAnswered();
    }

    /** A session for {@code runtimeRoot}: held when a holder listens for this heartbeat read, else its own. */
    private ServerLedgerSession session(Path runtimeRoot, LedgerLocation location, Map<String, String> env) {
        Optional<HeadHolder.Address> address =
                heartbeatReads && holdersOn(env) ? HeadHolder.Address.of(runtimeRoot, location, env) : Optional.empty();
        // the backend (the driver's jars) is loaded only when this process logs in itself
        Optional<HeldSession> held = address.flatMap(
                a -> HeldSession.connect(a, () -> backend(location.scheme()).open(location, env), holderAnswerTimeout));
        synchronized (this) {
            holderAddress = address.orElse(null);
            holderRoot = runtimeRoot;
            holderMissing = address.isPresent() && held.isEmpty();
            heldSession = held.orElse(null);
        }
        if (held.isPresent()) {
            return held.get(); // no login of its own unless the command needs more than the head
        }
        return backend(location.scheme()).open(location, env);
    }

    /**
     * Opens the session of a server runtime root (whose ledger is {@code location}) before the
     * command gets to it (a session starts connecting at once, on its own thread): the launcher
     * names such a root at start, so the login overlaps the argument parsing and the projection
     * store instead of following them. The command's own {@link #open} for the same location and
     * environment takes this session; a different one gets its own. Any failure is left to the
     * command, which meets it again where it opens the ledger and reports it as always.
     */
    public synchronized void prefetch(Path runtimeRoot, LedgerLocation location, Map<String, String> environment) {
        // Synchronized throughout: a command that gets to open() meanwhile waits for this session
        // (its login already started) instead of starting a second one.
        if (opened || prefetched != null) {
            return;
        }
        try {
            Map<String, String> env = Map.copyOf(environment);
            prefetched = session(runtimeRoot, location, env);
            prefetchedLocation = location;
            prefetchedEnvironment = env;
        } catch (RuntimeException | LinkageError e) {
            // the command opens the ledger itself and reports what went wrong
        }
    }

    /**
     * Ends a prefetched session the command never took (a command that did not read the ledger),
     * waiting for its login, so the server sees an orderly goodbye rather than a dropped connection.
     * A prefetch after this opens nothing. Sessions the command took are the command's to close.
     */
    @Override
    public void close() {
        ServerLedgerSession unused;
        synchronized (this) {
            opened = true; // a prefetch still to come has nothing left to win
            unused = prefetched;
            prefetched = null;
        }
        if (unused != null) {
            unused.ledger().close();
        }
    }

    /**
     * At the end of a heartbeat read that succeeded without a head holder to ask (none listened, or it
     * did not answer): starts one in the background (the distribution's launcher, {@code debug
     * hold-ledger}), unless one is starting already. Its output goes nowhere and it holds none of this
     * process's streams, so the host reading this command's output never waits for it.
     */
    public void startMissingHolder(boolean succeeded) {
        HeadHolder.Address address;
        Path root;
        boolean wanted;
        synchronized (this) {
            address = holderAddress;
            root = holderRoot;
            wanted = holderMissing || (heldSession != null && heldSession.holderFailed());
            holderAddress = null;
        }
        if (!succeeded || !wanted || address == null || root == null || distribution.isEmpty()) {
            return;
        }
        if (HeadHolder.running(address)) {
            return; // starting, or still answering others
        }
        Path launcher = distribution.get().resolve("bin").resolve("loopx");
        if (!Files.isExecutable(launcher)) {
            return;
        }
        // no holder when it cannot start: the next heartbeat logs in itself again, as without one
        Detached.start("", List.of(launcher.toString(), "--runtime-root", root.toString(), "debug", "hold-ledger"));
    }

    /**
     * Serves the head of {@code runtimeRoot}'s server ledger ({@code location}) as its head holder
     * until it idles out, {@code stillNamed} says the runtime root names another ledger, or the
     * session is lost ({@link HeadHolder#serve}).
     */
    public HeadHolder.Ended hold(
            Path runtimeRoot, LedgerLocation location, Map<String, String> environment, BooleanSupplier stillNamed) {
        Map<String, String> env = Map.copyOf(environment);
        Optional<HeadHolder.Address> address = HeadHolder.Address.of(runtimeRoot, location, env);
        if (address.isEmpty() || !holdersOn(env)) {
            return HeadHolder.Ended.NO_SOCKET;
        }
        ServerLedgerSession session = open(location, env);
        try {
            return HeadHolder.serve(address.get(), session, stillNamed, holderIdle(env));
        } finally {
            session.ledger().close();
        }
    }

    /** Whether head holders may be asked and started ({@value #HOLDER_SWITCH}). */
    public static boolean holdersOn(Map<String, String> environment) {
        String v = environment.get(HOLDER_SWITCH);
        return v == null || !v.trim().equalsIgnoreCase("off");
    }

    /**
     * What {@code doctor} says of the head holder of {@code runtimeRoot}, whose ledger is {@code
     * location}: off, running (its process id), or not running.
     */
    public static String holderState(Path runtimeRoot, LedgerLocation location, Map<String, String> environment) {
        if (!holdersOn(environment)) {
            return "off (" + HOLDER_SWITCH + "=off): every heartbeat read logs in itself";
        }
        Optional<HeadHolder.Address> address = HeadHolder.Address.of(runtimeRoot, location, Map.copyOf(environment));
        if (address.isEmpty()) {
            return "none: the runtime root's path is too long for a UNIX socket; every heartbeat read logs in itself";
        }
        if (!HeadHolder.running(address.get())) {
            return "not running: the next heartbeat read logs in itself and starts one";
        }
        OptionalLong pid = HeadHolder.pid(address.get());
        return "running" + (pid.isPresent() ? " (process " + pid.getAsLong() + ")" : "")
                + ": heartbeat reads take the ledger's head from it";
    }

    /** {@value #HOLDER_IDLE}, 1 to 86400 seconds; else {@link #DEFAULT_HOLDER_IDLE}. */
    public static Duration holderIdle(Map<String, String> environment) {
        String v = environment.get(HOLDER_IDLE);
        if (v != null) {
            try {
                long seconds = Long.parseLong(v.trim());
                if (seconds >= 1 && seconds <= 86_400) {
                    return Duration.ofSeconds(seconds);
                }
            } catch (NumberFormatException e) {
                // the default below
            }
        }
        return DEFAULT_HOLDER_IDLE;
    }

    /**
     * Class-data archive training only: the stand-in server of the {@code scheme} backend ({@link
     * ServerLedgerBackend#trainingServer}), loaded as the backend is.
     */
    public ServerLedgerBackend.StandInServer trainingServer(String scheme, String user, String password)
            throws IOException {
        return backend(scheme)
                .trainingServer(user, password)
                .orElseThrow(() -> new IllegalStateException("the " + scheme + " backend has no training server"));
    }

    private synchronized ServerLedgerBackend backend(String scheme) {
        if (backend == null || !backend.scheme().equals(scheme)) {
            backend = ServerBackends.load(scheme, backendClasses.get(scheme), parent, distribution);
        }
        return backend;
    }
}
