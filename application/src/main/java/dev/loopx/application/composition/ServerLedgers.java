package dev.loopx.application.composition;

import dev.loopx.ledger.LedgerException;
import dev.loopx.ledger.remote.HeadHolder;
import dev.loopx.ledger.remote.HeldSession;
import dev.loopx.ledger.remote.LedgerLocation;
import dev.loopx.ledger.remote.ServerLedgerBackend;
import dev.loopx.ledger.remote.ServerLedgerSession;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Finds the backend of a server ledger. In the distribution its jars (the adapter and the
 * PostgreSQL driver) live in {@code lib/postgresql/}, outside the class path of every command on a
 * Chronicle project, which so never loads or even sees them. For a runtime root whose ledger is a
 * server URL the launcher puts that folder's jars on the class path (and starts its heartbeat reads
 * from a class-data archive that holds their classes, ADR 0006); when it did not (a runtime root it could
 * not tell, e.g. a project of {@code projects.json}), a child class loader made here loads them.
 * Without a distribution ({@code loopx.dist} unset: tests, the IDE) the backend is looked up on the
 * class path itself. The backend class is named here, not found by {@link java.util.ServiceLoader}:
 * a service lookup opens every jar on the class path (tens of milliseconds on a heartbeat).
 */
final class ServerLedgers {
    /** The backend class of each server scheme (its module's META-INF/services names it too). */
    private static final Map<String, String> BACKENDS =
            Map.of(LedgerLocation.POSTGRESQL, "dev.loopx.ledger.postgres.PostgresBackend");

    private static ServerLedgerBackend postgres;

    /** A session opened ahead of its first use ({@link #prefetch}), with what it was opened for. */
    private static ServerLedgerSession prefetched;

    private static LedgerLocation prefetchedLocation;
    private static Map<String, String> prefetchedEnvironment;

    /** Whether the command opened a session already: a prefetch after that would only compete with it. */
    private static boolean opened;

    /** Where a heartbeat read's head holder listens (ADR 0009), and whether it found none there. */
    private static HeadHolder.Address holderAddress;

    private static Path holderRoot;
    private static boolean holderMissing;
    private static HeldSession heldSession;

    /** {@code LOOPX_LEDGER_HOLDER=off}: no head holder is asked or started (ADR 0009). */
    static final String HOLDER_SWITCH = "LOOPX_LEDGER_HOLDER";

    /** {@code LOOPX_LEDGER_HOLDER_IDLE_SECONDS}: how long a head holder waits for a question (default 900). */
    static final String HOLDER_IDLE = "LOOPX_LEDGER_HOLDER_IDLE_SECONDS";

    static final Duration DEFAULT_HOLDER_IDLE = Duration.ofMinutes(15);

    private ServerLedgers() {}

    static ServerLedgerSession open(LedgerLocation location, Map<String, String> environment) {
        return open(null, location, environment);
    }

    /**
     * The session of {@code runtimeRoot}'s server ledger (null: a session not tied to a runtime root,
     * e.g. a migration's target): the one {@link #prefetch} opened for the same location and
     * environment, else, in a heartbeat-read process ({@link #heartbeatReads}), one that asks the
     * ledger's head holder when one listens, else a new one (which starts logging in at once).
     */
    static ServerLedgerSession open(Path runtimeRoot, LedgerLocation location, Map<String, String> environment) {
        ServerLedgerSession unused;
        synchronized (ServerLedgers.class) {
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
    static void heartbeatReads(boolean on) {
        heartbeatReads = on;
    }

    private static volatile boolean heartbeatReads;

    static synchronized boolean headFromHolder() {
        return heldSession != null && heldSession.holderAnswered();
    }

    /** A session for {@code runtimeRoot}: held when a holder listens for this heartbeat read, else its own. */
    private static ServerLedgerSession session(Path runtimeRoot, LedgerLocation location, Map<String, String> env) {
        Optional<HeadHolder.Address> address =
                heartbeatReads && holdersOn(env) ? HeadHolder.Address.of(runtimeRoot, location, env) : Optional.empty();
        // the backend (the driver's jars) is loaded only when this process logs in itself
        Optional<HeldSession> held = address.flatMap(
                a -> HeldSession.connect(a, () -> backend(location.scheme()).open(location, env)));
        synchronized (ServerLedgers.class) {
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
     * Opens the session of a server runtime root before the command gets to it (a session starts
     * connecting at once, on its own thread): the launcher names such a root at start, so the
     * login overlaps the argument parsing and the projection store instead of following them. The
     * command's own {@link #open} for the same location and environment takes this session; a
     * different one gets its own. Any failure is left to the command, which meets it again where it
     * opens the ledger and reports it as always.
     */
    static synchronized void prefetch(Path runtimeRoot, Map<String, String> environment) {
        // Synchronized throughout: a command that gets to open() meanwhile waits for this session
        // (its login already started) instead of starting a second one.
        if (opened || prefetched != null) {
            return;
        }
        try {
            Optional<LedgerLocation> location = LedgerLocations.stored(runtimeRoot);
            if (location.isEmpty()) {
                return;
            }
            Map<String, String> env = Map.copyOf(environment);
            prefetched = session(runtimeRoot, location.get(), env);
            prefetchedLocation = location.get();
            prefetchedEnvironment = env;
        } catch (RuntimeException | LinkageError e) {
            // the command opens the ledger itself and reports what went wrong
        }
    }

    /** Whether head holders may be asked and started ({@value #HOLDER_SWITCH}). */
    static boolean holdersOn(Map<String, String> environment) {
        String v = environment.get(HOLDER_SWITCH);
        return v == null || !v.trim().equalsIgnoreCase("off");
    }

    /**
     * At the end of a heartbeat read that succeeded without a head holder to ask (none listened, or it
     * did not answer): starts one in the background (the distribution's launcher, {@code debug
     * hold-ledger}), unless one is starting already. Its output goes nowhere and it holds none of this
     * process's streams, so the host reading this command's output never waits for it.
     */
    static void startHolder(boolean succeeded) {
        HeadHolder.Address address;
        Path root;
        boolean wanted;
        synchronized (ServerLedgers.class) {
            address = holderAddress;
            root = holderRoot;
            wanted = holderMissing || (heldSession != null && heldSession.holderFailed());
            holderAddress = null;
        }
        String dist = System.getProperty("loopx.dist");
        if (!succeeded || !wanted || address == null || root == null || dist == null || dist.isBlank()) {
            return;
        }
        if (HeadHolder.running(address)) {
            return; // starting, or still answering others
        }
        Path launcher = Path.of(dist, "bin", "loopx");
        if (!Files.isExecutable(launcher)) {
            return;
        }
        try {
            // Through a shell that puts it in the background and ends at once: the holder is then no
            // child of this process, whose exit would otherwise wait (≈ 300 ms) for the JDK's thread
            // that waits for a child, and it is reparented instead of left a zombie when it ends.
            Process starter = new ProcessBuilder(
                            "/bin/sh",
                            "-c",
                            "\"$0\" \"$@\" </dev/null >/dev/null 2>&1 &",
                            launcher.toString(),
                            "--runtime-root",
                            root.toString(),
                            "debug",
                            "hold-ledger")
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            if (!starter.waitFor(2, TimeUnit.SECONDS)) {
                starter.destroyForcibly();
            }
        } catch (IOException | RuntimeException e) {
            // no holder: the next heartbeat logs in itself again, as without one
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Serves the head of {@code runtimeRoot}'s server ledger as its head holder until it idles out,
     * the runtime root names another ledger, or the session is lost ({@link HeadHolder#serve}).
     */
    static HeadHolder.Ended hold(Path runtimeRoot, Map<String, String> environment) {
        Optional<LedgerLocation> location = LedgerLocations.stored(runtimeRoot);
        if (location.isEmpty()) {
            return HeadHolder.Ended.NO_SESSION; // an embedded journal: nothing to hold
        }
        Map<String, String> env = Map.copyOf(environment);
        Optional<HeadHolder.Address> address = HeadHolder.Address.of(runtimeRoot, location.get(), env);
        if (address.isEmpty() || !holdersOn(env)) {
            return HeadHolder.Ended.NO_SOCKET;
        }
        ServerLedgerSession session = open(location.get(), env);
        try {
            return HeadHolder.serve(
                    address.get(),
                    session,
                    () -> LedgerLocations.stored(runtimeRoot).equals(location),
                    holderIdle(env));
        } finally {
            session.ledger().close();
        }
    }

    /**
     * What {@code doctor} says of {@code runtimeRoot}'s head holder: off, running (its process id),
     * or not running; empty for a root on the embedded journal.
     */
    static Optional<String> holderState(Path runtimeRoot, Map<String, String> environment) {
        Optional<LedgerLocation> location = LedgerLocations.stored(runtimeRoot);
        if (location.isEmpty()) {
            return Optional.empty();
        }
        if (!holdersOn(environment)) {
            return Optional.of("off (" + HOLDER_SWITCH + "=off): every heartbeat read logs in itself");
        }
        Optional<HeadHolder.Address> address =
                HeadHolder.Address.of(runtimeRoot, location.get(), Map.copyOf(environment));
        if (address.isEmpty()) {
            return Optional.of(
                    "none: the runtime root's path is too long for a UNIX socket; every heartbeat read logs in itself");
        }
        if (!HeadHolder.running(address.get())) {
            return Optional.of("not running: the next heartbeat read logs in itself and starts one");
        }
        OptionalLong pid = HeadHolder.pid(address.get());
        return Optional.of("running" + (pid.isPresent() ? " (process " + pid.getAsLong() + ")" : "")
                + ": heartbeat reads take the ledger's head from it");
    }

    static Duration holderIdle(Map<String, String> environment) {
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
     * Ends a prefetched session the command never took (a command that did not read the ledger),
     * waiting for its login, so the server sees an orderly goodbye rather than a dropped connection.
     */
    static void closeUnused() {
        ServerLedgerSession unused;
        synchronized (ServerLedgers.class) {
            opened = true; // a prefetch still to come has nothing left to win
            unused = prefetched;
            prefetched = null;
        }
        if (unused != null) {
            unused.ledger().close();
        }
    }

    /** Tests only: forgets a prefetched session and that a command opened one (one JVM runs many tests). */
    static synchronized void forgetPrefetch() {
        prefetched = null;
        prefetchedLocation = null;
        prefetchedEnvironment = null;
        opened = false;
        holderAddress = null;
        holderRoot = null;
        holderMissing = false;
        heldSession = null;
        heartbeatReads = false;
    }

    private static synchronized ServerLedgerBackend backend(String scheme) {
        if (postgres == null || !postgres.scheme().equals(scheme)) {
            postgres = load(scheme);
        }
        return postgres;
    }

    private static ServerLedgerBackend load(String scheme) {
        String name = BACKENDS.get(scheme);
        if (name != null) {
            try {
                Class<?> type = Class.forName(name, true, loader());
                ServerLedgerBackend backend =
                        (ServerLedgerBackend) type.getDeclaredConstructor().newInstance();
                if (backend.scheme().equals(scheme)) {
                    return backend;
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // missing below
            } catch (ReflectiveOperationException | ClassCastException e) {
                throw new IllegalStateException("the " + scheme + " ledger backend cannot be created", e);
            }
        }
        throw new LedgerException(
                "ledger_backend_missing",
                "this LoopX installation has no " + scheme + " ledger support (the distribution's lib/postgresql"
                        + " folder is missing); reinstall LoopX from its distribution archive");
    }

    private static ClassLoader loader() {
        ClassLoader parent = Composition.class.getClassLoader();
        String dist = System.getProperty("loopx.dist");
        if (dist == null || dist.isBlank()) {
            return parent;
        }
        Path lib = Path.of(dist, "lib", "postgresql");
        if (onClassPath(lib) || !Files.isDirectory(lib)) {
            return parent;
        }
        try (Stream<Path> jars = Files.list(lib)) {
            List<Path> sorted = jars.filter(p -> p.getFileName().toString().endsWith(".jar"))
                    .sorted()
                    .toList();
            URL[] urls = new URL[sorted.size()];
            for (int i = 0; i < urls.length; i++) {
                urls[i] = sorted.get(i).toUri().toURL();
            }
            return new URLClassLoader("loopx-postgresql", urls, parent);
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new LedgerException("ledger_backend_missing", "the distribution's lib/postgresql cannot be read", e);
        }
    }

    /** Whether the launcher put the folder's jars on the class path (bin/loopx, for a server runtime root). */
    static boolean onClassPath(Path lib) {
        String prefix = lib.toString() + File.separator;
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (entry.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
